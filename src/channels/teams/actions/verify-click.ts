// Verify on a Teams answer: an Action.Submit whose data names the answer. The card is in the
// conversation, so anyone there can press it; only a verifier's click is kept
// (answer-verification.ts checks the list, by Entra object id, e-mail/UPN or a group the clicker
// belongs to, resolved as for access rules by clicker-subject.ts). A verifier's click is
// confirmed in the thread; anyone else is told why not privately (in their one-to-one chat with
// the bot, or right there when the click came from it). Handled by the channel, no model call.
import { NOTHING_TO_VERIFY_SENTENCE, NOT_A_VERIFIER_SENTENCE, VERIFY_NOT_KEPT_SENTENCE, verifiedSentence } from '../../../verified/answer-verification.js';
import type { ChannelContext } from '../channel-context.js';
import type { InboundActivity } from '../inbound/inbound-activity.js';
import { replyTargetOf } from '../inbound/reply-target.js';
import { buildTeamsTurnRequest } from '../inbound/turn-request.js';
import type { TeamsOutbox } from '../outbox/teams-outbox.js';
import { createCard, textBlock, type SubmitAction } from '../render/adaptive-card-types.js';
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

/** Only the clicker hears why: never a public "you may not" in a shared conversation. */
async function tellPrivately(context: ChannelContext, outbox: TeamsOutbox, text: string, threadId: string): Promise<void> {
  await outbox.postPrivately(createCard([textBlock(text)])).catch((error: unknown) => context.logger.warn('A Teams Verify answer could not be sent privately; the clicker was not told.', { threadId, error }));
}
