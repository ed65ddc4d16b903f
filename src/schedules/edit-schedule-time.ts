// Edit time on a scheduled post: a new five-field cron expression and IANA zone, checked field by
// field (so the form can mark the field that is wrong), then saved with the next run recomputed
// from now. The answer carries the new timetable in plain words.
import type { Store } from '../store/types.js';
import type { Clock } from '../support/clock-and-ids.js';
import { nextOccurrence, validateCron, validateTimeZone } from './cron-occurrences.js';
import { describeSchedule } from './describe-schedule.js';
import { mayManageSchedule, type ScheduleChanger } from './manage-schedule.js';
import { InvalidScheduleError } from './schedule-errors.js';
import type { ScheduleRecord } from '../store/schedule-types.js';
import { SCHEDULE_SENTENCES } from './schedule-wording.js';

export type ScheduleTimeField = 'cron' | 'timeZone';

export interface ScheduleTime {
  cron: string;
  timeZone: string;
}

export type EditScheduleTimeOutcome =
  | { kind: 'refused'; reason: string }
  | { kind: 'invalid'; field: ScheduleTimeField; message: string }
  | { kind: 'changed'; summary: string; nextRunAt: Date };

export interface EditScheduleTimeDeps {
  store: Store;
  clock: Clock;
}

/** The new timetable in plain words, as the post says it after saving. */
function scheduleTimeSummary(schedule: Pick<ScheduleRecord, 'title'>, time: ScheduleTime, now: Date): string {
  return describeSchedule({ cron: time.cron, timeZone: time.timeZone, what: schedule.title, where: 'posted here', now });
}

function invalidField(time: ScheduleTime, now: Date): { field: ScheduleTimeField; message: string } | undefined {
  try {
    validateTimeZone(time.timeZone);
  } catch (error) {
    if (error instanceof InvalidScheduleError) return { field: 'timeZone', message: error.message };
    throw error;
  }
  try {
    validateCron(time.cron, time.timeZone);
  } catch (error) {
    if (error instanceof InvalidScheduleError) return { field: 'cron', message: error.message };
    throw error;
  }
  if (!nextOccurrence(time.cron, time.timeZone, now)) return { field: 'cron', message: `"${time.cron}" has no further occurrence.` };
  return undefined;
}

/** The schedule as the store holds it now when the changer may change it, or the reason why not. */
export async function refusalOfScheduleChange(scheduleId: string, changer: ScheduleChanger, store: Store): Promise<{ reason: string } | { schedule: ScheduleRecord }> {
  const schedule = await store.schedules.getSchedule(scheduleId);
  if (!schedule) return { reason: SCHEDULE_SENTENCES.alreadyDeleted };
  if (!mayManageSchedule(schedule, changer)) return { reason: `Only the owner of "${schedule.title}" (${schedule.owner.displayName ?? schedule.owner.userId}) or a workspace admin can change its time.` };
  return { schedule };
}

export async function editScheduleTime(scheduleId: string, typed: ScheduleTime, changer: ScheduleChanger, deps: EditScheduleTimeDeps): Promise<EditScheduleTimeOutcome> {
  const time = { cron: typed.cron.trim().replace(/\s+/g, ' '), timeZone: typed.timeZone.trim() };
  const now = deps.clock();
  const invalid = invalidField(time, now);
  if (invalid) return { kind: 'invalid', ...invalid };
  const checked = await refusalOfScheduleChange(scheduleId, changer, deps.store);
  if ('reason' in checked) return { kind: 'refused', reason: checked.reason };
  const nextRunAt = nextOccurrence(time.cron, time.timeZone, now)!;
  if (!(await deps.store.schedules.rescheduleSchedule(scheduleId, time.cron, time.timeZone, nextRunAt, now))) return { kind: 'refused', reason: SCHEDULE_SENTENCES.alreadyDeleted };
  return { kind: 'changed', summary: scheduleTimeSummary(checked.schedule, time, now), nextRunAt };
}
