// The durable queue's cost per turn: a trivial turn (the executor returns at once) submitted as a
// job (enqueue with its dedupe keys, claim, heartbeat lease, ledger read, finish) versus the same
// trivial turn called directly, on SQLite (a file, as the default) and PostgreSQL. Turns run one
// after the other, so each figure is one turn's latency, not throughput under contention.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { z } from 'zod';
import type { TurnJobExecutor } from '../src/conversations/turn-jobs.js';
import { TurnQueue } from '../src/conversations/turn-queue.js';
import type { TurnRequest } from '../src/conversations/types.js';
import { createLogger } from '../src/logging/logger.js';
import { openStore } from '../src/store/open-store.js';
import type { Store } from '../src/store/types.js';
import { randomIdFactory } from '../src/support/clock-and-ids.js';
import { startTestPostgres } from '../test/support/start-test-postgres.js';
import { formatMs, median, percentile } from './bench-support.js';

const TURNS = 300;
const WARMUP_TURNS = 20;
const REPEATS = 5;

function trivialRequest(index: number): TurnRequest {
  return {
    threadId: `slack:T1:C1:bench.${index}`,
    platform: 'slack',
    actor: { platform: 'slack', userId: 'U1' },
    text: 'How many orders?',
    kind: 'message',
    place: { channelId: 'C1', teamId: 'T1', isDirectMessage: false },
    eventKey: `bench-event:${randomIdFactory('')}`,
    extraEventKeys: [`bench-message:${randomIdFactory('')}`],
    interactive: true,
  };
}

/** Per-turn latencies (ms) of `TURNS` trivial turns through the queue. */
async function queuedTurns(store: Store): Promise<number[]> {
  const queue = new TurnQueue({ store, clock: () => new Date(), createId: randomIdFactory, logger: createLogger({ level: 'error', write: () => undefined }) });
  let ran: (() => void) | undefined;
  const executor: TurnJobExecutor = { replySchema: z.json(), run: async () => ran?.(), giveUp: async () => undefined, refuse: async () => undefined };
  queue.register('slack', executor);
  queue.start();
  const timings: number[] = [];
  for (let index = 0; index < WARMUP_TURNS + TURNS; index += 1) {
    const started = performance.now();
    const executed = new Promise<void>((resolve) => (ran = resolve));
    await queue.submit(trivialRequest(index), { channelId: 'C1', threadTs: `bench.${index}` });
    await executed;
    // The job is finished in the store once the worker no longer counts it as running.
    while (queue.runningCount > 0) await new Promise((resolve) => setImmediate(resolve));
    if (index >= WARMUP_TURNS) timings.push(performance.now() - started);
  }
  await queue.drain(0);
  return timings;
}

/** The same trivial turn called directly. */
async function directTurns(): Promise<number[]> {
  const executor: TurnJobExecutor = { replySchema: z.json(), run: async () => undefined, giveUp: async () => undefined, refuse: async () => undefined };
  const timings: number[] = [];
  for (let index = 0; index < WARMUP_TURNS + TURNS; index += 1) {
    const started = performance.now();
    await executor.run({ jobId: 'direct', request: trivialRequest(index), reply: {}, attempt: 1, ledger: { jobId: 'direct', get: () => undefined, record: async () => true }, confirmLease: async () => undefined });
    if (index >= WARMUP_TURNS) timings.push(performance.now() - started);
  }
  return timings;
}

async function measure(name: string, openSubject: () => Promise<Store>): Promise<string> {
  const medians: number[] = [];
  const p99s: number[] = [];
  const directMedians: number[] = [];
  for (let repeat = 0; repeat < REPEATS; repeat += 1) {
    const store = await openSubject();
    try {
      const queued = await queuedTurns(store);
      const direct = await directTurns();
      medians.push(median(queued));
      p99s.push(percentile(queued, 0.99));
      directMedians.push(median(direct));
    } finally {
      await store.close();
    }
  }
  const overheads = medians.map((value, index) => value - directMedians[index]!);
  return `${name}: queue overhead per turn median ${formatMs(median(overheads))} (runs ${overheads.map(formatMs).join(', ')}); queued p99 ${formatMs(median(p99s))} (spread ${formatMs(Math.min(...p99s))}–${formatMs(Math.max(...p99s))}); direct call median ${formatMs(median(directMedians))} [${REPEATS} runs × ${TURNS} turns]`;
}

export async function runTurnQueueBenchmarks(): Promise<string> {
  const directory = await mkdtemp(join(tmpdir(), 'datathread-turn-queue-bench-'));
  const lines: string[] = [];
  let fileCounter = 0;
  try {
    lines.push(await measure('SQLite file', async () => openStore(`sqlite:${join(directory, `state-${++fileCounter}.db`)}`)));
    const server = await startTestPostgres();
    try {
      const database = `turn_queue_bench_${process.pid}`;
      const admin = new pg.Client({ connectionString: server.adminUrl });
      await admin.connect();
      try {
        await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
        await admin.query(`CREATE DATABASE ${database}`);
      } finally {
        await admin.end();
      }
      const url = new URL(server.adminUrl);
      url.pathname = `/${database}`;
      lines.push(await measure('PostgreSQL', async () => openStore(url.toString())));
      const cleanup = new pg.Client({ connectionString: server.adminUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`).finally(() => cleanup.end());
    } finally {
      await server.stop();
    }
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
  return lines.join('\n');
}
