// The per-replica scheduler: a tick queues and runs what is due; a second tick while one is running
// joins it instead of starting another; an unreachable store is logged and the next tick recovers.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Logger } from '../../src/logging/logger.js';
import { ScheduleRunner } from '../../src/schedules/schedule-runner.js';
import { openStore } from '../../src/store/open-store.js';
import type { Store } from '../../src/store/types.js';
import { manualClock, newSchedule, sequentialIds } from './schedule-fixtures.js';

const directory = await mkdtemp(join(tmpdir(), 'datathread-schedule-runner-'));
let store: Store;

beforeAll(async () => {
  store = await openStore(`sqlite:${join(directory, 'state.db')}`);
  await store.migrate();
});

afterAll(async () => {
  await store?.close();
  await rm(directory, { recursive: true, force: true });
});

function recordingLogger(warnings: string[]): Logger {
  return { debug() {}, info() {}, error() {}, warn: (message) => void warnings.push(message) };
}

describe('the schedule runner', () => {
  it('runs each due occurrence once across overlapping ticks, and the next minute’s at the next tick', async () => {
    const schedule = newSchedule({ cron: '* * * * *', nextRunAt: new Date('2026-12-07T08:00:00Z') });
    await store.schedules.createSchedule(schedule);
    const clock = manualClock('2026-12-07T08:00:05Z');
    const ran: string[] = [];
    const runner = new ScheduleRunner({
      store,
      clock,
      createId: sequentialIds(),
      logger: recordingLogger([]),
      execute: async (run) => {
        ran.push(run.occurrenceAt.toISOString());
        return { state: 'done', outcome: 'posted' };
      },
    });
    await Promise.all([runner.tick(), runner.tick()]);
    clock.set('2026-12-07T08:01:05Z');
    await runner.tick();
    expect(ran).toEqual(['2026-12-07T08:00:00.000Z', '2026-12-07T08:01:00.000Z']);
    await runner.stop();
  });

  it('logs a pass that failed on the store and recovers at the next tick', async () => {
    const warnings: string[] = [];
    let storeDown = true;
    const flakySchedules = new Proxy(store.schedules, {
      get: (target, property, receiver) =>
        property === 'listDueSchedules' && storeDown ? async () => Promise.reject(new Error('connection refused')) : Reflect.get(target, property, receiver),
    });
    const flaky = new Proxy(store, {
      get: (target, property, receiver) => (property === 'schedules' ? flakySchedules : Reflect.get(target, property, receiver)),
    });
    const schedule = newSchedule({ cron: '* * * * *', nextRunAt: new Date('2027-01-04T08:00:00Z') });
    await store.schedules.createSchedule(schedule);
    const ran: string[] = [];
    const runner = new ScheduleRunner({
      store: flaky,
      clock: manualClock('2027-01-04T08:00:05Z'),
      createId: sequentialIds(),
      logger: recordingLogger(warnings),
      execute: async (run) => {
        ran.push(run.scheduleId);
        return { state: 'done', outcome: 'posted' };
      },
    });
    await runner.tick();
    expect(warnings).toEqual(['a scheduler pass failed; the next one tries again']);
    storeDown = false;
    await runner.tick();
    expect(ran).toContain(schedule.scheduleId);
    await runner.stop();
  });
});
