// The buttons under a scheduled post and the line above them saying who last changed the schedule.
// Active: Pause / Edit time / Delete; paused: Resume / Edit time / Delete; deleted: the buttons are
// gone and the line says who deleted it. Edit time opens a form under the card (Action.ShowCard:
// cron and zone, prefilled, and Save); Delete opens a confirm step the same way, so nothing is
// deleted by one stray click. Mirrors slack/schedules/schedule-manage-controls.ts.
import { describeTimetableInZone } from '../../../schedules/describe-schedule.js';
import type { AdaptiveCard, CardAction, ScheduleActionData, SubmitAction, TextBlockElement } from '../render/adaptive-card-types.js';

/** Where the Edit time form's fields come back in the submit's data. */
export const SCHEDULE_TIME_INPUT_IDS = { cron: 'scheduleCron', timeZone: 'scheduleTimeZone' } as const;

const STATUS_BLOCK_PREFIX = 'scheduleStatus_';

function submit(title: string, datathread: ScheduleActionData['datathread'], scheduleId: string, style?: SubmitAction['style']): SubmitAction {
  return { type: 'Action.Submit', title, data: { datathread, scheduleId }, ...(style ? { style } : {}) };
}

function editTimeAction(scheduleId: string, time: { cron: string; timeZone: string } | undefined): CardAction {
  return {
    type: 'Action.ShowCard',
    title: 'Edit time',
    card: {
      type: 'AdaptiveCard',
      body: [
        ...(time ? [{ type: 'TextBlock' as const, text: `Now: ${describeTimetableInZone(time.cron, time.timeZone)}`, isSubtle: true as const, wrap: true as const }] : []),
        { type: 'Input.Text', id: SCHEDULE_TIME_INPUT_IDS.cron, label: 'When (cron: minute hour day-of-month month day-of-week)', placeholder: '0 9 * * 1 (Mondays at 09:00)', maxLength: 100, isRequired: true, errorMessage: 'Type a cron expression with five fields.', ...(time ? { value: time.cron } : {}) },
        { type: 'Input.Text', id: SCHEDULE_TIME_INPUT_IDS.timeZone, label: 'Time zone (IANA name, e.g. Europe/Berlin)', placeholder: 'Europe/Berlin', maxLength: 100, isRequired: true, errorMessage: 'Type a time zone such as Europe/Berlin.', ...(time ? { value: time.timeZone } : {}) },
      ],
      actions: [submit('Save', 'schedule_edit_time', scheduleId, 'positive')],
    },
  };
}

function deleteAction(scheduleId: string): CardAction {
  return {
    type: 'Action.ShowCard',
    title: 'Delete',
    card: {
      type: 'AdaptiveCard',
      body: [{ type: 'TextBlock', text: 'Delete this schedule? It stops posting for everyone, and it cannot be undone.', wrap: true }],
      actions: [submit('Delete for good', 'schedule_delete', scheduleId, 'destructive')],
    },
  };
}

export function scheduleControlActions(scheduleId: string, state: 'active' | 'paused', time: { cron: string; timeZone: string } | undefined): CardAction[] {
  const toggle = state === 'active' ? submit('Pause', 'schedule_pause', scheduleId) : submit('Resume', 'schedule_resume', scheduleId, 'positive');
  return [toggle, editTimeAction(scheduleId, time), deleteAction(scheduleId)];
}

function statusBlock(scheduleId: string, line: string): TextBlockElement {
  return { type: 'TextBlock', id: `${STATUS_BLOCK_PREFIX}${scheduleId}`, text: line, isSubtle: true, wrap: true };
}

/** The post's card after a change: the old status line out, the new one at the end, the buttons for the new state. */
export function withScheduleStatus(card: AdaptiveCard, scheduleId: string, line: string, state: 'active' | 'paused' | 'deleted', time: { cron: string; timeZone: string } | undefined): AdaptiveCard {
  const body = card.body.filter((element) => !(element.type === 'TextBlock' && element.id === `${STATUS_BLOCK_PREFIX}${scheduleId}`));
  const { actions: _oldActions, ...rest } = card;
  const actions = state === 'deleted' ? [] : scheduleControlActions(scheduleId, state, time);
  return { ...rest, body: [...body, statusBlock(scheduleId, line)], ...(actions.length > 0 ? { actions } : {}) };
}
