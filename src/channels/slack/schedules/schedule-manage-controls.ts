// The buttons under a scheduled post and the line above them saying who last changed the schedule.
// Active: Pause / Edit time / Delete; paused: Resume / Edit time / Delete; deleted: the buttons are
// gone and the line says who deleted it. Delete asks first (Slack's confirm dialog on the button).
import type { SlackBlock, SlackButton } from '../render/block-kit.js';

export const SCHEDULE_ACTION_IDS = {
  pause: 'datathread_schedule_pause',
  resume: 'datathread_schedule_resume',
  editTime: 'datathread_schedule_edit_time',
  remove: 'datathread_schedule_delete',
} as const;

/** The Edit time modal (view_submission callback id). */
export const SCHEDULE_TIME_VIEW_ID = 'datathread_schedule_time_modal';

const CONTROLS_BLOCK_PREFIX = 'datathread_schedule_';
const STATUS_BLOCK_PREFIX = 'datathread_schedule_status_';

export function scheduleControlsBlockId(scheduleId: string): string {
  return `${CONTROLS_BLOCK_PREFIX}${scheduleId}`;
}

function scheduleStatusBlockId(scheduleId: string): string {
  return `${STATUS_BLOCK_PREFIX}${scheduleId}`;
}

function button(text: string, actionId: string, scheduleId: string, extra: Partial<SlackButton> = {}): SlackButton {
  return { type: 'button', text: { type: 'plain_text', text }, action_id: actionId, value: scheduleId, ...extra };
}

const DELETE_CONFIRMATION = {
  title: { type: 'plain_text', text: 'Delete this schedule?' },
  text: { type: 'mrkdwn', text: 'It stops posting for everyone, and it cannot be undone.' },
  confirm: { type: 'plain_text', text: 'Delete' },
  deny: { type: 'plain_text', text: 'Keep it' },
  style: 'danger',
} as const;

export function scheduleControlsBlock(scheduleId: string, state: 'active' | 'paused'): SlackBlock {
  const toggle = state === 'active' ? button('Pause', SCHEDULE_ACTION_IDS.pause, scheduleId) : button('Resume', SCHEDULE_ACTION_IDS.resume, scheduleId, { style: 'primary' });
  return {
    type: 'actions',
    block_id: scheduleControlsBlockId(scheduleId),
    elements: [toggle, button('Edit time', SCHEDULE_ACTION_IDS.editTime, scheduleId), button('Delete', SCHEDULE_ACTION_IDS.remove, scheduleId, { style: 'danger', confirm: DELETE_CONFIRMATION })],
  };
}

function statusBlock(scheduleId: string, line: string): SlackBlock {
  return { type: 'context', block_id: scheduleStatusBlockId(scheduleId), elements: [{ type: 'mrkdwn', text: line }] };
}

/**
 * The post's blocks after a change: the old status line and buttons out, the new line in their
 * place, then the buttons for the new state (none once deleted).
 */
export function withScheduleStatus(blocks: SlackBlock[], scheduleId: string, line: string, state: 'active' | 'paused' | 'deleted'): SlackBlock[] {
  const kept = blocks.filter((block) => block.block_id !== scheduleStatusBlockId(scheduleId) && block.block_id !== scheduleControlsBlockId(scheduleId));
  return [...kept, statusBlock(scheduleId, line), ...(state === 'deleted' ? [] : [scheduleControlsBlock(scheduleId, state)])];
}
