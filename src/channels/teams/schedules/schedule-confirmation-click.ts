// Confirm / Cancel on a proposed schedule's card. The decision is made in the core
// (schedules/schedule-proposal-decisions.ts) with the clicker taken from the activity (their Entra
// object id, UPN and groups: an admin may be listed by any of them). The delivery target is this
// conversation's reference and the request's claims, stored as a turn job's reply target is: the
// thread itself, or the channel without the thread's root when the proposal posts as new messages.
// The reference's user is the asker, kept with the proposal, even when an admin confirms: owner
// notices (failures, pauses) go to the asker's one-to-one chat. The posts link back to this thread
// (schedule-source-link.ts). Done: the card
// is redrawn without buttons, saying what was done. Refused: the reason goes to the clicker only.
import type { JsonValue } from '../../../databases/types.js';
import type { ScheduleProposalDecision } from '../../../schedules/schedule-proposal-decisions.js';
import type { ScheduleDestination } from '../../../store/schedule-proposal.js';
import type { ScheduleOwner } from '../../../store/schedule-types.js';
import { clickerSubject } from '../actions/clicker-subject.js';
import type { ChannelContext } from '../channel-context.js';
import type { InboundActivity } from '../inbound/inbound-activity.js';
import { replyTargetOf } from '../inbound/reply-target.js';
import { buildTeamsTurnRequest } from '../inbound/turn-request.js';
import { createCard, textBlock } from '../render/adaptive-card-types.js';
import type { RequestIdentity } from '../turns/background-tasks.js';
import type { ReplyTarget } from '../types.js';
import { scheduleDecidedCard } from './schedule-confirmation-card.js';
import { scheduleSourceLink } from './schedule-source-link.js';

const DECISIONS: Record<string, ScheduleProposalDecision> = { schedule_confirm: 'confirm', schedule_cancel: 'cancel' };

/** A channel thread's conversation id names its root (`…;messageid=<root>`): without it, a post starts a new thread. */
const THREAD_ROOT_SUFFIX = /;messageid=[^;]*$/;

function confirmationClick(value: unknown): { decision: ScheduleProposalDecision; proposalId: string } | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const record = value as { datathread?: unknown; proposalId?: unknown };
  const decision = typeof record.datathread === 'string' ? DECISIONS[record.datathread] : undefined;
  return decision && typeof record.proposalId === 'string' && record.proposalId !== '' ? { decision, proposalId: record.proposalId } : undefined;
}

/** The asker as the proposing turn's activity named them (`from`); the clicker for a proposal kept without it. */
function ownerAsUser(owner: ScheduleOwner, clicker: ReplyTarget['user']): ReplyTarget['user'] {
  const address = owner.address;
  if (!address?.id) return clicker;
  return { id: address.id, ...(address.name ? { name: address.name } : {}), ...(address.aadObjectId ? { aadObjectId: address.aadObjectId } : {}) };
}

function teamsDeliveryFor(target: ReplyTarget, identity: RequestIdentity) {
  return (destination: ScheduleDestination, owner: ScheduleOwner): JsonValue => {
    const conversation = destination === 'channel' ? { ...target.conversation, id: target.conversation.id.replace(THREAD_ROOT_SUFFIX, '') } : target.conversation;
    // Claims and the conversation reference only, never a token (teams-schedule-delivery.ts reads it back).
    return JSON.parse(JSON.stringify({ target: { ...target, conversation, user: ownerAsUser(owner, target.user) }, identity })) as JsonValue;
  };
}

/** True when the activity is a Confirm / Cancel click on a schedule proposal (then it is handled here, in the background). */
export function startScheduleConfirmationClick(context: ChannelContext, activity: InboundActivity, identity: RequestIdentity): boolean {
  if (activity.type !== 'message') return false;
  const click = confirmationClick(activity.value);
  if (!click) return false;
  const decisions = context.scheduleProposals;
  const clicker = buildTeamsTurnRequest(activity, '');
  const threadId = clicker.threadId;
  const target = replyTargetOf(activity);
  context.work.start(target, identity, threadId, async (outbox) => {
    if (!decisions) {
      context.logger.warn('Teams schedule confirmation click, but schedule proposals are not wired to this channel.', { threadId });
      return;
    }
    const { actor } = clicker;
    const { groups } = await clickerSubject(context, activity);
    const decider = { userId: actor.userId, email: actor.email, displayName: actor.displayName, groups };
    const result = await decisions.decide(click.decision, click.proposalId, decider, teamsDeliveryFor(target, identity), async () => scheduleSourceLink(activity));
    if (result.kind === 'refused') {
      context.logger.info('Teams schedule confirmation refused.', { threadId, proposalId: click.proposalId, decision: click.decision, userId: actor.userId });
      await outbox.postPrivately(createCard([textBlock(result.reason)])).catch((error: unknown) => {
        context.logger.warn('The reason a schedule was not confirmed could not be sent to the clicker privately.', { threadId, error });
      });
      return;
    }
    context.logger.info('Teams schedule proposal decided.', { threadId, proposalId: click.proposalId, decision: click.decision, scheduleId: result.scheduleId });
    const card = scheduleDecidedCard(result.sentence);
    if (activity.replyToId) await outbox.update(activity.replyToId, card);
    else await outbox.post(card);
  });
  return true;
}
