// The Edit time modal: a five-field cron expression and an IANA time zone, prefilled with the
// schedule's current values and with the current timetable in plain words as the hint. What the
// modal needs at submission (which schedule, which post) travels in private_metadata.
import type { types } from '@slack/bolt';
import { describeTimetableInZone } from '../../../schedules/describe-schedule.js';
import type { ScheduleTimeField } from '../../../schedules/edit-schedule-time.js';
import type { ScheduleRecord } from '../../../store/schedule-types.js';
import { SCHEDULE_TIME_VIEW_ID } from './schedule-manage-controls.js';

/** Block ids of the two inputs; Slack marks a field error by block id (response_action: errors). */
export const SCHEDULE_TIME_BLOCK_IDS: Record<ScheduleTimeField, string> = {
  cron: 'datathread_schedule_cron',
  timeZone: 'datathread_schedule_time_zone',
};

const INPUT_ACTION_ID = 'value';

/** Which schedule and which post the modal changes. */
export interface ScheduleTimeFormState {
  scheduleId: string;
  channel: string;
  message: string;
  /** The thread the post sits in (a scheduled post usually answers in its source thread). */
  thread?: string | undefined;
}

function input(field: ScheduleTimeField, label: string, value: string, hint: string, placeholder: string) {
  return {
    type: 'input' as const,
    block_id: SCHEDULE_TIME_BLOCK_IDS[field],
    label: { type: 'plain_text' as const, text: label },
    hint: { type: 'plain_text' as const, text: hint },
    element: { type: 'plain_text_input' as const, action_id: INPUT_ACTION_ID, initial_value: value, max_length: 100, placeholder: { type: 'plain_text' as const, text: placeholder } },
  };
}

export function scheduleTimeModal(schedule: ScheduleRecord, state: ScheduleTimeFormState): types.ModalView {
  return {
    type: 'modal',
    callback_id: SCHEDULE_TIME_VIEW_ID,
    private_metadata: JSON.stringify(state),
    title: { type: 'plain_text', text: 'Edit time' },
    submit: { type: 'plain_text', text: 'Save' },
    close: { type: 'plain_text', text: 'Cancel' },
    blocks: [
      input('cron', 'When (cron: minute hour day-of-month month day-of-week)', schedule.cron, `Now: ${describeTimetableInZone(schedule.cron, schedule.timeZone)}`.slice(0, 2_000), '0 9 * * 1 (Mondays at 09:00)'),
      input('timeZone', 'Time zone (IANA name)', schedule.timeZone, 'For example Europe/Berlin, America/New_York or UTC.', 'Europe/Berlin'),
    ],
  };
}

type ViewValues = Record<string, Record<string, { value?: string | null }>>;

export function readTypedTime(values: ViewValues): { cron: string; timeZone: string } {
  return {
    cron: values[SCHEDULE_TIME_BLOCK_IDS.cron]?.[INPUT_ACTION_ID]?.value ?? '',
    timeZone: values[SCHEDULE_TIME_BLOCK_IDS.timeZone]?.[INPUT_ACTION_ID]?.value ?? '',
  };
}

export function readScheduleTimeFormState(metadata: string): ScheduleTimeFormState | undefined {
  try {
    const parsed = JSON.parse(metadata) as Partial<ScheduleTimeFormState>;
    if (typeof parsed.scheduleId !== 'string' || typeof parsed.channel !== 'string' || typeof parsed.message !== 'string') return undefined;
    return { scheduleId: parsed.scheduleId, channel: parsed.channel, message: parsed.message, ...(typeof parsed.thread === 'string' ? { thread: parsed.thread } : {}) };
  } catch {
    return undefined;
  }
}
