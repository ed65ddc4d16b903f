// Turn jobs outlive releases: a job queued by an earlier release waits in the store and is claimed
// by new code. Rows are written straight into the turn_jobs table (as the earlier release wrote
// them), on SQLite and on PostgreSQL, and claimed by the queue with the channels' real reply schemas.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import sqlite3 from 'sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { slackTurnReplySchema, type SlackTurnReply } from '../../src/channels/slack/turns/slack-turn-jobs.js';
import { TURN_JOB_PAYLOAD_VERSION } from '../../src/conversations/turn-job-payload.js';
import type { RefusedTurnJob, TurnJobExecutor, TurnJobRun } from '../../src/conversations/turn-jobs.js';
import { TurnQueue } from '../../src/conversations/turn-queue.js';
import { createLogger } from '../../src/logging/logger.js';
import { openStore } from '../../src/store/open-store.js';
import type { Store } from '../../src/store/types.js';
import { randomIdFactory } from '../../src/support/clock-and-ids.js';
import { createScratchDatabase } from '../support/postgres-database.js';

interface StoredJobRow {
  jobId: string;
  threadId: string;
  payload: unknown;
}

interface StoreUnderTest {
  store: Store;
  /** Writes a queued job row as a release would have, bypassing the queue. */
  insertJob(row: StoredJobRow): Promise<void>;
  dispose(): Promise<void>;
}

const INSERT_JOB = `INSERT INTO turn_jobs (job_id, thread_id, platform, payload, state, attempts, created_at, updated_at)
  VALUES ($1, $2, 'slack', $3, 'queued', 0, $4, $4)`;

