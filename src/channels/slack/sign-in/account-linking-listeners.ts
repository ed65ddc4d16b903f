// Slack account linking, the adapter's side (docs/identity.md): when a person finished connecting
// their Microsoft account, the question that needed it resumes in its thread (the engine's `retry`
// re-asks the thread's last question, now with a credential); `unlink` (a message to the bot) and
// the App Home Disconnect button forget the account; the Connect URL buttons' clicks are acked.
import type { App, BlockAction, ButtonAction } from '@slack/bolt';
import { slackUserKey } from '../../../identity/user-keys.js';
import { ACTION_IDS } from '../actions/action-ids.js';
import { sectionBlock } from '../render/answer-blocks.js';
import { publishHome } from './app-home.js';
import { outboxFor, type ChannelContext } from '../channel-context.js';
import { escapeMrkdwn } from '../render/escape-mrkdwn.js';
import type { InboundMessage } from '../inbound/inbound-message.js';
import { buildSlackTurnRequest } from '../inbound/turn-request.js';
import type { SlackTurnReply } from '../turns/slack-turn-jobs.js';
import { explainSlackError } from '../outbox/slack-api-errors.js';
import { parseSlackThreadId } from '../inbound/thread-id.js';
import type { ReplyTarget } from '../types.js';

export const NOT_LINKED_TEXT = 'No Microsoft account is connected for you, so there is nothing to disconnect.';
export const LINKING_OFF_TEXT = 'Microsoft account linking is not set up on this datathread server, so no account is connected for you.';
export const HOME_DISCONNECTED_NOTICE = 'Your Microsoft account was disconnected and its tokens were deleted.';
export const HOME_CONNECTED_NOTICE = 'Your Microsoft account is connected.';

const SLACK_KEY_PREFIX = slackUserKey('');

/** `unlink` (any case, an optional final period or exclamation mark) is the command. */
export function isUnlinkCommand(text: string): boolean {
  return /^unlink[.!]?$/i.test(text.trim());
}

export function unlinkedText(upn: string | null): string {
  return `:white_check_mark: Your Microsoft account${upn ? ` (${escapeMrkdwn(upn)})` : ''} is disconnected and its tokens are deleted. Databases that use Microsoft sign-in will ask you to connect again.`;
}

/** Registers the listeners; returns a function that removes the onLinked subscription (channel stop). */
export function registerAccountLinking(app: App, context: ChannelContext): () => void {
  // A URL button opens the browser by itself; Slack still sends the click, which must be acked.
  app.action({ type: 'block_actions', action_id: ACTION_IDS.connectAccount }, async ({ ack }) => {
    await ack();
  });
  app.action<BlockAction<ButtonAction>>({ type: 'block_actions', action_id: ACTION_IDS.disconnectAccount }, async ({ ack, body }) => {
    await ack();
    const userId = body.user.id;
    context.tasks.run('Disconnect click', async () => {
      const result = await unlink(context, userId);
      await publishHome(context, userId, result === 'unlinked' ? HOME_DISCONNECTED_NOTICE : undefined);
    });
  });
  const linking = context.identity?.slack;
  if (!linking) return () => undefined;
  return linking.onLinked((userKey, pendingThreadId) => {
    // The callback page must not wait for a whole turn: the answer arrives in Slack.
    context.tasks.run('resume after sign-in', () => resumeAfterLinking(context, userKey, pendingThreadId));
  });
}

async function resumeAfterLinking(context: ChannelContext, userKey: string, pendingThreadId: string | undefined): Promise<void> {
  if (!userKey.startsWith(SLACK_KEY_PREFIX)) return;
  const userId = userKey.slice(SLACK_KEY_PREFIX.length);
  const address = pendingThreadId ? parseSlackThreadId(pendingThreadId) : undefined;
  if (!pendingThreadId || !address) {
    // Connected from the Home tab (no question waiting): show the new state there.
    await publishHome(context, userId, HOME_CONNECTED_NOTICE);
    return;
  }
  const target: ReplyTarget = {
    threadId: pendingThreadId,
    teamId: address.teamId,
    channelId: address.channelId,
    threadTs: address.threadTs,
    isDirectMessage: address.channelId.startsWith('D'),
  };
  const actor = { platform: 'slack' as const, userId };
  const request = buildSlackTurnRequest({ target, actor, text: '', kind: 'retry', eventKey: `slack-linked:${userId}:${pendingThreadId}:${context.now().getTime()}` });
  context.logger.info('Resuming a Slack question after the asker connected their Microsoft account.', { threadId: pendingThreadId, userId });
  const announcement = `<@${userId}> connected their Microsoft account; answering the question again.`;
  const reply: SlackTurnReply = { target, announcement, announcementStyle: 'context' };
  await context.turns.submit(request, reply);
}

type UnlinkResult = { kind: 'unlinked'; upn: string | null } | { kind: 'not_linked' } | { kind: 'not_configured' };

async function unlinkAccount(context: ChannelContext, userId: string): Promise<UnlinkResult> {
  const linking = context.identity?.slack;
  if (!linking) return { kind: 'not_configured' };
  const key = slackUserKey(userId);
  const account = await linking.linkedAccount(key);
  // Unlinking an unknown person is harmless; do it anyway so half-stored material goes too.
  await linking.unlinkUser(key);
  return account ? { kind: 'unlinked', upn: account.upn } : { kind: 'not_linked' };
}

async function unlink(context: ChannelContext, userId: string): Promise<UnlinkResult['kind']> {
  return (await unlinkAccount(context, userId)).kind;
}

/**
 * The `unlink` message (DM, mention, or a reply in a thread the bot is in): forgets the account and
 * answers the sender only. Deduped like a turn (delivery + post keys), so a retried event is quiet.
 */
export async function answerUnlinkCommand(context: ChannelContext, message: InboundMessage, eventKeys: string[]): Promise<void> {
  for (const key of eventKeys) {
    if (!(await context.handler.markEventProcessed(key))) return;
  }
  const result = await unlinkAccount(context, message.userId);
  const text = result.kind === 'unlinked' ? unlinkedText(result.upn) : result.kind === 'not_linked' ? NOT_LINKED_TEXT : LINKING_OFF_TEXT;
  const { target } = message;
  try {
    await outboxFor(context, target).postPrivately(message.userId, { text, blocks: [sectionBlock(text)] });
  } catch (error) {
    context.logger.warn(explainSlackError('confirm the unlink', error), { threadId: target.threadId, userId: message.userId });
  }
}
