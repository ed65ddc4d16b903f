// Only a schedule's owner and the configured admins may change it from chat; others are told who can.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeSchedule } from '../../src/schedules/manage-schedule.js';
import { ScheduleNotAllowedError } from '../../src/schedules/schedule-errors.js';
import { openStore } from '../../src/store/open-store.js';
import type { Store } from '../../src/store/types.js';
import { manualClock, newSchedule, sequentialIds } from './schedule-fixtures.js';

const directory = await mkdtemp(join(tmpdir(), 'datathread-manage-schedule-'));
let store: Store;

beforeAll(async () => {
  store = await openStore(`sqlite:${join(directory, 'state.db')}`);
  await store.migrate();
});

afterAll(async () => {
  await store?.close();
  await rm(directory, { recursive: true, force: true });
});

const deps = () => ({ store, clock: manualClock('2026-12-07T10:00:00Z'), createId: sequentialIds() });
const admins = ['boss@example.com'];

describe('changing a schedule from chat', () => {
  it('lets the owner pause it and an admin (matched by e-mail) resume it', async () => {
    const schedule = newSchedule();
    await store.schedules.createSchedule(schedule);
    expect(await changeSchedule(schedule.scheduleId, 'pause', deps(), { subject: { userId: 'U_OWNER' }, admins })).toBe('Paused "Revenue by region".');
    expect(await changeSchedule(schedule.scheduleId, 'resume', deps(), { subject: { userId: 'U_BOSS', email: 'Boss@Example.com' }, admins })).toBe(
      'Resumed "Revenue by region"; next run 2026-12-14T08:00:00.000Z.',
    );
    expect(await store.schedules.getSchedule(schedule.scheduleId)).toMatchObject({ state: 'active', nextRunAt: new Date('2026-12-14T08:00:00Z') });
  });

  it('refuses anyone else, saying who may, and leaves the schedule as it was', async () => {
    const schedule = newSchedule();
    await store.schedules.createSchedule(schedule);
    const attempt = changeSchedule(schedule.scheduleId, 'delete', deps(), { subject: { userId: 'U_OTHER', email: 'other@example.com' }, admins });
    await expect(attempt).rejects.toBeInstanceOf(ScheduleNotAllowedError);
    await expect(attempt).rejects.toThrow('Only the owner of "Revenue by region" (Olga Owner) or a workspace admin can delete it.');
    expect(await store.schedules.getSchedule(schedule.scheduleId)).toMatchObject({ state: 'active' });
  });
});
