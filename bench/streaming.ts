// Streamed answers, per channel: the time from the model's first token to the first text the chat
// service receives (what its clients show next), and the number of Web API calls one streamed answer
// of 2,000 characters costs. The model is played by a TurnHandler that writes the answer through the
// turn observer at a typical speed (4 characters every 12 ms, about 330 characters a second); each
// channel runs its real adapter against a local stand-in of its service that timestamps every call.
// A channel is one entry of STREAMING_CHANNELS; the report has the same lines for each.
import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { attachSlackChannel } from '../src/channels/slack/index.js';
import { STREAM_UPDATE_INTERVAL_MS as SLACK_STREAM_UPDATE_INTERVAL_MS } from '../src/channels/slack/streaming/stream-limits.js';
import { attachTeamsChannel } from '../src/channels/teams/index.js';
import { STREAM_UPDATE_INTERVAL_MS as TEAMS_STREAM_UPDATE_INTERVAL_MS } from '../src/channels/teams/streaming/stream-limits.js';
import type { HandleResult, TurnHandler, TurnObserver, TurnRequest } from '../src/conversations/types.js';
import { createHttpServer } from '../src/server/http-server.js';
import { formatMs, median } from './bench-support.js';

const ANSWER_CHARACTERS = 2_000;
const CHARACTERS_PER_DELTA = 4;
const DELTA_INTERVAL_MS = 12;
const RUNS = 5;
const TARGET_FIRST_TEXT_MS = 700;

export interface StreamedAnswerMeasurement {
  /** From the model's first delta to the service receiving the first text. */
  firstVisibleTextMs: number;
  /** Every Web API call the turn made (posting, streaming, status), counted at the stand-in. */
  apiCalls: number;
  /** The streaming calls among them. */
  streamCalls: number;
}

export interface StreamingChannelBench {
  name: string;
  /** The throttle the channel streams at, for the report. */
  throttle: string;
  /** Runs one turn whose model writes `answer`, from the platform's event to the end of the reply. */
  measure(answer: string): Promise<StreamedAnswerMeasurement>;
  close(): Promise<void>;
}

/** The answer as a model writes it: small deltas at a steady pace; resolves when the last one is out. */
async function writeLikeAModel(observer: TurnObserver, answer: string, firstDeltaAt: { ms: number }): Promise<void> {
  for (let offset = 0; offset < answer.length; offset += CHARACTERS_PER_DELTA) {
    if (offset === 0) firstDeltaAt.ms = performance.now();
    observer.onTextDelta?.(answer.slice(offset, offset + CHARACTERS_PER_DELTA));
    await new Promise((resolve) => setTimeout(resolve, DELTA_INTERVAL_MS));
  }
}

function benchAnswer(): string {
  const sentence = 'North sold **300** units in March, ahead of South by a wide margin. ';
  return `${sentence.repeat(Math.ceil(ANSWER_CHARACTERS / sentence.length)).slice(0, ANSWER_CHARACTERS - 1).trimEnd()}.`.padEnd(ANSWER_CHARACTERS, '.');
}

