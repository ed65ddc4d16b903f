// A Teams personal-chat answer whose process died while it streamed: the turn job's post ledger
// keeps the stream's id, and the rerun (another process, attempt 2) ends that stream before it
// answers in a new one, so no stream is left open in the chat. The first process is played by a
// channel whose turn never finishes, as if it had been killed; the queue is a recording one that
// runs the job when the test says, as the durable queue does after a crash.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attachTeamsChannel, type TeamsChannel } from '../../../src/channels/teams/index.js';
import { INTERRUPTED_STREAM_TEXT } from '../../../src/channels/teams/streaming/stream-limits.js';
import type { PostLedger, TurnJobExecutor, TurnJobs } from '../../../src/conversations/turn-jobs.js';
import type { HandleResult, TurnHandler, TurnObserver, TurnRequest } from '../../../src/conversations/types.js';
import { createHttpServer, type HttpServer } from '../../../src/server/http-server.js';
import { startFakeBotConnector, streamInfoOf, type FakeBotConnector } from '../../fakes/bot-connector-server.js';
import { outcomeFor } from './recording-turn-handler.js';
import { personalMessage, postActivity } from './teams-activities.js';

let connector: FakeBotConnector;
const servers: HttpServer[] = [];
const channels: TeamsChannel[] = [];

beforeAll(async () => {
  connector = await startFakeBotConnector();
});

afterAll(async () => {
  for (const channel of channels) await channel.stop();
  for (const server of servers) await server.close();
  await connector.close();
});

/** A queue that keeps what was submitted and runs it only when asked. */
function recordingTurnJobs() {
  const submitted: Array<{ request: TurnRequest; reply: object }> = [];
  let executor: TurnJobExecutor<unknown> | undefined;
  const jobs: TurnJobs = {
    submit: async (request, reply) => {
      submitted.push({ request, reply });
      return true;
    },
    register: (_platform, registered) => {
      executor = registered;
    },
    requestStop: async () => false,
  };
  return { jobs, submitted, executor: () => executor! };
}

function memoryLedger(): PostLedger & { entries: Map<string, string> } {
  const entries = new Map<string, string>();
  return {
    entries,
    jobId: 'job-teams-interrupted-stream',
    get: (postKey) => entries.get(postKey),
    record: async (postKey, messageId) => Boolean(entries.set(postKey, messageId)),
  };
}

/** Writes the first words, then hangs until released: the process that runs it is as good as dead. */
function dyingHandler(release: Promise<void>): TurnHandler {
  return {
    async handle(request: TurnRequest, observer: TurnObserver = {}): Promise<HandleResult> {
      observer.onStart?.();
      observer.onTextDelta?.('The first half of an answer that ');
      await release;
      return { kind: 'completed', outcome: outcomeFor(request, { status: 'cancelled', text: '' }) };
    },
    cancel: () => false,
    isKnownThread: async () => false,
    markEventProcessed: async () => true,
  };
}

function answeringHandler(text: string): TurnHandler {
  return {
    async handle(request: TurnRequest, observer: TurnObserver = {}): Promise<HandleResult> {
      observer.onStart?.();
      observer.onTextDelta?.(text);
      return { kind: 'completed', outcome: outcomeFor(request, { text }) };
    },
    cancel: () => false,
    isKnownThread: async () => false,
    markEventProcessed: async () => true,
  };
}

async function startProcess(handler: TurnHandler, jobs: TurnJobs): Promise<string> {
  const server = createHttpServer();
  const silent = () => undefined;
  channels.push(await attachTeamsChannel({ app: server.app, handler, turns: jobs, auth: {}, logger: { info: silent, warn: silent, error: silent }, typingIntervalMs: 50, streamUpdateIntervalMs: 50 }));
  servers.push(server);
  return `http://127.0.0.1:${await server.listen(0, '127.0.0.1')}`;
}

describe('a Teams stream interrupted with its process', () => {
  it('is ended by the rerun of its job, which then streams the answer in a new message', async () => {
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    const first = recordingTurnJobs();
    const firstUrl = await startProcess(dyingHandler(released), first.jobs);
    expect((await postActivity(firstUrl, personalMessage(connector.url, 'interrupted-1', 'tell me'))).status).toBe(200);
    const { request, reply } = first.submitted[0]!;
    const ledger = memoryLedger();
    void first.executor().run({ jobId: 'job-interrupted-1', request, reply, attempt: 1, ledger, confirmLease: async () => undefined });
    await connector.waitFor(() => connector.streamingActivities().length >= 1);
    await expect.poll(() => ledger.entries.get('stream:1:0')).toBeDefined();
    const deadStreamId = ledger.entries.get('stream:1:0')!;
    expect(connector.openStreams()).toEqual([deadStreamId]);

    // Another process claims the job after the first one died.
    const second = recordingTurnJobs();
    await startProcess(answeringHandler('The whole answer, written again.'), second.jobs);
    await second.executor().run({ jobId: 'job-interrupted-1', request, reply, attempt: 2, ledger, confirmLease: async () => undefined });

    expect(connector.streamRefusals()).toEqual([]);
    expect(connector.openStreams()).toEqual([]);
    const finals = connector.streamingActivities().filter((call) => streamInfoOf(call.activity)?.streamType === 'final');
    expect(finals.map((call) => [call.assignedId === deadStreamId, call.activity.text])).toEqual([
      [true, INTERRUPTED_STREAM_TEXT],
      [false, 'The whole answer, written again.'],
    ]);
    expect(ledger.entries.get('stream:2:0')).toBe(finals[1]!.assignedId);

    release();
  });
});
