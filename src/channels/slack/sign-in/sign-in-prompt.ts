// "Connect your Microsoft account": when a turn needed the asker's own Entra ID identity for a
// federated database, only the asker gets an ephemeral message with a URL button to the signed,
// 10-minute sign-in link (never a token). Without account linking (no DATATHREAD_PUBLIC_URL) the
// message says plainly what an admin must do.
import { ACTION_IDS, BLOCK_IDS } from '../actions/action-ids.js';
import { sectionBlock } from '../render/answer-blocks.js';
import type { SlackBlock, SlackButton, SlackMessage } from '../render/block-kit.js';
import { fallbackText } from '../render/block-text.js';
import { escapeMrkdwn } from '../render/escape-mrkdwn.js';
import { contextBlock } from '../render/interactive-blocks.js';
import { slackUserKey } from '../../../identity/user-keys.js';
import { explainSlackError } from '../outbox/slack-api-errors.js';
import type { SlackSignInOptions } from '../types.js';
import type { SlackOutbox } from '../outbox/slack-outbox.js';

export const CONNECT_BUTTON_TEXT = 'Connect your Microsoft account';
export const SIGN_IN_LINK_NOTE = 'This link is for you only and works for 10 minutes. To disconnect later, send me `unlink` or use my Home tab.';
export const LINKING_NOT_CONFIGURED_TEXT =
  'Signing in from Slack is not set up on this datathread server. An admin must set `DATATHREAD_PUBLIC_URL` (the https address of this server, with `/auth/microsoft/callback` as a redirect URI of the Entra app) and restart datathread.';

/** The URL button that opens the sign-in link; its click is only acked (account-linking-listeners.ts). */
export function connectButton(url: string): SlackButton {
  return { type: 'button', text: { type: 'plain_text', text: CONNECT_BUTTON_TEXT, emoji: true }, action_id: ACTION_IDS.connectAccount, url, style: 'primary' };
}

/** The ephemeral prompt; `signInUrl` undefined when account linking is not configured. */
export function signInPromptMessage(databases: string[], signInUrl: string | undefined): SlackMessage {
  const names = databases.map((name) => `*${escapeMrkdwn(name)}*`).join(', ') || 'this database';
  const blocks: SlackBlock[] = signInUrl
    ? [
        sectionBlock(`:key: To query ${names} I need to act as you, with your own Microsoft account. Connect it once; your question is answered in this thread right after.`),
        { type: 'actions', block_id: BLOCK_IDS.signIn, elements: [connectButton(signInUrl)] },
        contextBlock(SIGN_IN_LINK_NOTE),
      ]
    : [sectionBlock(`:key: To query ${names} I need to act as you, with your own Microsoft account.`), contextBlock(LINKING_NOT_CONFIGURED_TEXT)];
  return { text: fallbackText(blocks), blocks };
}

/** Posts the prompt to `userId` only, in the outbox's thread. Failures are logged, never thrown. */
export async function postSignInPrompt(outbox: SlackOutbox, identity: SlackSignInOptions | undefined, userId: string, databases: string[]): Promise<void> {
  const { target, logger } = outbox;
  const linking = identity?.slack;
  const message = signInPromptMessage(databases, linking?.createSignInUrl(slackUserKey(userId), target.threadId));
  try {
    await outbox.postPrivately(userId, message);
    logger.info('Asked a Slack user to connect their Microsoft account.', { threadId: target.threadId, userId, databases, linkingConfigured: linking !== undefined });
  } catch (error) {
    logger.error(explainSlackError('show the sign-in prompt', error), { threadId: target.threadId, userId });
  }
}
