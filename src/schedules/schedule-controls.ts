// The Pause / Resume / Delete buttons on a scheduled post, as one decision both channels share: the
// click is checked against the schedule as the store holds it now (deleted already, owner or
// admin), applied, and answered with the state the post should show next.
import { changeSchedule, type ScheduleChangeDeps, type ScheduleChanger } from './manage-schedule.js';
import { ScheduleNotAllowedError, ScheduleNotFoundError } from './schedule-errors.js';
import type { ScheduleState } from '../store/schedule-types.js';
import { SCHEDULE_SENTENCES } from './schedule-wording.js';

export const SCHEDULE_CONTROLS = ['pause', 'resume', 'delete'] as const;
export type ScheduleControl = (typeof SCHEDULE_CONTROLS)[number];

export type ScheduleControlOutcome =
  /** Nothing changed; `reason` goes to the clicker only. */
  | { kind: 'refused'; reason: string }
  /** Applied: the post now shows `state` (a paused schedule with no further run stays paused). */
  | { kind: 'changed'; state: ScheduleState | 'deleted'; sentence: string };

export async function applyScheduleControl(scheduleId: string, control: ScheduleControl, changer: ScheduleChanger, deps: ScheduleChangeDeps): Promise<ScheduleControlOutcome> {
  let sentence: string;
  try {
    sentence = await changeSchedule(scheduleId, control, deps, changer);
  } catch (error) {
    if (error instanceof ScheduleNotFoundError) return { kind: 'refused', reason: SCHEDULE_SENTENCES.alreadyDeleted };
    if (error instanceof ScheduleNotAllowedError) return { kind: 'refused', reason: error.message };
    throw error;
  }
  const after = await deps.store.schedules.getSchedule(scheduleId);
  return { kind: 'changed', state: after?.state ?? 'deleted', sentence };
}

/** What a channel needs to handle the buttons on scheduled posts: the store and who the admins are. */
export interface ScheduleManagement extends ScheduleChangeDeps {
  /** `admins` from the config: they may change anyone's schedules. */
  admins: readonly string[];
}
