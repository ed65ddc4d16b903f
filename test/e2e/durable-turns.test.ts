// Durable turns, end to end: the real bot process (node dist/src/main.js, as `npm start` runs it)
// on a real state store (SQLite file, and a PostgreSQL database of this file's own), the local
// Slack Web API server and a scripted model. Processes are killed for real (SIGKILL) mid-turn.
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { TURN_SENTENCES } from '../../src/conversations/standard-sentences.js';
import { INITIAL_STATUS } from '../../src/channels/slack/outbox/working-indicator.js';
import type { RecordedChatRequest, StepProducer } from '../fakes/openai-server.js';
import { messageEnvelope } from '../channels/slack/support/slack-requests.js';
import type { BotProcess } from '../support/bot-process.js';
import { startSlackBotFixture, waitUntil, type SlackBotFixture } from '../support/slack-bot-fixture.js';
import { createScratchDatabase, type ScratchDatabase } from '../support/postgres-database.js';

const CHANNEL = 'C1';

let bots: SlackBotFixture;
let postgres: ScratchDatabase;
let tsCounter = 0;

function lastUserText(request: RecordedChatRequest): string {
  const user = [...request.messages].reverse().find((message) => message.role === 'user');
  const content = user?.content;
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) return content.map((part) => (part as { text?: string }).text ?? '').join('');
  return '';
}

/** Answers whatever was asked, so each answer names its question. */
const answerStep: StepProducer = (request) => ({ text: `Answer: ${lastUserText(request)}.` });

function newThreadTs(): string {
  tsCounter += 1;
  return `1800000${String(Date.now() % 1000).padStart(3, '0')}.${String(tsCounter).padStart(6, '0')}`;
}

function mention(threadTs: string, question: string, eventId?: string) {
  return messageEnvelope({ user: 'U1', text: `<@UBOT> ${question}`, channel: CHANNEL, ts: threadTs, ...(eventId ? { eventId } : {}) });
}

function answersIn(threadTs: string, question: string) {
  return bots.slack.threadMessages(CHANNEL, threadTs).filter((message) => message.text.includes(`Answer: ${question}.`));
}

function workingMessagesIn(threadTs: string) {
  return bots.slack.threadMessages(CHANNEL, threadTs).filter((message) => message.text.startsWith(INITIAL_STATUS) || message.text.startsWith(TURN_SENTENCES.resumed));
}

/** A bot on `state`; `extra` (a short lease) comes last. */
function start(state: string, extra: Record<string, string> = {}): Promise<BotProcess> {
  return bots.startBot({ DATATHREAD_STATE: state, ...extra });
}

const sleep = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds));

// The SIGKILL tests wait for the killed process's lease to expire; a short lease (the smallest the
// settings allow is 2 s) keeps them from idling through the 20-second default. The heartbeat stays
// well inside it, so a live worker never loses its lease.
const SHORT_LEASE = { DATATHREAD_TURN_LEASE_SECONDS: '6', DATATHREAD_TURN_HEARTBEAT_SECONDS: '2' };

beforeAll(async () => {
  bots = await startSlackBotFixture({ prefix: 'durable', duckdb: ['CREATE TABLE numbers (n INTEGER)', 'INSERT INTO numbers VALUES (1)'], users: [{ id: 'U1', name: 'ana' }] });
  postgres = await createScratchDatabase('durable_turns');
});

afterEach(async () => {
  await bots.killBots();
});

afterAll(async () => {
  await bots?.close();
  await postgres?.drop();
});

function sqliteState(): string {
  return `sqlite:${bots.workspace.directory}/state.db`;
}

