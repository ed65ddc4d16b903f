// A proposed schedule in the thread: what the bot understood in plain words, who may confirm it,
// and Confirm / Cancel. After a click the buttons give way to what was done ("Scheduled: … · id …").
// The same proposal as Teams' card (channels/teams/schedules/schedule-confirmation-card.ts).
import type { ScheduleProposalNote } from '../../../store/schedule-proposal.js';
import { SCHEDULE_PROPOSAL_SENTENCES } from '../../../schedules/schedule-proposal-decisions.js';
import { encodeButtonValue } from '../actions/action-ids.js';
import type { SlackBlock } from '../render/block-kit.js';
import { escapeMrkdwn } from '../render/escape-mrkdwn.js';
import { button, contextBlock } from '../render/interactive-blocks.js';

export const SCHEDULE_CONFIRMATION_ACTION_IDS = {
  confirm: 'datathread_schedule_confirm',
  cancel: 'datathread_schedule_cancel',
} as const;

/** One per proposal, so a click replaces the buttons of its own proposal only. */
export function scheduleConfirmationBlockId(proposalId: string): string {
  return `datathread_schedule_proposal_${proposalId}`;
}

/** The line saying who may confirm: removed with the buttons, since it no longer holds once decided. */
export function scheduleConfirmationHintBlockId(proposalId: string): string {
  return `datathread_schedule_hint_${proposalId}`;
}

export function scheduleConfirmationBlocks(threadId: string, note: ScheduleProposalNote): SlackBlock[] {
  const value = encodeButtonValue({ thread: threadId, proposal: note.proposalId });
  return [
    { type: 'section', text: { type: 'mrkdwn', text: `:calendar: *Schedule this?* ${escapeMrkdwn(note.summary)}` } },
    { ...contextBlock(escapeMrkdwn(SCHEDULE_PROPOSAL_SENTENCES.whoConfirms(note.ownerName))), block_id: scheduleConfirmationHintBlockId(note.proposalId) },
    {
      type: 'actions',
      block_id: scheduleConfirmationBlockId(note.proposalId),
      elements: [button('Confirm', SCHEDULE_CONFIRMATION_ACTION_IDS.confirm, value, 'primary'), button('Cancel', SCHEDULE_CONFIRMATION_ACTION_IDS.cancel, value)],
    },
  ];
}
