// Verify under an answer. The button is on the public answer, so anyone in the channel can press
// it; only a verifier's click is kept (answer-verification.ts checks the list, by Slack user id,
// e-mail or a group the clicker belongs to, resolved as for access rules by clicker-subject.ts). A
// verifier's click is confirmed in the thread, where everyone sees what became trusted, and the
// answer's button gives way to the verified badge; a second click (a client still showing the
// button) only redraws the badge and is told privately. Anyone else is told privately why nothing happened.
import type { App, BlockAction, ButtonAction } from '@slack/bolt';
import { alreadyVerifiedSentence, NOTHING_TO_VERIFY_SENTENCE, NOT_A_VERIFIER_SENTENCE, VERIFY_NOT_KEPT_SENTENCE, verifiedSentence, type VerifyRequest } from '../../../verified/answer-verification.js';
import { verifiedBadgeText, verifiedQueryFromStore } from '../../../verified/verified-query.js';
import type { StoredVerifiedQuery } from '../../../store/verified-query-store.js';
import { ACTION_IDS, decodeButtonValue } from './action-ids.js';
import { clickerSubject } from './clicker-subject.js';
import { outboxFor, type ChannelContext } from '../channel-context.js';
import { parseSlackThreadId } from '../inbound/thread-id.js';
import { explainSlackError } from '../outbox/slack-api-errors.js';
import type { SlackOutbox } from '../outbox/slack-outbox.js';
import type { SlackBlock } from '../render/block-kit.js';
import { contextBlock } from '../render/interactive-blocks.js';
import { withVerifiedBadgeInsteadOfButton } from '../render/verified-answer-blocks.js';
import { escapeMrkdwn } from '../render/escape-mrkdwn.js';

export function registerVerifyListener(app: App, context: ChannelContext): void {
  const verification = context.verification;
  if (!verification) return;

  app.action<BlockAction<ButtonAction>>({ type: 'block_actions', action_id: ACTION_IDS.verify }, async ({ ack, body }) => {
    await ack();
    const value = decodeButtonValue(body.actions[0]?.value);
    const channelId = body.channel?.id ?? body.container?.channel_id;
    const address = value ? parseSlackThreadId(value.thread) : undefined;
    if (!value?.answer || !address || !channelId) {
      context.logger.warn('Slack Verify click without a readable answer reference; nothing stored.', { actionId: ACTION_IDS.verify });
      return;
    }
    const outbox = outboxFor(context, { threadId: value.thread, teamId: address.teamId, channelId, threadTs: address.threadTs, isDirectMessage: channelId.startsWith('D') });
    const clicker = await context.users.lookUp(body.user.id);
    const answerId = value.answer;
    const threadId = value.thread;
    const clicked = body.message?.ts ? { channel: channelId, ts: body.message.ts, text: typeof body.message.text === 'string' ? body.message.text : '', blocks: (body.message.blocks ?? []) as SlackBlock[] } : undefined;
    context.tasks.run('verify answer', async () => {
      const { groups } = await clickerSubject(context, { userId: clicker.userId, target: { channelId, teamId: address.teamId } });
      const request: VerifyRequest = { threadId, answerId, verifier: { ...clicker, platform: 'slack', groups } };
      try {
        const result = await verification.verify(request);
        if (result.kind === 'verified') {
          context.logger.info('Slack answer verified.', { threadId, answerId, userId: clicker.userId });
          const text = verifiedSentence(result.query);
          await outbox.post({ text, blocks: [contextBlock(escapeMrkdwn(text))] });
          await showBadge(context, clicked, result.query);
          return;
        }
        if (result.kind === 'already_verified') {
          context.logger.info('Slack Verify click on an answer verified already.', { threadId, answerId, userId: clicker.userId });
          await showBadge(context, clicked, result.query);
          await tellPrivately(context, outbox, clicker.userId, alreadyVerifiedSentence(result.query));
          return;
        }
        context.logger.info('Slack Verify click not kept.', { threadId, answerId, userId: clicker.userId, reason: result.kind });
        await tellPrivately(context, outbox, clicker.userId, result.kind === 'not_a_verifier' ? NOT_A_VERIFIER_SENTENCE : NOTHING_TO_VERIFY_SENTENCE);
      } catch (error) {
        context.logger.error('Slack verification could not be stored.', { threadId, error });
        await tellPrivately(context, outbox, clicker.userId, VERIFY_NOT_KEPT_SENTENCE);
      }
    });
  });
}

/** The clicked answer redrawn with the badge where ✓ Verify was. */
async function showBadge(context: ChannelContext, clicked: { channel: string; ts: string; text: string; blocks: SlackBlock[] } | undefined, query: StoredVerifiedQuery): Promise<void> {
  if (!clicked) return;
  const blocks = withVerifiedBadgeInsteadOfButton(clicked.blocks, verifiedBadgeText(verifiedQueryFromStore(query)));
  await context.client.chat
    .update({ channel: clicked.channel, ts: clicked.ts, text: clicked.text, blocks })
    .catch((error: unknown) => context.logger.warn(explainSlackError('show the verified badge on the answer', error), { channel: clicked.channel, ts: clicked.ts }));
}

async function tellPrivately(context: ChannelContext, outbox: SlackOutbox, userId: string, text: string): Promise<void> {
  await outbox.postPrivately(userId, { text, blocks: [] }).catch((error: unknown) => context.logger.warn(explainSlackError('answer a Verify click privately', error)));
}
