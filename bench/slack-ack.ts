// Times Slack's hard limit: from an event's arrival at /slack/events to the HTTP ack, over 1,000
// signed app_mention events sent at a steady rate (100 per second) through the real Bolt app and
// adapter. The turns themselves run after the ack against a trivial handler and a local stand-in
// for the Slack Web API, so their posting work competes with the acks as it would in production.
import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { attachSlackChannel } from '../src/channels/slack/index.js';
import type { HandleResult, TurnHandler, TurnRequest } from '../src/conversations/types.js';
import { createHttpServer } from '../src/server/http-server.js';
import { formatMs, median, percentile } from './bench-support.js';

const EVENT_COUNT = 1_000;
const EVENTS_PER_SECOND = 100;
const SIGNING_SECRET = 'bench-signing-secret';
const TARGET_P99_MS = 50;

/** Answers every Web API method with ok (auth.test with a bot identity). */
export async function startSlackApiStandIn(): Promise<{ url: string; server: Server }> {
  let ts = 0;
  const server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      const body = request.url?.endsWith('/auth.test')
        ? { ok: true, user_id: 'UBOT', bot_id: 'BBOT', team_id: 'T1' }
        : { ok: true, ts: `1.${++ts}`, user: { id: 'U1', name: 'bench', profile: { email: 'bench@example.com' } } };
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return { url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/api/`, server };
}

/** A handler that "thinks" for 20 ms, like a quick turn, so work overlaps the next acks. */
export function quickHandler(): TurnHandler {
  return {
    async handle(request: TurnRequest): Promise<HandleResult> {
      await new Promise((resolve) => setTimeout(resolve, 20));
      return { kind: 'completed', outcome: { threadId: request.threadId, status: 'answered', text: 'ok', charts: [], stories: [], queries: [], tables: [], followUps: [] } };
    },
    cancel: () => false,
    isKnownThread: async () => false,
    markEventProcessed: async () => true,
  };
}

export function signedEvent(index: number): { body: string; headers: Record<string, string> } {
  const body = JSON.stringify({
    type: 'event_callback',
    team_id: 'T1',
    api_app_id: 'A1',
    event_id: `EvBench${index}`,
    event_time: Math.floor(Date.now() / 1000),
    event: { type: 'app_mention', user: 'U1', text: '<@UBOT> how many orders?', channel: 'C1', ts: `1700000000.${index}`, event_ts: `1700000000.${index}` },
  });
  const timestamp = Math.floor(Date.now() / 1000);
  const signature = `v0=${createHmac('sha256', SIGNING_SECRET).update(`v0:${timestamp}:${body}`).digest('hex')}`;
  return { body, headers: { 'content-type': 'application/json', 'x-slack-request-timestamp': String(timestamp), 'x-slack-signature': signature } };
}

export async function runSlackAckBenchmark(): Promise<string> {
  const slackApi = await startSlackApiStandIn();
  const http = createHttpServer();
  const serverSideMs: number[] = [];
  // Mounted before Slack: arrival = the request reaches express, ack = the response is flushed.
  http.app.use('/slack/events', (_request, response, next) => {
    const arrived = performance.now();
    response.on('finish', () => serverSideMs.push(performance.now() - arrived));
    next();
  });
  const silent = () => undefined;
  const channel = await attachSlackChannel({
    app: http.app,
    handler: quickHandler(),
    botToken: 'xoxb-bench',
    signingSecret: SIGNING_SECRET,
    slackApiUrl: slackApi.url,
    logger: { info: silent, warn: silent, error: silent },
  });
  const port = await http.listen(0, '127.0.0.1');
  const url = `http://127.0.0.1:${port}/slack/events`;
  const roundTripMs: number[] = [];
  const statuses = new Map<number, number>();
  const pending: Promise<void>[] = [];
  const intervalMs = 1_000 / EVENTS_PER_SECOND;
  const started = performance.now();
  for (let index = 0; index < EVENT_COUNT; index += 1) {
    const due = started + index * intervalMs;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const { body, headers } = signedEvent(index);
    const sent = performance.now();
    pending.push(
      fetch(url, { method: 'POST', headers, body }).then(async (response) => {
        await response.arrayBuffer();
        roundTripMs.push(performance.now() - sent);
        statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
      }),
    );
  }
  await Promise.all(pending);
  await channel.stop();
  await http.close();
  await new Promise<void>((resolve) => slackApi.server.close(() => resolve()));

  const p99 = percentile(serverSideMs, 0.99);
  return [
    `slack-ack: ${EVENT_COUNT} signed app_mention events at ${EVENTS_PER_SECOND}/s, statuses ${[...statuses].map(([status, count]) => `${status}×${count}`).join(', ')}`,
    `slack-ack: arrival → HTTP ack (server side): median ${formatMs(median(serverSideMs))}, p99 ${formatMs(p99)}, max ${formatMs(Math.max(...serverSideMs))} (target p99 < ${TARGET_P99_MS} ms: ${p99 < TARGET_P99_MS ? 'met' : 'MISSED'})`,
    `slack-ack: client round trip: median ${formatMs(median(roundTripMs))}, p99 ${formatMs(percentile(roundTripMs, 0.99))}`,
  ].join('\n');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  console.log(await runSlackAckBenchmark());
}
