// Two real bot processes (node dist/src/main.js) on one PostgreSQL state store, the local Slack Web
// API server and a scripted model: what one replica receives acts on what the other runs.
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { NOTHING_TO_STOP_SENTENCE, TURN_SENTENCES } from '../../src/conversations/standard-sentences.js';
import { INITIAL_STATUS } from '../../src/channels/slack/outbox/working-indicator.js';
import { ACTION_IDS } from '../../src/channels/slack/actions/action-ids.js';
import { buttonClickPayload, messageEnvelope, sendSlackAction } from '../channels/slack/support/slack-requests.js';
import { startSlackBotFixture, waitUntil, type SlackBotFixture } from '../support/slack-bot-fixture.js';
import { createScratchDatabase, type ScratchDatabase } from '../support/postgres-database.js';

const CHANNEL = 'C1';

let bots: SlackBotFixture;
let postgres: ScratchDatabase;

const sleep = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds));

beforeAll(async () => {
  bots = await startSlackBotFixture({ prefix: 'replica-coordination', duckdb: ['CREATE TABLE numbers (n INTEGER)', 'INSERT INTO numbers VALUES (1)'], users: [{ id: 'U1', name: 'ana' }] });
  postgres = await createScratchDatabase('replica_coordination');
}, 180_000);

afterEach(async () => {
  await bots.killBots();
});

afterAll(async () => {
  await bots?.close();
  await postgres?.drop();
});

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
    const replicas = await Promise.all([bots.startBot({ DATATHREAD_STATE: postgres.url }), bots.startBot({ DATATHREAD_STATE: postgres.url })]);
    const threadTs = '1800003000.000001';
    const requestsBefore = bots.workspace.fakeModel.requests.length;
    bots.workspace.fakeModel.enqueue({ text: 'An answer that must never be posted.', delayMs: 60_000 });
    const envelope = messageEnvelope({ user: 'U1', text: '<@UBOT> a long question', channel: CHANNEL, ts: threadTs });
    expect(await Promise.all(replicas.map((replica) => bots.deliver(replica, envelope)))).toEqual([200, 200]);
    await waitUntil(() => bots.workspace.fakeModel.requests.length === requestsBefore + 1, 20_000, 'the model call');
    const working = await waitUntil(() => bots.slack.threadMessages(CHANNEL, threadTs).find((message) => message.text.startsWith(INITIAL_STATUS)), 10_000, 'the working message with its Stop button');
    const owner = await leaseOwnerOf(`slack:T1:${CHANNEL}:${threadTs}`);
    const idle = replicas.find((replica) => !owner?.startsWith(`${replica.workerId}/`));
    expect(idle).toBeDefined();
    expect(replicas.filter((replica) => owner?.startsWith(`${replica.workerId}/`))).toHaveLength(1);

    const response = await sendSlackAction(`${idle!.url}/slack/events`, bots.signingSecret, buttonClickPayload(working, ACTION_IDS.stop, 'U1'));
    expect(response.status).toBe(200);
    await waitUntil(() => bots.slack.threadMessages(CHANNEL, threadTs).some((message) => message.text.includes(TURN_SENTENCES.stopped)), 15_000, 'the stopped sentence');
    await sleep(1_500);
    const texts = bots.slack.threadMessages(CHANNEL, threadTs).map((message) => message.text);
    expect(texts.filter((text) => text.includes('must never be posted'))).toEqual([]);
    expect(texts.filter((text) => text.startsWith(INITIAL_STATUS))).toEqual([]);
    expect(bots.slack.callsOf('chat.postEphemeral').filter((call) => String(call.args.text).includes(NOTHING_TO_STOP_SENTENCE))).toEqual([]);
  });
});