describe.each([
  ['SQLite', () => sqliteState()],
  ['PostgreSQL', () => postgres.url],
])('durable turns on %s', (_name, stateUrl) => {
  it('answers a question whose process was SIGKILLed mid-turn within 30 s of the restart, exactly once, with no working indicator left; a Slack retry afterwards runs nothing', async () => {
    const threadTs = newThreadTs();
    const question = `killed question ${threadTs}`;
    const requestsBefore = bots.workspace.fakeModel.requests.length;
    bots.workspace.fakeModel.enqueue({ text: 'never delivered', delayMs: 90_000 }, answerStep);
    const first = await start(stateUrl(), SHORT_LEASE);
    const envelope = mention(threadTs, question);
    expect(await bots.deliver(first, envelope)).toBe(200);
    await waitUntil(() => bots.workspace.fakeModel.requests.length === requestsBefore + 1, 20_000, 'the model call of the first run');
    await waitUntil(() => workingMessagesIn(threadTs).length === 1, 10_000, 'the working message');
    await first.kill('SIGKILL');

    const restartedAt = Date.now();
    const second = await start(stateUrl(), SHORT_LEASE);
    await waitUntil(() => answersIn(threadTs, question).length > 0, 30_000, 'the answer after the restart');
    expect(Date.now() - restartedAt).toBeLessThan(30_000);
    // The stale "Thinking…" said it was interrupted, then went with the answer.
    const updates = bots.slack.callsOf('chat.update').map((call) => String(call.args.text));
    expect(updates.some((text) => text.startsWith(TURN_SENTENCES.resumed))).toBe(true);
    await waitUntil(() => workingMessagesIn(threadTs).length === 0, 5_000, 'the working message to go');

    // Slack retries the event after the restart: acknowledged, nothing runs.
    expect(await bots.deliver(second, envelope, 1)).toBe(200);
    await sleep(2_000);
    expect(answersIn(threadTs, question)).toHaveLength(1);
    expect(bots.workspace.fakeModel.requests.length).toBe(requestsBefore + 2);
    expect(workingMessagesIn(threadTs)).toEqual([]);
    expect(await second.kill('SIGTERM')).toBe(0);
  });

  it('runs each of 20 events once when it arrives three times at once (twice under its id, once as the message twin)', async () => {
    const bot = await start(stateUrl());
    const requestsBefore = bots.workspace.fakeModel.requests.length;
    const events = Array.from({ length: 20 }, (_, index) => ({ threadTs: newThreadTs(), question: `raced question ${index}` }));
    bots.workspace.fakeModel.enqueue(...events.map(() => answerStep));
    const statuses = await Promise.all(
      events.flatMap(({ threadTs, question }) => {
        const envelope = mention(threadTs, question);
        const twin = { ...messageEnvelope({ type: 'message', user: 'U1', text: `<@UBOT> ${question}`, channel: CHANNEL, ts: threadTs }) };
        return [bots.deliver(bot, envelope), bots.deliver(bot, envelope), bots.deliver(bot, twin)];
      }),
    );
    expect(statuses.every((status) => status === 200)).toBe(true);
    await waitUntil(() => events.every(({ threadTs, question }) => answersIn(threadTs, question).length > 0), 60_000, 'every answer');
    await sleep(1_500);
    for (const { threadTs, question } of events) expect(answersIn(threadTs, question)).toHaveLength(1);
    expect(bots.workspace.fakeModel.requests.length).toBe(requestsBefore + 20);
  });
});

