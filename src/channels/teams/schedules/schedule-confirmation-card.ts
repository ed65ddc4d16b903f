// A proposed schedule as a card of its own under the answer: what the bot understood in plain
// words, who may confirm it, and Confirm / Cancel. After a click the card is redrawn without
// buttons, saying what was done. The same proposal as Slack's blocks
// (channels/slack/schedules/schedule-confirmation-blocks.ts).
import type { ScheduleProposalNote } from '../../../store/schedule-proposal.js';
import { SCHEDULE_PROPOSAL_SENTENCES } from '../../../schedules/schedule-proposal-decisions.js';
import { submitAction } from '../actions/card-actions.js';
import { createCard, textBlock, type AdaptiveCard } from '../render/adaptive-card-types.js';

export function scheduleConfirmationCard(note: ScheduleProposalNote): AdaptiveCard {
  return createCard(
    [
      textBlock(`📅 **Schedule this?** ${note.summary}`),
      textBlock(SCHEDULE_PROPOSAL_SENTENCES.whoConfirms(note.ownerName), { isSubtle: true, size: 'Small', spacing: 'Small' }),
    ],
    [
      { ...submitAction('Confirm', { datathread: 'schedule_confirm', proposalId: note.proposalId }), style: 'positive' },
      submitAction('Cancel', { datathread: 'schedule_cancel', proposalId: note.proposalId }),
    ],
  );
}

/** The proposal after Confirm / Cancel: what was done, with nothing left to click. */
export function scheduleDecidedCard(sentence: string): AdaptiveCard {
  return createCard([textBlock(`📅 ${sentence}`)]);
}
