// Verify on a Teams answer: an Action.Submit whose data names the answer. The card is in the
// conversation, so anyone there can press it; only a verifier's click is kept
// (answer-verification.ts checks the list, by Entra object id, e-mail/UPN or a group the clicker
// belongs to, resolved as for access rules by clicker-subject.ts). A verifier's click is
// confirmed in the thread and the answer card's button gives way to the verified badge; a second
// click (a client still showing the button) only redraws the badge and is told privately. Anyone
// else is told why not privately (in their one-to-one chat with the bot, or right there when the
// click came from it). Handled by the channel, no model call.
import { alreadyVerifiedSentence, NOTHING_TO_VERIFY_SENTENCE, NOT_A_VERIFIER_SENTENCE, VERIFY_NOT_KEPT_SENTENCE, verifiedSentence } from '../../../verified/answer-verification.js';
import { verifiedBadgeText, verifiedQueryFromStore } from '../../../verified/verified-query.js';
import type { StoredVerifiedQuery } from '../../../store/verified-query-store.js';
import type { ChannelContext } from '../channel-context.js';
import type { InboundActivity } from '../inbound/inbound-activity.js';
import { replyTargetOf } from '../inbound/reply-target.js';
import { buildTeamsTurnRequest } from '../inbound/turn-request.js';
import type { TeamsOutbox } from '../outbox/teams-outbox.js';
import { createCard, textBlock, type AdaptiveCard, type SubmitAction } from '../render/adaptive-card-types.js';
import type { RequestIdentity } from '../turns/background-tasks.js';
import { submitAction } from './card-actions.js';
import { clickerSubject } from './clicker-subject.js';

export const VERIFY_BUTTON_TITLE = '✓ Verify';

export function verifyActions(answerId: string | undefined): SubmitAction[] {
  return answerId ? [submitAction(VERIFY_BUTTON_TITLE, { datathread: 'verify', answer: answerId })] : [];
}

function verifyAnswerId(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const record = value as { datathread?: unknown; answer?: unknown };
  return record.datathread === 'verify' && typeof record.answer === 'string' && record.answer !== '' ? record.answer : undefined;
}

/** True when the activity is a Verify click (then it is handled here, in the background). */
export function startVerifyClick(context: ChannelContext, activity: InboundActivity, identity: RequestIdentity): boolean {
  if (activity.type !== 'message') return false;
  const answerId = verifyAnswerId(activity.value);
  if (!answerId) return false;
  // The thread comes from where the click happened, never from the button.
  const clicker = buildTeamsTurnRequest(activity, '');
  const threadId = clicker.threadId;
  const verification = context.verification;
  context.work.start(replyTargetOf(activity), identity, threadId, async (outbox) => {
    if (!verification) {
      context.logger.warn('Teams Verify click, but verification is not configured; nothing stored.', { threadId });
      return;
    }
    const { groups } = await clickerSubject(context, activity);
    try {
      const result = await verification.verify({ threadId, answerId, verifier: { ...clicker.actor, groups } });
      if (result.kind === 'verified') {
        context.logger.info('Teams answer verified.', { threadId, answerId, userId: clicker.actor.userId });
        await outbox.post(createCard([textBlock(verifiedSentence(result.query), { color: 'Good' })]));
        await showBadge(context, outbox, activity.replyToId, result.query, threadId);
        return;
      }
      if (result.kind === 'already_verified') {
        context.logger.info('Teams Verify click on an answer verified already.', { threadId, answerId, userId: clicker.actor.userId });
        await showBadge(context, outbox, activity.replyToId, result.query, threadId);
        await tellPrivately(context, outbox, alreadyVerifiedSentence(result.query), threadId);
        return;
      }
      context.logger.info('Teams Verify click not kept.', { threadId, answerId, userId: clicker.actor.userId, reason: result.kind });
      await tellPrivately(context, outbox, result.kind === 'not_a_verifier' ? NOT_A_VERIFIER_SENTENCE : NOTHING_TO_VERIFY_SENTENCE, threadId);
    } catch (error) {
      context.logger.error('Teams verification could not be stored.', { threadId, error });
      await tellPrivately(context, outbox, VERIFY_NOT_KEPT_SENTENCE, threadId);
    }
  });
  return true;
}

/** The answer card without ✓ Verify, the badge at the end of its body. */
function withVerifiedBadge(card: AdaptiveCard, badgeText: string): AdaptiveCard {
  const actions = (card.actions ?? []).filter((action) => action.title !== VERIFY_BUTTON_TITLE);
  const body = [...card.body, textBlock(badgeText, { color: 'Good', weight: 'Bolder', size: 'Small' })];
  const updated: AdaptiveCard = { ...card, body, actions };
  if (actions.length === 0) delete updated.actions;
  return updated;
}

/**
 * The clicked answer card updated in place (updateActivity), with the marks it was sent with so it
 * keeps its AI label and 👍/👎. A card sent before a restart is not in memory and keeps its button:
 * a second click on it is still answered privately, never confirmed twice.
 */
async function showBadge(context: ChannelContext, outbox: TeamsOutbox, activityId: string | undefined, query: StoredVerifiedQuery, threadId: string): Promise<void> {
  const sent = activityId ? context.sentCards.peek(activityId) : undefined;
  if (!activityId || !sent) return;
  const card = withVerifiedBadge(sent.card, verifiedBadgeText(verifiedQueryFromStore(query)));
  try {
    await outbox.update(activityId, card, sent.marks);
    context.sentCards.remember(activityId, card, sent.marks);
  } catch (error) {
    context.logger.warn('The verified badge could not be shown on the Teams answer card.', { threadId, activityId, error });
  }
}

/** Only the clicker hears why: never a public "you may not" in a shared conversation. */
async function tellPrivately(context: ChannelContext, outbox: TeamsOutbox, text: string, threadId: string): Promise<void> {
  await outbox.postPrivately(createCard([textBlock(text)])).catch((error: unknown) => context.logger.warn('A Teams Verify answer could not be sent privately; the clicker was not told.', { threadId, error }));
}
