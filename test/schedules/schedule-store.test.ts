// The schedule store and its occurrence jobs, the same cases on SQLite and PostgreSQL.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queueDueOccurrences } from '../../src/schedules/queue-due-occurrences.js';
import { openStore } from '../../src/store/open-store.js';
import type { Store } from '../../src/store/types.js';
import { createScratchDatabase, type ScratchDatabase } from '../support/postgres-database.js';
import { manualClock, newSchedule, sequentialIds } from './schedule-fixtures.js';

const directory = await mkdtemp(join(tmpdir(), 'datathread-schedules-'));
let postgres: ScratchDatabase;

beforeAll(async () => {
  postgres = await createScratchDatabase('schedules_store');
});

afterAll(async () => {
  await postgres?.drop();
  await rm(directory, { recursive: true, force: true });
});

const implementations: [string, () => Promise<Store>][] = [
  ['sqlite', () => openStore(`sqlite:${join(directory, 'state.db')}`)],
  ['postgres', () => openStore(postgres.url)],
];

describe.each(implementations)('schedule store on %s', (_name, open) => {
  let store: Store;

  beforeAll(async () => {
    store = await open();
    await store.migrate();
  });

  afterAll(async () => {
    await store?.close();
  });

  it('keeps every field of a schedule, and lists one owner’s schedules', async () => {
    const schedule = newSchedule({ alert: { column: 'signups', operator: '<', value: 200 }, skipUnchanged: true, owner: { platform: 'teams', userId: `aad-${Math.random()}` } });
    await store.schedules.createSchedule(schedule);
    const stored = await store.schedules.getSchedule(schedule.scheduleId);
    expect(stored).toEqual({
      ...schedule,
      state: 'active',
      pausedReason: null,
      lastResultDigest: null,
      lastAlertValue: null,
      alertHolding: false,
      consecutiveFailures: 0,
      failureReported: false,
      updatedAt: schedule.createdAt,
    });
    expect((await store.schedules.listSchedules({ ownerUserId: schedule.owner.userId })).map((each) => each.scheduleId)).toEqual([schedule.scheduleId]);
  });

  it('queues one run per occurrence however often the due check runs, then the next week’s', async () => {
    const schedule = newSchedule({ nextRunAt: new Date('2026-12-07T08:00:00Z') });
    await store.schedules.createSchedule(schedule);
    const clock = manualClock('2026-12-07T08:00:20Z');
    const options = { store, clock, createId: sequentialIds() };
    await queueDueOccurrences(options);
    await queueDueOccurrences(options);
    const runs = await store.schedules.listScheduleRuns(schedule.scheduleId);
    expect(runs.map((run) => [run.occurrenceAt.toISOString(), run.missedCount, run.state])).toEqual([['2026-12-07T08:00:00.000Z', 0, 'queued']]);
    expect((await store.schedules.getSchedule(schedule.scheduleId))?.nextRunAt.toISOString()).toBe('2026-12-14T08:00:00.000Z');
  });

  it('collapses three weeks of downtime into one run that says how many it stands for', async () => {
    const schedule = newSchedule({ nextRunAt: new Date('2026-11-16T08:00:00Z') });
    await store.schedules.createSchedule(schedule);
    await queueDueOccurrences({ store, clock: manualClock('2026-12-08T12:00:00Z'), createId: sequentialIds() });
    const runs = await store.schedules.listScheduleRuns(schedule.scheduleId);
    expect(runs.map((run) => [run.occurrenceAt.toISOString(), run.missedCount])).toEqual([['2026-12-07T08:00:00.000Z', 3]]);
    expect((await store.schedules.getSchedule(schedule.scheduleId))?.nextRunAt.toISOString()).toBe('2026-12-14T08:00:00.000Z');
  });

  it('lets a second worker rerun an occurrence once the first worker’s lease expired, and only the holder finishes it', async () => {
    const schedule = newSchedule({ nextRunAt: new Date('2030-01-07T08:00:00Z') });
    await store.schedules.createSchedule(schedule);
    // Runs queued by earlier cases are claimed out of the way for good (a lease that outlives the test).
    while (await store.schedules.claimScheduleRun('lease-drain', new Date('2030-01-01T00:00:00Z'), new Date('2100-01-01T00:00:00Z')));
    const runId = `run_manual_${Math.random().toString(36).slice(2)}`;
    await store.schedules.enqueueManualScheduleRun({ runId, scheduleId: schedule.scheduleId, occurrenceAt: new Date('2030-01-01T00:00:00Z'), missedCount: 0, manual: true, createdAt: new Date('2030-01-01T00:00:00Z') });
    const claimTime = new Date('2030-01-01T00:00:00Z');
    const first = await store.schedules.claimScheduleRun('lease-a', claimTime, new Date(claimTime.getTime() + 60_000));
    expect(first?.runId).toBe(runId);
    expect(first?.attempts).toBe(1);
    expect(await store.schedules.claimScheduleRun('lease-b', new Date(claimTime.getTime() + 30_000), new Date(claimTime.getTime() + 90_000))).toBeUndefined();
    const second = await store.schedules.claimScheduleRun('lease-b', new Date(claimTime.getTime() + 61_000), new Date(claimTime.getTime() + 121_000));
    expect(second).toMatchObject({ runId, attempts: 2, leaseOwner: 'lease-b' });
    expect(await store.schedules.recordScheduleRunPost(runId, 'lease-a', 'ts-a', claimTime)).toBe(false);
    expect(await store.schedules.recordScheduleRunPost(runId, 'lease-b', 'ts-b', claimTime)).toBe(true);
    expect(await store.schedules.finishScheduleRun(runId, 'lease-a', 'done', 'posted', claimTime)).toBe(false);
    expect(await store.schedules.finishScheduleRun(runId, 'lease-b', 'done', 'posted', claimTime)).toBe(true);
    expect(await store.schedules.getScheduleRun(runId)).toMatchObject({ state: 'done', postedMessageId: 'ts-b', outcome: 'posted', leaseOwner: null });
  });

  it('does not queue a paused schedule; resume starts it from the given time with failures cleared; delete removes it and its runs', async () => {
    const schedule = newSchedule({ nextRunAt: new Date('2026-12-07T08:00:00Z') });
    await store.schedules.createSchedule(schedule);
    await store.schedules.saveScheduleRunMemory(schedule.scheduleId, { lastResultDigest: 'abc', lastAlertValue: 12.5, alertHolding: true, consecutiveFailures: 3, failureReported: true }, new Date('2026-12-07T08:00:00Z'));
    expect(await store.schedules.pauseSchedule(schedule.scheduleId, 'Paused by its owner.', new Date('2026-12-07T07:00:00Z'))).toBe(true);
    await queueDueOccurrences({ store, clock: manualClock('2026-12-07T09:00:00Z'), createId: sequentialIds() });
    expect(await store.schedules.listScheduleRuns(schedule.scheduleId)).toEqual([]);
    expect(await store.schedules.getSchedule(schedule.scheduleId)).toMatchObject({ state: 'paused', pausedReason: 'Paused by its owner.', lastAlertValue: 12.5, alertHolding: true });
    expect(await store.schedules.resumeSchedule(schedule.scheduleId, new Date('2026-12-14T08:00:00Z'), new Date('2026-12-07T09:00:00Z'))).toBe(true);
    expect(await store.schedules.getSchedule(schedule.scheduleId)).toMatchObject({ state: 'active', pausedReason: null, consecutiveFailures: 0, failureReported: false });
    expect(await store.schedules.rescheduleSchedule(schedule.scheduleId, '30 8 * * 1-5', 'America/New_York', new Date('2026-12-08T13:30:00Z'), new Date('2026-12-07T09:00:00Z'))).toBe(true);
    expect(await store.schedules.getSchedule(schedule.scheduleId)).toMatchObject({ cron: '30 8 * * 1-5', timeZone: 'America/New_York' });
    await store.schedules.enqueueManualScheduleRun({ runId: `run_now_${Math.random()}`, scheduleId: schedule.scheduleId, occurrenceAt: new Date('2026-12-07T09:00:00Z'), missedCount: 0, manual: true, createdAt: new Date('2026-12-07T09:00:00Z') });
    expect(await store.schedules.deleteSchedule(schedule.scheduleId)).toBe(true);
    expect(await store.schedules.getSchedule(schedule.scheduleId)).toBeUndefined();
    expect(await store.schedules.listScheduleRuns(schedule.scheduleId)).toEqual([]);
    expect(await store.schedules.deleteSchedule(schedule.scheduleId)).toBe(false);
  });
});
