// Two replicas (two store clients with their own connection pools) on one PostgreSQL database
// both check for due schedules and claim runs at the same minutes: every occurrence runs once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { silentLogger } from '../../src/logging/logger.js';
import { queueDueOccurrences } from '../../src/schedules/queue-due-occurrences.js';
import { runClaimedOccurrences } from '../../src/schedules/run-claimed-occurrences.js';
import { openStore } from '../../src/store/open-store.js';
import type { Store } from '../../src/store/types.js';
import { createScratchDatabase, type ScratchDatabase } from '../support/postgres-database.js';
import { manualClock, newSchedule, sequentialIds } from './schedule-fixtures.js';

const SCHEDULE_COUNT = 25;
const MINUTE_COUNT = 4;
const MINUTE_MS = 60_000;

let database: ScratchDatabase;
let replicas: Store[];

beforeAll(async () => {
  database = await createScratchDatabase('schedules_replicas');
  replicas = [await openStore(database.url), await openStore(database.url)];
  await Promise.all(replicas.map((store) => store.migrate()));
});

afterAll(async () => {
  await Promise.all((replicas ?? []).map((store) => store.close()));
  await database?.drop();
});

describe('schedules on two replicas', () => {
  it('runs 100 occurrences (25 every-minute schedules over 4 minutes) exactly once each', async () => {
    const start = '2026-12-07T09:00:00.000Z';
    for (let index = 0; index < SCHEDULE_COUNT; index += 1) {
      await replicas[0]!.schedules.createSchedule(newSchedule({ scheduleId: `every_minute_${index}`, cron: '* * * * *', timeZone: 'Europe/Berlin', nextRunAt: new Date(start) }));
    }
    const executed: string[] = [];
    const executedBy = new Map<string, number>();
    for (let minute = 0; minute < MINUTE_COUNT; minute += 1) {
      const now = new Date(Date.parse(start) + minute * MINUTE_MS + 5_000).toISOString();
      await Promise.all(
        replicas.map(async (store, replica) => {
          const options = { store, clock: manualClock(now), createId: sequentialIds(`r${replica}_`), logger: silentLogger };
          await queueDueOccurrences(options);
          await runClaimedOccurrences({
            ...options,
            execute: async (run, schedule) => {
              executed.push(`${schedule.scheduleId}@${run.occurrenceAt.toISOString()}`);
              executedBy.set(String(replica), (executedBy.get(String(replica)) ?? 0) + 1);
              // The other replica gets a chance to claim while this one "runs".
              await new Promise((resolve) => setImmediate(resolve));
              return { state: 'done' as const, outcome: 'posted' };
            },
          });
        }),
      );
    }
    const expected = Array.from({ length: SCHEDULE_COUNT }, (_, index) =>
      Array.from({ length: MINUTE_COUNT }, (_, minute) => `every_minute_${index}@${new Date(Date.parse(start) + minute * MINUTE_MS).toISOString()}`),
    ).flat();
    expect(executed.length).toBe(100);
    expect([...executed].sort()).toEqual([...expected].sort());
    // Both replicas did part of the work (claims interleave), and every run ended done.
    expect(executedBy.size).toBe(2);
    const runs = (await Promise.all(Array.from({ length: SCHEDULE_COUNT }, (_, index) => replicas[1]!.schedules.listScheduleRuns(`every_minute_${index}`)))).flat();
    expect(runs.map((run) => run.state)).toEqual(Array(100).fill('done'));
    expect(runs.every((run) => run.attempts === 1)).toBe(true);
  });
});
