// Pause, resume, delete and run-now, shared by the buttons on each post, the chat and the CLI.
// From chat, only the owner and the config's `admins` (by id, e-mail or a group the person belongs
// to) may change a schedule; the CLI is the operator's and passes no person.
import type { AccessSubject } from '../access/access-rules.js';
import { personListMatches } from '../access/person-lists.js';
import type { Store } from '../store/types.js';
import type { Clock, IdFactory } from '../support/clock-and-ids.js';
import { nextOccurrence } from './cron-occurrences.js';
import { ScheduleNotAllowedError, ScheduleNotFoundError } from './schedule-errors.js';
import type { ScheduleRecord } from '../store/schedule-types.js';

export const SCHEDULE_CHANGES = ['pause', 'resume', 'delete', 'run-now'] as const;
export type ScheduleChange = (typeof SCHEDULE_CHANGES)[number];

export interface ScheduleChangeDeps {
  store: Store;
  clock: Clock;
  createId: IdFactory;
}

/** Who asks for a change from chat (with the groups they belong to), and the admins who may change anyone's schedules. */
export interface ScheduleChanger {
  subject: Pick<AccessSubject, 'userId' | 'email' | 'groups'>;
  admins: readonly string[];
}

export function mayManageSchedule(schedule: ScheduleRecord, changer: ScheduleChanger): boolean {
  return changer.subject.userId === schedule.owner.userId || personListMatches(changer.admins, changer.subject);
}

async function apply(schedule: ScheduleRecord, change: ScheduleChange, deps: ScheduleChangeDeps): Promise<string> {
  const now = deps.clock();
  switch (change) {
    case 'pause':
      await deps.store.schedules.pauseSchedule(schedule.scheduleId, 'paused by hand', now);
      return `Paused "${schedule.title}".`;
    case 'resume': {
      const next = nextOccurrence(schedule.cron, schedule.timeZone, now);
      if (!next) return `"${schedule.title}" has no further occurrence; it stays paused.`;
      await deps.store.schedules.resumeSchedule(schedule.scheduleId, next, now);
      return `Resumed "${schedule.title}"; next run ${next.toISOString()}.`;
    }
    case 'delete':
      await deps.store.schedules.deleteSchedule(schedule.scheduleId);
      return `Deleted "${schedule.title}".`;
    case 'run-now':
      await deps.store.schedules.enqueueManualScheduleRun({ runId: deps.createId('run_'), scheduleId: schedule.scheduleId, occurrenceAt: now, missedCount: 0, manual: true, createdAt: now });
      return `Queued a run of "${schedule.title}" now.`;
  }
}

/** Applies the change and returns the sentence to show; throws when the schedule is unknown or the changer may not. */
export async function changeSchedule(scheduleId: string, change: ScheduleChange, deps: ScheduleChangeDeps, changer?: ScheduleChanger): Promise<string> {
  const schedule = await deps.store.schedules.getSchedule(scheduleId);
  if (!schedule) throw new ScheduleNotFoundError(`No schedule has the id "${scheduleId}"; \`datathread schedules list\` shows them.`);
  if (changer && !mayManageSchedule(schedule, changer)) {
    throw new ScheduleNotAllowedError(`Only the owner of "${schedule.title}" (${schedule.owner.displayName ?? schedule.owner.userId}) or a workspace admin can ${change} it.`);
  }
  return apply(schedule, change, deps);
}
