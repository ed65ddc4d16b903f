// Confirm / Cancel under a proposed schedule. The decision is made in the core
// (schedules/schedule-proposal-decisions.ts); here the click is read, the clicker's e-mail and groups
// looked up (an admin may be listed by e-mail or a group), the delivery target settled (this channel,
// and this thread unless the proposal posts as new messages), the thread's permalink asked for on a
// Confirm (schedule-source-link.ts) and the answer shown: the buttons are replaced by
// what was done, for everyone; a refusal goes to the clicker only, as an ephemeral message.
import type { App, BlockAction, ButtonAction } from '@slack/bolt';
import type { DeliveryForDestination, ScheduleProposalDecision } from '../../../schedules/schedule-proposal-decisions.js';
import type { JsonValue } from '../../../databases/types.js';
import type { ScheduleDestination } from '../../../store/schedule-proposal.js';
import { readButtonClick, type ButtonClick } from '../actions/button-click.js';
import { clickerSubject } from '../actions/clicker-subject.js';
import { disableButtons } from '../actions/disable-buttons.js';
import { outboxFor, type ChannelContext } from '../channel-context.js';
import { explainSlackError } from '../outbox/slack-api-errors.js';
import { escapeMrkdwn } from '../render/escape-mrkdwn.js';
import { SCHEDULE_CONFIRMATION_ACTION_IDS, scheduleConfirmationBlockId, scheduleConfirmationHintBlockId } from './schedule-confirmation-blocks.js';
import { scheduleSourceLink } from './schedule-source-link.js';

const DECISIONS: Array<[string, ScheduleProposalDecision]> = [
  [SCHEDULE_CONFIRMATION_ACTION_IDS.confirm, 'confirm'],
  [SCHEDULE_CONFIRMATION_ACTION_IDS.cancel, 'cancel'],
];

export function registerScheduleConfirmationListeners(app: App, context: ChannelContext): void {
  for (const [actionId, decision] of DECISIONS) {
    app.action<BlockAction<ButtonAction>>({ type: 'block_actions', action_id: actionId }, async ({ ack, body }) => {
      await ack();
      const click = readButtonClick(body);
      const proposalId = click?.value.proposal;
      if (!click || !proposalId) {
        context.logger.warn('Ignored a Slack schedule confirmation click without a proposal in its value.', { actionId });
        return;
      }
      context.tasks.run('schedule confirmation', () => decide(context, click, decision, proposalId));
    });
  }
}

/** Where the schedule's posts go: the clicked message's channel, in its thread or as new messages. */
function slackDeliveryFor(click: ButtonClick): DeliveryForDestination {
  const { channelId, threadTs } = click.target;
  return (destination: ScheduleDestination): JsonValue => (destination === 'thread' ? { channelId, threadTs } : { channelId });
}

async function decide(context: ChannelContext, click: ButtonClick, decision: ScheduleProposalDecision, proposalId: string): Promise<void> {
  const outbox = outboxFor(context, click.target);
  const decisions = context.scheduleProposals;
  if (!decisions) {
    context.logger.warn('Slack schedule confirmation click, but schedule proposals are not wired to this channel.', { threadId: click.target.threadId });
    return;
  }
  const actor = await context.users.lookUp(click.userId);
  const { groups } = await clickerSubject(context, click);
  const result = await decisions.decide(decision, proposalId, { userId: click.userId, email: actor.email, displayName: actor.displayName, groups }, slackDeliveryFor(click), () =>
    scheduleSourceLink(context, click.target),
  );
  if (result.kind === 'refused') {
    context.logger.info('Slack schedule confirmation refused.', { threadId: click.target.threadId, proposalId, decision, userId: click.userId });
    await outbox
      .postPrivately(click.userId, { text: result.reason, blocks: [] })
      .catch((error: unknown) => context.logger.warn(explainSlackError('tell the clicker why the schedule was not confirmed', error)));
    return;
  }
  context.logger.info('Slack schedule proposal decided.', { threadId: click.target.threadId, proposalId, decision, scheduleId: result.scheduleId });
  const hintBlockId = scheduleConfirmationHintBlockId(proposalId);
  const withoutHint = { ...click, messageBlocks: click.messageBlocks.filter((block) => block.block_id !== hintBlockId) };
  await disableButtons(outbox, withoutHint, scheduleConfirmationBlockId(proposalId), `→ ${escapeMrkdwn(result.sentence)}`);
}
