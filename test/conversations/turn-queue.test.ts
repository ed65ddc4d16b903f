// The turn-job queue against a real SQLite store: what a worker hands an executor, the heartbeat
// that keeps a long turn's lease, giving up a job that keeps dying, and giving jobs back at drain.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { TurnJobExecutor, TurnJobRun } from '../../src/conversations/turn-jobs.js';
import { TurnQueue, type TurnQueueSettings } from '../../src/conversations/turn-queue.js';
import type { TurnRequest } from '../../src/conversations/types.js';
import { createLogger } from '../../src/logging/logger.js';
import { openStore } from '../../src/store/open-store.js';
import type { Store } from '../../src/store/types.js';
import { randomIdFactory } from '../../src/support/clock-and-ids.js';
import { createScratchDatabase } from '../support/postgres-database.js';

const FAST: Partial<TurnQueueSettings> = { leaseMs: 400, heartbeatMs: 100, pollIntervalMs: 20, maxAttempts: 2 };

let store: Store;
const queues: TurnQueue[] = [];
const logLines: string[] = [];

beforeEach(async () => {
  store = await openStore('sqlite::memory:');
  logLines.length = 0;
});

afterEach(async () => {
  await Promise.all(queues.splice(0).map((queue) => queue.drain(0)));
  await store.close();
});

function newQueue(settings: Partial<TurnQueueSettings> = FAST, cancelTurn?: (threadId: string) => boolean): TurnQueue {
  const queue = new TurnQueue({ store, clock: () => new Date(), createId: randomIdFactory, logger: createLogger({ write: (line) => logLines.push(line) }), settings, cancelTurn });
  queues.push(queue);
  return queue;
}

function request(threadId: string, eventKey: string): TurnRequest {
  return {
    threadId,
    platform: 'slack',
    actor: { platform: 'slack', userId: 'U1' },
    text: 'How many orders?',
    kind: 'message',
    place: { channelId: 'C1', teamId: 'T1', isDirectMessage: false },
    eventKey,
    extraEventKeys: [`${eventKey}:twin`],
    interactive: true,
  };
}

function recordingExecutor(work: (job: TurnJobRun) => Promise<void> = async () => undefined) {
  const runs: TurnJobRun[] = [];
  const givenUp: TurnJobRun[] = [];
  const executor: TurnJobExecutor = {
    replySchema: z.json(),
    run: async (job) => {
      runs.push(job);
      await work(job);
    },
    giveUp: async (job) => void givenUp.push(job),
    refuse: async () => undefined,
  };
  return { executor, runs, givenUp };
}