async function sqliteUnderTest(): Promise<StoreUnderTest> {
  const directory = await mkdtemp(join(tmpdir(), 'datathread-job-versions-'));
  const file = join(directory, 'state.db');
  const store = await openStore(`sqlite:${file}`);
  return {
    store,
    insertJob: (row) =>
      new Promise<void>((resolve, reject) => {
        const database = new sqlite3.Database(file);
        database.run(INSERT_JOB, [row.jobId, row.threadId, JSON.stringify(row.payload), Date.now()], (error) => {
          database.close();
          if (error) reject(error);
          else resolve();
        });
      }),
    dispose: async () => {
      await store.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}

async function postgresUnderTest(): Promise<StoreUnderTest> {
  const database = await createScratchDatabase('turn_job_versions');
  const store = await openStore(database.url);
  return {
    store,
    insertJob: async (row) => {
      const client = new pg.Client({ connectionString: database.url });
      await client.connect();
      try {
        await client.query(INSERT_JOB, [row.jobId, row.threadId, JSON.stringify(row.payload), Date.now()]);
      } finally {
        await client.end();
      }
    },
    dispose: async () => {
      await store.close();
      await database.drop();
    },
  };
}

/** The request as the release before payload versions stored it: `{ request, reply }`, no version field. */
function unversionedPayload(threadId: string, text: string) {
  return {
    request: {
      threadId,
      platform: 'slack',
      actor: { platform: 'slack', userId: 'U1', displayName: 'Ada' },
      text,
      kind: 'message',
      place: { channelId: 'C1', teamId: 'T1', isDirectMessage: false },
      interactive: true,
    },
    reply: { target: { threadId, teamId: 'T1', channelId: 'C1', threadTs: '1.1', isDirectMessage: false }, announcement: 'You asked:' },
  };
}

const disposers: Array<() => Promise<void>> = [];

afterEach(async () => {
  for (const dispose of disposers.splice(0).reverse()) await dispose();
});

function startQueue(store: Store, logLines: string[]) {
  const runs: TurnJobRun<SlackTurnReply>[] = [];
  const refused: RefusedTurnJob<SlackTurnReply>[] = [];
  const executor: TurnJobExecutor<SlackTurnReply> = {
    replySchema: slackTurnReplySchema,
    run: async (job) => void runs.push(job),
    giveUp: async () => undefined,
    refuse: async (job) => void refused.push(job),
  };
  const queue = new TurnQueue({
    store,
    clock: () => new Date(),
    createId: randomIdFactory,
    logger: createLogger({ write: (line) => logLines.push(line) }),
    settings: { leaseMs: 2_000, heartbeatMs: 500, pollIntervalMs: 20, maxAttempts: 2 },
  });
  queue.register('slack', executor);
  queue.start();
  disposers.push(() => queue.drain(0));
  return { queue, runs, refused };
}

async function waitUntil(probe: () => boolean | Promise<boolean>, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await probe())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe.each([
  ['SQLite', sqliteUnderTest],
  ['PostgreSQL', postgresUnderTest],
])('stored turn job payloads on %s', (_name, open) => {
  async function openUnderTest(): Promise<StoreUnderTest> {
    const underTest = await open();
    disposers.push(underTest.dispose);
    return underTest;
  }

  it('runs a job queued by the release before payload versions, with its request and reply target as stored', async () => {
    const { store, insertJob } = await openUnderTest();
    const threadId = 'slack:T1:C1:1.1';
    await insertJob({ jobId: 'turn_unversioned', threadId, payload: unversionedPayload(threadId, 'How many orders?') });
    const { runs } = startQueue(store, []);
    await waitUntil(async () => (await store.getTurnJob('turn_unversioned'))?.state === 'done');
    expect(runs.map((run) => ({ jobId: run.jobId, request: run.request, reply: run.reply }))).toEqual([
      { jobId: 'turn_unversioned', request: unversionedPayload(threadId, 'How many orders?').request, reply: unversionedPayload(threadId, 'How many orders?').reply },
    ]);
  });

  it('stores new jobs under the current payload version and runs them', async () => {
    const { store } = await openUnderTest();
    const { queue, runs } = startQueue(store, []);
    const threadId = 'slack:T1:C1:2.1';
    const { request, reply } = unversionedPayload(threadId, 'Top customers?');
    expect(await queue.submit({ ...request, platform: 'slack', actor: { platform: 'slack', userId: 'U1', timeZone: 'Europe/Berlin' }, kind: 'message', eventKey: 'event-2' }, reply)).toBe(true);
    await waitUntil(() => runs.length === 1);
    const stored = await store.getTurnJob(runs[0]!.jobId);
    expect(stored?.payload).toMatchObject({ payloadVersion: TURN_JOB_PAYLOAD_VERSION, request: { text: 'Top customers?' }, reply });
    expect(runs[0]!.reply).toEqual(reply);
    // The asker's zone survives the queue: a schedule made in the turn defaults to it.
    expect(runs[0]!.request.actor.timeZone).toBe('Europe/Berlin');
  });

  it('fails a job whose stored request or reply target fits no schema, logs why, asks the channel to tell the thread when its reply target fits, and runs the next job of the thread', async () => {
    const { store, insertJob } = await openUnderTest();
    const threadId = 'slack:T1:C1:3.1';
    const good = unversionedPayload(threadId, 'After the broken ones');
    const { actor: _dropped, ...requestWithoutActor } = good.request;
    await insertJob({ jobId: 'turn_1_no_actor', threadId, payload: { request: requestWithoutActor, reply: good.reply } });
    await insertJob({ jobId: 'turn_2_bad_reply', threadId, payload: { payloadVersion: 1, request: good.request, reply: { target: { channelId: 'C1' } } } });
    await insertJob({ jobId: 'turn_3_other_thread', threadId, payload: unversionedPayload('slack:T1:C1:elsewhere', 'Not this thread') });
    await insertJob({ jobId: 'turn_3_future', threadId, payload: { payloadVersion: 99, request: good.request, reply: good.reply } });
    await insertJob({ jobId: 'turn_4_good', threadId, payload: { payloadVersion: 1, ...good } });
    const logLines: string[] = [];
    const { runs, refused } = startQueue(store, logLines);
    await waitUntil(async () => (await store.getTurnJob('turn_4_good'))?.state === 'done');
    // Where the reply target still fits, the channel is asked to tell the thread; never another thread's.
    expect(refused.map((job) => ({ jobId: job.jobId, threadId: job.threadId, reply: job.reply }))).toEqual([
      { jobId: 'turn_1_no_actor', threadId, reply: good.reply },
      { jobId: 'turn_3_future', threadId, reply: good.reply },
    ]);
    expect(logLines.filter((line) => line.includes('cannot be told')).map((line) => line.includes('turn_2_bad_reply'))).toEqual([true]);

    expect(runs.map((run) => run.request.text)).toEqual(['After the broken ones']);
    for (const jobId of ['turn_1_no_actor', 'turn_2_bad_reply', 'turn_3_other_thread', 'turn_3_future']) expect((await store.getTurnJob(jobId))?.state).toBe('failed');
    const refusals = logLines.filter((line) => line.includes('its stored payload does not match the schema'));
    expect(refusals).toHaveLength(4);
    expect(refusals.find((line) => line.includes('turn_1_no_actor'))).toMatch(/version 0.*actor/);
    expect(refusals.find((line) => line.includes('turn_2_bad_reply'))).toMatch(/slack reply target.*target\.threadId/);
    expect(refusals.find((line) => line.includes('turn_3_other_thread'))).toMatch(/slack:T1:C1:elsewhere, not to the job/);
    expect(refusals.find((line) => line.includes('turn_3_future'))).toMatch(/version 99/);
  });
});
