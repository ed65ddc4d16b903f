// A state-store outage twice as long as the turn lease (8 s against 4 s; production's is 20 s),
// arriving while the model is still writing: two real bot processes (node dist/src/main.js) on one
// PostgreSQL state store behind a TCP relay the test cuts, the local Slack Web API server (which
// streams) and a scripted model the test releases only once the run's heartbeat has failed. The run
// that had the job must not start a stream it can no longer own: it confirms its lease first, waits
// for the store as long as the lease lasts, then gives up; the replica that takes the job over after
// the outage streams the one answer the thread shows, and no stream is left open.
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { INITIAL_STATUS } from '../../src/channels/slack/outbox/working-indicator.js';
import { startFakeSlackApi, type FakeSlackApi } from '../fakes/slack-api-server.js';
import type { RecordedChatRequest, StepProducer } from '../fakes/openai-server.js';
import { messageEnvelope, sendSlackEvent } from '../channels/slack/support/slack-requests.js';
import { buildDist, startBotProcess, type BotProcess } from '../support/bot-process.js';
import { createE2eWorkspace, type E2eWorkspace } from '../support/e2e-workspace.js';
import { createScratchDatabase, type ScratchDatabase } from '../support/postgres-database.js';
import { startTcpProxy, type TcpProxy } from '../support/tcp-proxy.js';

const SIGNING_SECRET = 'outage-mid-stream-signing-secret';
const BOT_TOKEN = 'xoxb-outage-mid-stream';
const CHANNEL = 'C1';
const LEASE_SECONDS = 4;
const OUTAGE_MS = LEASE_SECONDS * 1_000 * 2;
const LOST_RUN_TEXT = 'Answer from the run that lost its lease.';

let workspace: E2eWorkspace;
let slack: FakeSlackApi;
let postgres: ScratchDatabase;
let proxy: TcpProxy;
const processes: BotProcess[] = [];

function lastUserText(request: RecordedChatRequest): string {
  const user = [...request.messages].reverse().find((message) => message.role === 'user');
  return typeof user?.content === 'string' ? user.content : JSON.stringify(user?.content ?? '');
}

const answerStep: StepProducer = (request) => ({ text: `Answer: ${lastUserText(request)}.` });
const sleep = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds));

async function waitUntil<T>(probe: () => T | undefined | false | Promise<T | undefined | false>, timeoutMs: number, what: string): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}.`);
    await sleep(100);
  }
}

beforeAll(async () => {
  await buildDist();
  workspace = await createE2eWorkspace({ prefix: 'outage-mid-stream', duckdb: ['CREATE TABLE numbers (n INTEGER)', 'INSERT INTO numbers VALUES (1)'] });
  slack = await startFakeSlackApi({ botToken: BOT_TOKEN, streaming: {} });
  slack.addUser({ id: 'U1', name: 'ana' });
  postgres = await createScratchDatabase('exactly_once_outage_stream');
  const target = new URL(postgres.url);
  proxy = await startTcpProxy(target.hostname, Number(target.port || 5432));
}, 180_000);

afterEach(async () => {
  await proxy.restore();
  await Promise.all(processes.splice(0).map((bot) => bot.kill('SIGKILL')));
});

afterAll(async () => {
  await proxy?.close();
  await slack?.close();
  await workspace?.close();
  await postgres?.drop();
});

async function startReplica(): Promise<BotProcess> {
  const bot = await startBotProcess({
    ...workspace.variables,
    DATATHREAD_STATE: proxy.urlFor(postgres.url),
    DATATHREAD_TURN_LEASE_SECONDS: String(LEASE_SECONDS),
    DATATHREAD_TURN_HEARTBEAT_SECONDS: '1',
    SLACK_BOT_TOKEN: BOT_TOKEN,
    SLACK_SIGNING_SECRET: SIGNING_SECRET,
    SLACK_API_URL: slack.apiUrl,
    LOG_LEVEL: 'info',
  });
  processes.push(bot);
  return bot;
}

async function jobStates(threadId: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: postgres.url });
  await client.connect();
  try {
    return (await client.query<{ state: string }>('SELECT state FROM turn_jobs WHERE thread_id = $1', [threadId])).rows.map((row) => row.state);
  } finally {
    await client.end();
  }
}

describe('a state-store outage longer than the lease while the answer is being written, two replicas', () => {
  it('shows one answer: the run that lost its lease starts no stream, the run that took over streams the answer, no stream is left open', { timeout: 240_000 }, async () => {
    const replicas = await Promise.all([startReplica(), startReplica()]);
    const threadTs = '1800004000.000001';
    const question = 'mid-stream outage question';
    const requestsBefore = workspace.fakeModel.requests.length;
    let releaseModel = () => undefined as unknown;
    const modelHeld = new Promise<void>((resolve) => {
      releaseModel = resolve;
    });
    workspace.fakeModel.enqueue({ text: LOST_RUN_TEXT, heldUntil: modelHeld }, answerStep);
    const envelope = messageEnvelope({ user: 'U1', text: `<@UBOT> ${question}`, channel: CHANNEL, ts: threadTs });
    expect(await Promise.all(replicas.map((replica) => sendSlackEvent(`${replica.url}/slack/events`, SIGNING_SECRET, envelope).then((response) => response.status)))).toEqual([200, 200]);
    await waitUntil(() => workspace.fakeModel.requests.length === requestsBefore + 1, 20_000, 'the model call of the first run');
    await waitUntil(() => slack.threadMessages(CHANNEL, threadTs).some((message) => message.text.startsWith(INITIAL_STATUS)), 10_000, 'the working message');

    const cutAt = Date.now();
    await proxy.cut();
    // The model answers only once the run holding the job has seen the store fail.
    const heartbeatFailed = (bot: BotProcess) => bot.logLines.some((line) => line.includes('a turn job lease could not be renewed'));
    await waitUntil(() => replicas.some(heartbeatFailed), 20_000, 'a failed heartbeat of the run holding the job');
    releaseModel();
    await sleep(Math.max(0, OUTAGE_MS - (Date.now() - cutAt)));
    await proxy.restore();

    const threadId = `slack:T1:${CHANNEL}:${threadTs}`;
    await waitUntil(async () => (await jobStates(threadId)).every((state) => state === 'done'), 90_000, 'the job to be done');
    const messages = slack.threadMessages(CHANNEL, threadTs);
    const logs = replicas.flatMap((bot) => bot.logLines).join('\n');
    expect(messages.filter((message) => message.text.includes(LOST_RUN_TEXT)), logs).toEqual([]);
    expect(messages.filter((message) => message.text.includes(`Answer: ${question}.`))).toHaveLength(1);
    expect(messages.filter((message) => message.streaming === true)).toEqual([]);
    expect(workspace.fakeModel.requests.length).toBe(requestsBefore + 2);
  });
});
