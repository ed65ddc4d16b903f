// Two real bot processes (node dist/src/main.js) on one PostgreSQL state store, the local Slack Web
// API server and a scripted model: what one replica receives acts on what the other runs.
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { NOTHING_TO_STOP_SENTENCE, TURN_SENTENCES } from '../../src/conversations/standard-sentences.js';
import { INITIAL_STATUS } from '../../src/channels/slack/outbox/working-indicator.js';
import { ACTION_IDS } from '../../src/channels/slack/actions/action-ids.js';
import { startFakeSlackApi, type FakeSlackApi } from '../fakes/slack-api-server.js';
import { buttonClickPayload, messageEnvelope, sendSlackAction, sendSlackEvent } from '../channels/slack/support/slack-requests.js';
import { buildDist, startBotProcess, type BotProcess } from '../support/bot-process.js';
import { createE2eWorkspace, type E2eWorkspace } from '../support/e2e-workspace.js';
import { createScratchDatabase, type ScratchDatabase } from '../support/postgres-database.js';

const SIGNING_SECRET = 'replica-coordination-signing-secret';
const CHANNEL = 'C1';

let workspace: E2eWorkspace;
let slack: FakeSlackApi;
let postgres: ScratchDatabase;
const processes: BotProcess[] = [];

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
  workspace = await createE2eWorkspace({ prefix: 'replica-coordination', duckdb: ['CREATE TABLE numbers (n INTEGER)', 'INSERT INTO numbers VALUES (1)'] });
  slack = await startFakeSlackApi();
  slack.addUser({ id: 'U1', name: 'ana' });
  postgres = await createScratchDatabase('replica_coordination');
}, 180_000);

afterEach(async () => {
  await Promise.all(processes.splice(0).map((bot) => bot.kill('SIGKILL')));
});

afterAll(async () => {
  await slack?.close();
  await workspace?.close();
  await postgres?.drop();
});

async function startReplica(): Promise<BotProcess> {
  const bot = await startBotProcess({
    ...workspace.variables,
    DATATHREAD_STATE: postgres.url,
    SLACK_BOT_TOKEN: 'xoxb-replica-coordination-test',
    SLACK_SIGNING_SECRET: SIGNING_SECRET,
    SLACK_API_URL: slack.apiUrl,
    LOG_LEVEL: 'info',
  });
  processes.push(bot);
  return bot;
}

async function leaseOwnerOf(threadId: string): Promise<string | null | undefined> {
  const client = new pg.Client({ connectionString: postgres.url });
  await client.connect();
  try {
    const result = await client.query<{ lease_owner: string | null }>("SELECT lease_owner FROM turn_jobs WHERE thread_id = $1 AND state = 'running'", [threadId]);
    return result.rows[0]?.lease_owner;
  } finally {
    await client.end();
  }
}

describe('Stop across replicas', () => {
  it('a Stop clicked on the replica that is not running the turn stops it: the thread says stopped, no answer, and the clicker is not told that nothing runs', async () => {
    const replicas = await Promise.all([startReplica(), startReplica()]);
    const threadTs = '1800003000.000001';
    const requestsBefore = workspace.fakeModel.requests.length;
    workspace.fakeModel.enqueue({ text: 'An answer that must never be posted.', delayMs: 60_000 });
    const envelope = messageEnvelope({ user: 'U1', text: '<@UBOT> a long question', channel: CHANNEL, ts: threadTs });
    expect(await Promise.all(replicas.map((replica) => sendSlackEvent(`${replica.url}/slack/events`, SIGNING_SECRET, envelope).then((response) => response.status)))).toEqual([200, 200]);
    await waitUntil(() => workspace.fakeModel.requests.length === requestsBefore + 1, 20_000, 'the model call');
    const working = await waitUntil(() => slack.threadMessages(CHANNEL, threadTs).find((message) => message.text.startsWith(INITIAL_STATUS)), 10_000, 'the working message with its Stop button');
    const owner = await leaseOwnerOf(`slack:T1:${CHANNEL}:${threadTs}`);
    const idle = replicas.find((replica) => !owner?.startsWith(`${replica.workerId}/`));
    expect(idle).toBeDefined();
    expect(replicas.filter((replica) => owner?.startsWith(`${replica.workerId}/`))).toHaveLength(1);

    const response = await sendSlackAction(`${idle!.url}/slack/events`, SIGNING_SECRET, buttonClickPayload(working, ACTION_IDS.stop, 'U1'));
    expect(response.status).toBe(200);
    await waitUntil(() => slack.threadMessages(CHANNEL, threadTs).some((message) => message.text.includes(TURN_SENTENCES.stopped)), 15_000, 'the stopped sentence');
    await sleep(1_500);
    const texts = slack.threadMessages(CHANNEL, threadTs).map((message) => message.text);
    expect(texts.filter((text) => text.includes('must never be posted'))).toEqual([]);
    expect(texts.filter((text) => text.startsWith(INITIAL_STATUS))).toEqual([]);
    expect(slack.callsOf('chat.postEphemeral').filter((call) => String(call.args.text).includes(NOTHING_TO_STOP_SENTENCE))).toEqual([]);
  });
});