describe('two replicas on one PostgreSQL state store', () => {
  it('answers each of 50 events delivered to both replicas at once exactly once', async () => {
    const [replicaA, replicaB] = await Promise.all([start(postgres.url), start(postgres.url)]);
    const requestsBefore = bots.workspace.fakeModel.requests.length;
    const events = Array.from({ length: 50 }, (_, index) => ({ threadTs: newThreadTs(), question: `replicated question ${index}` }));
    bots.workspace.fakeModel.enqueue(...events.map(() => answerStep));
    const statuses = await Promise.all(
      events.flatMap(({ threadTs, question }) => {
        const envelope = mention(threadTs, question);
        return [bots.deliver(replicaA!, envelope), bots.deliver(replicaB!, envelope)];
      }),
    );
    expect(statuses.every((status) => status === 200)).toBe(true);
    await waitUntil(() => events.every(({ threadTs, question }) => answersIn(threadTs, question).length > 0), 120_000, 'every answer');
    await sleep(2_000);
    for (const { threadTs, question } of events) expect(answersIn(threadTs, question)).toHaveLength(1);
    expect(bots.workspace.fakeModel.requests.length).toBe(requestsBefore + 50);
  });

  it('when the replica running a turn is killed, the other answers that question within 45 s', async () => {
    const replicas = await Promise.all([start(postgres.url, SHORT_LEASE), start(postgres.url, SHORT_LEASE)]);
    const threadTs = newThreadTs();
    const question = `orphaned question ${threadTs}`;
    const requestsBefore = bots.workspace.fakeModel.requests.length;
    bots.workspace.fakeModel.enqueue({ text: 'never delivered', delayMs: 90_000 }, answerStep);
    const envelope = mention(threadTs, question);
    expect(await Promise.all(replicas.map((replica) => bots.deliver(replica, envelope)))).toEqual([200, 200]);
    await waitUntil(() => bots.workspace.fakeModel.requests.length === requestsBefore + 1, 20_000, 'the model call of the first run');
    const owner = await leaseOwnerOf(`slack:T1:${CHANNEL}:${threadTs}`);
    const running = replicas.find((replica) => owner?.startsWith(`${replica.workerId}/`));
    const survivor = replicas.find((replica) => !owner?.startsWith(`${replica.workerId}/`));
    expect(running).toBeDefined();
    await running!.kill('SIGKILL');
    const killedAt = Date.now();
    await waitUntil(() => answersIn(threadTs, question).length > 0, 45_000, 'the other replica to answer');
    expect(Date.now() - killedAt).toBeLessThan(45_000);
    await sleep(1_000);
    expect(answersIn(threadTs, question)).toHaveLength(1);
    expect(workingMessagesIn(threadTs)).toEqual([]);
    expect(await leaseOwnerOf(`slack:T1:${CHANNEL}:${threadTs}`, 'done')).toBe(null);
    expect(survivor!.child.exitCode).toBe(null);
  });
});

describe('SIGTERM on a replica with a turn running', () => {
  it('exits after the grace period and gives the job back at once, so the other replica answers without waiting for the lease', async () => {
    const draining = { DATATHREAD_DRAIN_GRACE_SECONDS: '1' };
    const replicas = await Promise.all([start(postgres.url, draining), start(postgres.url, draining)]);
    const threadTs = newThreadTs();
    const question = `drained question ${threadTs}`;
    const requestsBefore = bots.workspace.fakeModel.requests.length;
    bots.workspace.fakeModel.enqueue({ text: 'never delivered', delayMs: 90_000 }, answerStep);
    expect(await Promise.all(replicas.map((replica) => bots.deliver(replica, mention(threadTs, question))))).toEqual([200, 200]);
    await waitUntil(() => bots.workspace.fakeModel.requests.length === requestsBefore + 1, 20_000, 'the model call of the first run');
    const owner = await leaseOwnerOf(`slack:T1:${CHANNEL}:${threadTs}`);
    const running = replicas.find((replica) => owner?.startsWith(`${replica.workerId}/`))!;
    const stoppedAt = Date.now();
    expect(await running.kill('SIGTERM')).toBe(0);
    expect(running.logLines.some((line) => line.includes('their jobs go back to the queue'))).toBe(true);
    await waitUntil(() => answersIn(threadTs, question).length > 0, 30_000, 'the other replica to answer');
    // Well under the 20-second lease: the job was released, not left to expire.
    expect(Date.now() - stoppedAt).toBeLessThan(12_000);
    await sleep(1_000);
    expect(answersIn(threadTs, question)).toHaveLength(1);
    expect(workingMessagesIn(threadTs)).toEqual([]);
  });
});

async function leaseOwnerOf(threadId: string, state = 'running'): Promise<string | null | undefined> {
  const client = new pg.Client({ connectionString: postgres.url });
  await client.connect();
  try {
    const result = await client.query<{ lease_owner: string | null }>('SELECT lease_owner FROM turn_jobs WHERE thread_id = $1 AND state = $2', [threadId, state]);
    return result.rows[0]?.lease_owner;
  } finally {
    await client.end();
  }
}