async function waitUntil(probe: () => boolean | Promise<boolean>, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await probe())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('TurnQueue', () => {
  it('stops a turn running in one queue when another asks (SQLite: no notifications, found at the next heartbeat); asking with nothing running says so', async () => {
    const stopped = new Map<string, () => void>();
    const cancelled: string[] = [];
    const running = newQueue(FAST, (threadId) => {
      const stop = stopped.get(threadId);
      if (!stop) return false;
      cancelled.push(threadId);
      stop();
      return true;
    });
    const other = newQueue();
    const { executor, runs } = recordingExecutor((job) => new Promise<void>((resolve) => stopped.set(job.request.threadId, resolve)));
    running.register('slack', executor);
    running.start();
    await running.submit(request('slack:T1:C1:8.1', 'event-8'), {});
    await waitUntil(() => stopped.has('slack:T1:C1:8.1'));
    expect(await other.requestStop('slack:T1:C1:8.1')).toBe(true);
    await waitUntil(async () => (await store.getTurnJob(runs[0]!.jobId))?.state === 'done');
    expect(cancelled).toEqual(['slack:T1:C1:8.1']);
    expect(await other.requestStop('slack:T1:C1:8.1')).toBe(false);
    expect(await other.requestStop('slack:T1:C1:never-asked')).toBe(false);
  });

  it('a run whose lease expired and was claimed again can no longer confirm its lease, and does not finish the job of the run that took over', async () => {
    // No heartbeat within the lease: as when the state store was unreachable for longer than it.
    const queue = newQueue({ leaseMs: 200, heartbeatMs: 60_000, pollIntervalMs: 20_000, maxAttempts: 3 });
    const confirmations: string[] = [];
    const { executor, runs } = recordingExecutor(async (job) => {
      await job.confirmLease();
      confirmations.push('held');
      await new Promise((resolve) => setTimeout(resolve, 300));
      const now = new Date();
      expect((await store.claimTurnJob('worker-that-took-over', now, new Date(now.getTime() + 20_000)))?.jobId).toBe(job.jobId);
      await job.confirmLease().then(
        () => confirmations.push('held'),
        (error: unknown) => confirmations.push((error as { code?: string }).code ?? 'other error'),
      );
    });
    queue.register('slack', executor);
    queue.start();
    await queue.submit(request('slack:T1:C1:9.1', 'event-9'), {});
    await waitUntil(() => confirmations.length === 2);
    expect(confirmations).toEqual(['held', 'turn_lease_lost']);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await store.getTurnJob(runs[0]!.jobId)).toMatchObject({ state: 'running', leaseOwner: 'worker-that-took-over' });
  });

  it('hands the executor the request without its dedupe keys and the reply target; a redelivery of either key is refused', async () => {
    const queue = newQueue();
    const { executor, runs } = recordingExecutor();
    queue.register('slack', executor);
    queue.start();
    expect(await queue.submit(request('slack:T1:C1:1.1', 'event-1'), { channelId: 'C1', threadTs: '1.1' })).toBe(true);
    expect(await queue.submit(request('slack:T1:C1:1.1', 'event-1:twin'), { channelId: 'C1', threadTs: '1.1' })).toBe(false);
    await waitUntil(() => runs.length === 1);
    expect(runs[0]!.request).not.toHaveProperty('eventKey');
    expect(runs[0]!.request).not.toHaveProperty('extraEventKeys');
    expect(runs[0]).toMatchObject({ request: { text: 'How many orders?', threadId: 'slack:T1:C1:1.1' }, reply: { channelId: 'C1', threadTs: '1.1' }, attempt: 1 });
    await waitUntil(async () => (await store.getTurnJob(runs[0]!.jobId))?.state === 'done');
  });

  it('keeps a turn longer than the lease to its worker with the heartbeat: a second replica never runs it', async () => {
    const first = newQueue();
    const second = newQueue();
    const slow = recordingExecutor(() => new Promise((resolve) => setTimeout(resolve, 1_500)));
    const other = recordingExecutor();
    first.register('slack', slow.executor);
    second.register('slack', other.executor);
    first.start();
    await first.submit(request('slack:T1:C1:2.1', 'event-2'), {});
    await waitUntil(() => slow.runs.length === 1);
    second.start();
    await waitUntil(async () => (await store.getTurnJob(slow.runs[0]!.jobId))?.state === 'done', 5_000);
    expect(other.runs).toEqual([]);
  });

  it('runs an interrupted job again with the posts of the earlier run, and gives up after maxAttempts telling the thread', async () => {
    const queue = newQueue();
    const { executor, runs, givenUp } = recordingExecutor();
    queue.register('slack', executor);
    await queue.submit(request('slack:T1:C1:3.1', 'event-3'), { channelId: 'C1' });
    // Two workers claimed it and died (their leases expired) after posting the working message.
    for (const deadWorker of ['dead-1', 'dead-2']) {
      const now = new Date();
      const claimed = await store.claimTurnJob(deadWorker, now, new Date(now.getTime() + 1));
      await store.recordTurnJobPost(claimed!.jobId, 'working', '1700.000001', now);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    queue.start();
    await waitUntil(() => givenUp.length === 1);
    expect(runs).toEqual([]);
    expect(givenUp[0]!.attempt).toBe(3);
    expect(givenUp[0]!.ledger.get('working')).toBe('1700.000001');
    await waitUntil(async () => (await store.getTurnJob(givenUp[0]!.jobId))?.state === 'failed');
    expect(logLines.some((line) => line.includes('interrupted too many times'))).toBe(true);
  });

  it('drain lets a short turn finish, gives a long one back at once (attempt not counted) for another worker', async () => {
    const stopping = newQueue();
    const gate: { open: () => void } = { open: () => undefined };
    const blocked = new Promise<void>((resolve) => (gate.open = resolve));
    const slowRuns = recordingExecutor(async (job) => (job.request.text === 'long' ? blocked : undefined));
    stopping.register('slack', slowRuns.executor);
    stopping.start();
    await stopping.submit({ ...request('slack:T1:C1:4.1', 'event-4'), text: 'long' }, {});
    await stopping.submit({ ...request('slack:T1:C1:4.2', 'event-5'), text: 'short' }, {});
    await waitUntil(() => slowRuns.runs.length === 2);
    const longJob = slowRuns.runs.find((run) => run.request.text === 'long')!;
    await stopping.drain(200);
    expect(await store.getTurnJob(longJob.jobId)).toMatchObject({ state: 'queued', attempts: 0, leaseOwner: null });
    const taker = newQueue();
    const taken = recordingExecutor();
    taker.register('slack', taken.executor);
    taker.start();
    await waitUntil(() => taken.runs.length === 1);
    expect(taken.runs[0]).toMatchObject({ jobId: longJob.jobId, attempt: 1 });
    gate.open();
  });
});

describe('TurnQueue on PostgreSQL', () => {
  it('wakes an idle replica at once when another accepts a job (LISTEN/NOTIFY), long before its next poll', async () => {
    const database = await createScratchDatabase('turn_queue_notify');
    const accepting = await openStore(database.url);
    const working = await openStore(database.url);
    const logger = createLogger({ write: (line) => logLines.push(line) });
    const slowPoll = { ...FAST, pollIntervalMs: 60_000 };
    const acceptingQueue = new TurnQueue({ store: accepting, clock: () => new Date(), createId: randomIdFactory, logger, settings: slowPoll });
    const workingQueue = new TurnQueue({ store: working, clock: () => new Date(), createId: randomIdFactory, logger, settings: slowPoll });
    try {
      const { executor, runs } = recordingExecutor();
      workingQueue.register('slack', executor);
      workingQueue.start();
      // Let the idle worker's first claim find nothing and go to sleep on its 60-second poll.
      await new Promise((resolve) => setTimeout(resolve, 500));
      const submittedAt = Date.now();
      expect(await acceptingQueue.submit(request('slack:T1:C1:5.1', 'event-notify'), {})).toBe(true);
      await waitUntil(() => runs.length === 1, 10_000);
      expect(Date.now() - submittedAt).toBeLessThan(5_000);
    } finally {
      await workingQueue.drain(0);
      await accepting.close();
      await working.close();
      await database.drop();
    }
  });
});
