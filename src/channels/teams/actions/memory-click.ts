// Undo / Approve / Reject on a memory note card. The decision is made in the core
// (memory/memory-decisions.ts) with the clicker taken from the activity (their Entra object
// id and UPN, and the groups they belong to, from clicker-subject.ts: a verifier may be listed by
// any of them) and the channel the click came from. Done: the
// note's card is redrawn without buttons, saying what was done. Refused (not a verifier, another
// channel): the reason goes to the clicker only, in their one-to-one chat with the bot.
import type { MemoryDecision } from '../../../memory/memory-decisions.js';
import { memoryNoteFor } from '../../../memory/memory-decisions.js';
import type { ChannelContext } from '../channel-context.js';
import type { InboundActivity } from '../inbound/inbound-activity.js';
import { replyTargetOf } from '../inbound/reply-target.js';
import { buildTeamsTurnRequest } from '../inbound/turn-request.js';
import { createCard, textBlock } from '../render/adaptive-card-types.js';
import { memoryDecidedCard } from '../render/memory-cards.js';
import type { RequestIdentity } from '../turns/background-tasks.js';
import { clickerSubject } from './clicker-subject.js';

const DECISIONS: Record<string, MemoryDecision> = { memory_undo: 'undo', memory_approve: 'approve', memory_reject: 'reject' };

function memoryClick(value: unknown): { decision: MemoryDecision; memoryId: string } | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const record = value as { datathread?: unknown; memoryId?: unknown };
  const decision = typeof record.datathread === 'string' ? DECISIONS[record.datathread] : undefined;
  return decision && typeof record.memoryId === 'string' && record.memoryId !== '' ? { decision, memoryId: record.memoryId } : undefined;
}

/** True when the activity is a memory button click (then it is handled here, in the background). */
export function startMemoryClick(context: ChannelContext, activity: InboundActivity, identity: RequestIdentity): boolean {
  if (activity.type !== 'message') return false;
  const click = memoryClick(activity.value);
  if (!click) return false;
  const memories = context.memories;
  const clicker = buildTeamsTurnRequest(activity, '');
  const threadId = clicker.threadId;
  context.work.start(replyTargetOf(activity), identity, threadId, async (outbox) => {
    if (!memories) {
      context.logger.warn('Teams memory click, but memories are not wired to this channel.', { threadId });
      return;
    }
    const { actor } = clicker;
    const { groups } = await clickerSubject(context, activity);
    const result = await memories.decide(click.decision, click.memoryId, { userId: actor.userId, email: actor.email, displayName: actor.displayName, groups, channelId: clicker.place.channelId });
    if (result.kind === 'refused') {
      context.logger.info('Teams memory decision refused.', { threadId, memoryId: click.memoryId, decision: click.decision, userId: actor.userId });
      await outbox.postPrivately(createCard([textBlock(result.reason)])).catch((error: unknown) => {
        context.logger.warn('The reason a memory did not change could not be sent to the clicker privately.', { threadId, error });
      });
      return;
    }
    context.logger.info('Teams memory decision made.', { threadId, memoryId: click.memoryId, decision: click.decision });
    const card = memoryDecidedCard(memoryNoteFor(result.memory, click.decision === 'approve' ? 'remembered' : 'forgotten'), result.sentence);
    if (activity.replyToId) await outbox.update(activity.replyToId, card);
    else await outbox.post(card);
  });
  return true;
}
