// A state-store outage longer than the turn lease, in the middle of a turn: two real bot processes
// (node dist/src/main.js) on one PostgreSQL state store reached through a TCP relay that the test
// cuts (connections dropped and refused, as when the server stops), the local Slack Web API server
// and a scripted model. Whatever the outage did to the run that had the job, exactly one answer may
// be visible in the thread: the run that lost its lease posts nothing, the run that took the job
// over answers.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { TURN_SENTENCES } from '../../src/conversations/standard-sentences.js';
import { INITIAL_STATUS } from '../../src/channels/slack/outbox/working-indicator.js';
import type { RecordedChatRequest, StepProducer } from '../fakes/openai-server.js';
import { messageEnvelope } from '../channels/slack/support/slack-requests.js';
import type { BotProcess } from '../support/bot-process.js';
import { startSlackBotFixture, waitUntil, type SlackBotFixture } from '../support/slack-bot-fixture.js';
import { createScratchDatabase, type ScratchDatabase } from '../support/postgres-database.js';
import { startTcpProxy, type TcpProxy } from '../support/tcp-proxy.js';

const CHANNEL = 'C1';
const LEASE_SECONDS = 4;

let bots: SlackBotFixture;
let postgres: ScratchDatabase;
let proxy: TcpProxy;

function lastUserText(request: RecordedChatRequest): string {
  const user = [...request.messages].reverse().find((message) => message.role === 'user');
  return typeof user?.content === 'string' ? user.content : JSON.stringify(user?.content ?? '');
}

const answerStep: StepProducer = (request) => ({ text: `Answer: ${lastUserText(request)}.` });
const sleep = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds));

beforeAll(async () => {
  bots = await startSlackBotFixture({ prefix: 'store-outage', duckdb: ['CREATE TABLE numbers (n INTEGER)', 'INSERT INTO numbers VALUES (1)'], users: [{ id: 'U1', name: 'ana' }] });
  postgres = await createScratchDatabase('store_outage');
  const target = new URL(postgres.url);
  proxy = await startTcpProxy(target.hostname, Number(target.port || 5432));
}, 180_000);

afterEach(async () => {
  await proxy.restore();
  await bots.killBots();
});

afterAll(async () => {
  await proxy?.close();
  await bots?.close();
  await postgres?.drop();
});

/** A replica on the state store behind the relay, with a lease the outage outlasts. */
function startReplica(): Promise<BotProcess> {
  return bots.startBot({ DATATHREAD_STATE: proxy.urlFor(postgres.url), DATATHREAD_TURN_LEASE_SECONDS: String(LEASE_SECONDS), DATATHREAD_TURN_HEARTBEAT_SECONDS: '1' });
}

describe('a state-store outage longer than the lease during a turn, two replicas', () => {
  it('leaves exactly one visible answer: no store-outage sentence beside it, no working message left', async () => {
    const replicas = await Promise.all([startReplica(), startReplica()]);
    const threadTs = '1800002000.000001';
    const question = 'outage question';
    const requestsBefore = bots.workspace.fakeModel.requests.length;
    // The first run's model call ends while the store is down; the run that takes over answers.
    bots.workspace.fakeModel.enqueue({ ...{ text: 'Answer from the run that lost its lease.' }, delayMs: 2_000 }, answerStep);
    const envelope = messageEnvelope({ user: 'U1', text: `<@UBOT> ${question}`, channel: CHANNEL, ts: threadTs });
    expect(await Promise.all(replicas.map((replica) => bots.deliver(replica, envelope)))).toEqual([200, 200]);
    await waitUntil(() => bots.workspace.fakeModel.requests.length === requestsBefore + 1, 20_000, 'the model call of the first run');
    await waitUntil(() => bots.slack.threadMessages(CHANNEL, threadTs).some((message) => message.text.startsWith(INITIAL_STATUS)), 10_000, 'the working message');

    await proxy.cut();
    await sleep(LEASE_SECONDS * 1_000 * 2.5);
    await proxy.restore();

    const answers = () => bots.slack.threadMessages(CHANNEL, threadTs).filter((message) => message.text.includes(`Answer: ${question}.`));
    await waitUntil(() => answers().length > 0, 60_000, 'the answer of the run that took over');
    await sleep(3_000);
    const texts = bots.slack.threadMessages(CHANNEL, threadTs).map((message) => message.text);
    expect(answers()).toHaveLength(1);
    expect(texts.filter((text) => text.includes('lost its lease'))).toEqual([]);
    expect(texts.filter((text) => text.includes(TURN_SENTENCES.storeUnavailable.slice(0, 40)))).toEqual([]);
    expect(texts.filter((text) => text.startsWith(INITIAL_STATUS) || text.startsWith(TURN_SENTENCES.resumed))).toEqual([]);
    expect(bots.workspace.fakeModel.requests.length).toBe(requestsBefore + 2);
  });
});