/** Slack Web API stand-in: answers every method with ok and timestamps each call. */
async function startSlackStandIn(): Promise<{ url: string; server: Server; calls: Array<{ method: string; atMs: number; body: string }> }> {
  const calls: Array<{ method: string; atMs: number; body: string }> = [];
  let ts = 0;
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const method = (request.url ?? '').replace(/^\/api\//, '');
      calls.push({ method, atMs: performance.now(), body: Buffer.concat(chunks).toString('utf8') });
      const body = method === 'auth.test' ? { ok: true, user_id: 'UBOT', bot_id: 'BBOT', team_id: 'T1' } : { ok: true, ts: `1.${++ts}`, channel: 'C1', user: { id: 'U1', name: 'bench', profile: {} } };
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return { url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/api/`, server, calls };
}

/** A TurnHandler playing the model: it writes `answer` through the observer and records when the first delta went out. */
interface WritingHandler {
  handler: TurnHandler;
  firstDeltaAt: { ms: number };
  /** What the next turn writes. */
  answer: string;
}

function createWritingHandler(): WritingHandler {
  const writer: WritingHandler = {
    firstDeltaAt: { ms: 0 },
    answer: '',
    handler: {
      async handle(request: TurnRequest, observer: TurnObserver = {}): Promise<HandleResult> {
        observer.onStart?.();
        await writeLikeAModel(observer, writer.answer, writer.firstDeltaAt);
        return { kind: 'completed', outcome: { threadId: request.threadId, status: 'answered', text: writer.answer, charts: [], stories: [], queries: [], tables: [], followUps: [] } };
      },
      cancel: () => false,
      isKnownThread: async () => false,
      markEventProcessed: async () => true,
    },
  };
  return writer;
}

async function slackChannelBench(): Promise<StreamingChannelBench> {
  const signingSecret = 'bench-signing-secret';
  const standIn = await startSlackStandIn();
  const writer = createWritingHandler();
  const { handler, firstDeltaAt } = writer;
  const http = createHttpServer();
  const silent = () => undefined;
  const channel = await attachSlackChannel({ app: http.app, handler, botToken: 'xoxb-bench', signingSecret, slackApiUrl: standIn.url, logger: { info: silent, warn: silent, error: silent } });
  const port = await http.listen(0, '127.0.0.1');
  let turn = 0;
  return {
    name: 'Slack',
    throttle: `first text at once, then one appendStream per ${SLACK_STREAM_UPDATE_INTERVAL_MS} ms`,
    async measure(text) {
      writer.answer = text;
      turn += 1;
      const callsBefore = standIn.calls.length;
      const body = JSON.stringify({
        type: 'event_callback',
        team_id: 'T1',
        api_app_id: 'A1',
        event_id: `EvStream${turn}`,
        event_time: Math.floor(Date.now() / 1000),
        authorizations: [{ team_id: 'T1' }],
        event: { type: 'app_mention', user: 'U1', text: '<@UBOT> sales?', channel: 'C1', ts: `1700000000.${turn}`, event_ts: `1700000000.${turn}` },
      });
      const timestamp = Math.floor(Date.now() / 1000);
      const signature = `v0=${createHmac('sha256', signingSecret).update(`v0:${timestamp}:${body}`).digest('hex')}`;
      await fetch(`http://127.0.0.1:${port}/slack/events`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-slack-request-timestamp': String(timestamp), 'x-slack-signature': signature }, body });
      // The turn is over once the working message is deleted.
      await new Promise<void>((resolve) => {
        const poll = () => (standIn.calls.slice(callsBefore).some((call) => call.method === 'chat.delete') ? resolve() : setTimeout(poll, 10));
        poll();
      });
      const calls = standIn.calls.slice(callsBefore);
      const firstText = calls.find((call) => call.method.endsWith('Stream') && call.body.includes('markdown_text'));
      return {
        firstVisibleTextMs: firstText ? firstText.atMs - firstDeltaAt.ms : Number.NaN,
        apiCalls: calls.length,
        streamCalls: calls.filter((call) => call.method.startsWith('chat.') && call.method.endsWith('Stream')).length,
      };
    },
    async close() {
      await channel.stop();
      await http.close();
      await new Promise<void>((resolve) => standIn.server.close(() => resolve()));
    },
  };
}

