// The scheduler's own cost with 10,000 schedules due in the same minute: queueing each occurrence
// (compare-and-set on the schedule + insert of its run job), claiming it under a lease and finishing
// it, with an executor that returns at once, so the query and the chart render are excluded. On
// SQLite (a file, the default) and PostgreSQL; one worker, so each figure is cost, not contention.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { createLogger } from '../src/logging/logger.js';
import { queueDueOccurrences } from '../src/schedules/queue-due-occurrences.js';
import { runClaimedOccurrences } from '../src/schedules/run-claimed-occurrences.js';
import { openStore } from '../src/store/open-store.js';
import type { Store } from '../src/store/types.js';
import { randomIdFactory } from '../src/support/clock-and-ids.js';
import { startTestPostgres } from '../test/support/start-test-postgres.js';
import { formatMs, median } from './bench-support.js';

const SCHEDULE_COUNT = 10_000;
const REPEATS = 3;
const DUE_AT = new Date('2026-12-07T08:00:00Z');
const CREATE_BATCH = 100;

async function createDueSchedules(store: Store): Promise<void> {
  for (let start = 0; start < SCHEDULE_COUNT; start += CREATE_BATCH) {
    await Promise.all(
      Array.from({ length: Math.min(CREATE_BATCH, SCHEDULE_COUNT - start) }, (_, offset) =>
        store.schedules.createSchedule({
          scheduleId: `bench_${start + offset}`,
          title: 'Revenue by region',
          owner: { platform: 'slack', userId: `U${(start + offset) % 97}` },
          sourceThreadId: 'slack:T1:C1:1700000000.000100',
          cron: '0 9 * * 1',
          timeZone: 'Europe/Berlin',
          queries: [{ queryId: 'query_bench', databaseName: 'warehouse', sql: 'SELECT 1' }],
          delivery: { channelId: 'C1' },
          skipUnchanged: false,
          nextRunAt: DUE_AT,
          createdAt: DUE_AT,
        }),
      ),
    );
  }
}

interface SchedulerTiming {
  queueMs: number;
  runMs: number;
}

async function oneMinute(store: Store): Promise<SchedulerTiming> {
  const clock = () => new Date(DUE_AT.getTime() + 5_000);
  const logger = createLogger({ level: 'error', write: () => undefined });
  const started = performance.now();
  const queued = await queueDueOccurrences({ store, clock, createId: randomIdFactory });
  const queuedAt = performance.now();
  const ran = await runClaimedOccurrences({ store, clock, createId: randomIdFactory, logger, execute: async () => ({ state: 'done', outcome: 'posted' }) });
  const finished = performance.now();
  if (queued !== SCHEDULE_COUNT || ran !== SCHEDULE_COUNT) throw new Error(`queued ${queued} and ran ${ran} of ${SCHEDULE_COUNT}`);
  return { queueMs: queuedAt - started, runMs: finished - queuedAt };
}

async function measure(name: string, openSubject: () => Promise<Store>): Promise<string> {
  try {
    return await measureOnce(name, openSubject);
  } catch (error) {
    // One store failing (a shared PostgreSQL server out of memory) does not hide the other's figures.
    return `${name}: FAILED (${(error as Error).message.split('\n')[0]})`;
  }
}

async function measureOnce(name: string, openSubject: () => Promise<Store>): Promise<string> {
  const timings: SchedulerTiming[] = [];
  for (let repeat = 0; repeat < REPEATS; repeat += 1) {
    const store = await openSubject();
    try {
      await store.migrate();
      await createDueSchedules(store);
      timings.push(await oneMinute(store));
    } finally {
      await store.close();
    }
  }
  const perOccurrence = timings.map((timing) => (timing.queueMs + timing.runMs) / SCHEDULE_COUNT);
  const queue = timings.map((timing) => timing.queueMs / SCHEDULE_COUNT);
  const run = timings.map((timing) => timing.runMs / SCHEDULE_COUNT);
  return `${name}: claim + run overhead per occurrence median ${formatMs(median(perOccurrence))} (runs ${perOccurrence.map(formatMs).join(', ')}); of which queueing ${formatMs(median(queue))}, claim + finish ${formatMs(median(run))}; the whole minute ${formatMs(median(timings.map((timing) => timing.queueMs + timing.runMs)))} [${REPEATS} runs × ${SCHEDULE_COUNT} schedules due at once]`;
}

export async function runSchedulerBenchmarks(): Promise<string> {
  const directory = await mkdtemp(join(tmpdir(), 'datathread-scheduler-bench-'));
  const lines: string[] = [];
  let fileCounter = 0;
  try {
    lines.push(await measure('SQLite file', async () => openStore(`sqlite:${join(directory, `state-${++fileCounter}.db`)}`)));
    const server = await startTestPostgres();
    try {
      const admin = new pg.Client({ connectionString: server.adminUrl });
      await admin.connect();
      try {
        lines.push(
          await measure('PostgreSQL', async () => {
            const database = `scheduler_bench_${process.pid}_${++fileCounter}`;
            await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
            await admin.query(`CREATE DATABASE ${database}`);
            const url = new URL(server.adminUrl);
            url.pathname = `/${database}`;
            return openStore(url.toString());
          }),
        );
        const leftovers = await admin.query(`SELECT datname FROM pg_database WHERE datname LIKE 'scheduler_bench_${process.pid}_%'`);
        for (const row of leftovers.rows as { datname: string }[]) await admin.query(`DROP DATABASE IF EXISTS ${row.datname} WITH (FORCE)`);
      } finally {
        await admin.end();
      }
    } finally {
      await server.stop();
    }
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
  return lines.join('\n');
}