/** Bot Framework connector stand-in: answers every activity with an id (a stream's activities keep the stream's id) and timestamps each. */
async function startConnectorStandIn(): Promise<{ url: string; server: Server; calls: Array<{ atMs: number; activity: Record<string, unknown> }> }> {
  const calls: Array<{ atMs: number; activity: Record<string, unknown> }> = [];
  let id = 0;
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const activity = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as Record<string, unknown>;
      calls.push({ atMs: performance.now(), activity });
      const streamId = teamsStreamInfo(activity)?.streamId;
      response.writeHead(201, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ id: typeof streamId === 'string' ? streamId : `activity-${++id}` }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return { url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/`, server, calls };
}

function teamsStreamInfo(activity: Record<string, unknown>): Record<string, unknown> | undefined {
  return (activity.entities as Array<Record<string, unknown>> | undefined)?.find((entity) => entity.type === 'streaminfo');
}

async function teamsPersonalChatBench(): Promise<StreamingChannelBench> {
  const standIn = await startConnectorStandIn();
  const writer = createWritingHandler();
  const { handler, firstDeltaAt } = writer;
  const http = createHttpServer();
  const silent = () => undefined;
  // Local mode (no credentials): the Agents SDK accepts unsigned activities, as in the Teams tests.
  const channel = await attachTeamsChannel({ app: http.app, handler, auth: {}, logger: { info: silent, warn: silent, error: silent } });
  const port = await http.listen(0, '127.0.0.1');
  let turn = 0;
  return {
    name: 'Teams personal chat',
    throttle: `first update at once, then one per ${TEAMS_STREAM_UPDATE_INTERVAL_MS} ms`,
    async measure(text) {
      writer.answer = text;
      turn += 1;
      const callsBefore = standIn.calls.length;
      const activity = {
        type: 'message',
        id: `bench-${turn}`,
        timestamp: new Date().toISOString(),
        channelId: 'msteams',
        serviceUrl: standIn.url,
        from: { id: '29:bench-user', name: 'Bench', aadObjectId: '00000000-0000-0000-0000-0000000000b1' },
        recipient: { id: '28:bench-bot', name: 'datathread' },
        conversation: { conversationType: 'personal', tenantId: 'bench-tenant', id: 'a:bench-personal-chat' },
        channelData: { tenant: { id: 'bench-tenant' } },
        text: 'sales?',
      };
      await fetch(`http://127.0.0.1:${port}/api/messages`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(activity) });
      await channel.idle();
      const calls = standIn.calls.slice(callsBefore);
      const firstText = calls.find((call) => teamsStreamInfo(call.activity)?.streamType === 'streaming');
      return {
        firstVisibleTextMs: firstText ? firstText.atMs - firstDeltaAt.ms : Number.NaN,
        apiCalls: calls.length,
        streamCalls: calls.filter((call) => teamsStreamInfo(call.activity) !== undefined).length,
      };
    },
    async close() {
      await channel.stop();
      await http.close();
      await new Promise<void>((resolve) => standIn.server.close(() => resolve()));
    },
  };
}

/** One entry per channel that streams; each reports the same figures. */
const STREAMING_CHANNELS: Array<() => Promise<StreamingChannelBench>> = [slackChannelBench, teamsPersonalChatBench];

export async function runStreamingBenchmark(): Promise<string> {
  const answer = benchAnswer();
  const lines: string[] = [];
  for (const start of STREAMING_CHANNELS) {
    const bench = await start();
    try {
      const results: StreamedAnswerMeasurement[] = [];
      for (let run = 0; run < RUNS; run += 1) results.push(await bench.measure(answer));
      const firstText = results.map((result) => result.firstVisibleTextMs);
      const worst = Math.max(...firstText);
      lines.push(
        `${bench.name} streaming (${bench.throttle}), ${RUNS} answers of ${answer.length} characters written at ~${Math.round((CHARACTERS_PER_DELTA * 1000) / DELTA_INTERVAL_MS)} characters/s:`,
        `  first token → first text at the service: median ${formatMs(median(firstText))}, min ${formatMs(Math.min(...firstText))}, max ${formatMs(worst)} (target < ${TARGET_FIRST_TEXT_MS} ms: ${worst < TARGET_FIRST_TEXT_MS ? 'met' : 'MISSED'})`,
        `  Web API calls per answer: streaming ${results.map((result) => result.streamCalls).join(', ')}; all calls of the turn ${results.map((result) => result.apiCalls).join(', ')}`,
      );
    } finally {
      await bench.close();
    }
  }
  return lines.join('\n');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  console.log(await runStreamingBenchmark());
}
