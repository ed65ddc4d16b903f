// The App Home tab: how to ask, and whether the person's Microsoft account is connected (with its
// UPN) with a Connect (sign-in link) or Disconnect button. Published with views.publish when the
// tab opens (`app_home_opened`) and again after linking or unlinking.
import type { App } from '@slack/bolt';
import { slackUserKey } from '../../../identity/user-keys.js';
import { ACTION_IDS, BLOCK_IDS } from '../actions/action-ids.js';
import { sectionBlock } from '../render/answer-blocks.js';
import type { SlackBlock } from '../render/block-kit.js';
import type { ChannelContext } from '../channel-context.js';
import { escapeMrkdwn } from '../render/escape-mrkdwn.js';
import { button, contextBlock } from '../render/interactive-blocks.js';
import { connectButton, LINKING_NOT_CONFIGURED_TEXT } from './sign-in-prompt.js';
import { explainSlackError } from '../outbox/slack-api-errors.js';
import type { SlackSignInOptions } from '../types.js';

export const HOME_INTRO_TEXT = 'Ask me about your company’s data: mention me in a channel, or write to me in the Messages tab. Every answer comes with its SQL; I can draw charts and write reports.';
export const HOME_LINK_NOTE = 'The Connect link works for 10 minutes; open this tab again for a fresh one.';

/** What the account part of the tab shows. */
export type HomeAccountState =
  | { kind: 'no_federated_databases' }
  | { kind: 'linking_not_configured' }
  | { kind: 'connected'; upn: string | null }
  | { kind: 'not_connected'; signInUrl: string };

export interface HomeView {
  type: 'home';
  blocks: SlackBlock[];
}

export function homeView(account: HomeAccountState, notice?: string): HomeView {
  const blocks: SlackBlock[] = [{ type: 'header', text: { type: 'plain_text', text: 'datathread', emoji: true } }, sectionBlock(HOME_INTRO_TEXT)];
  if (account.kind !== 'no_federated_databases') blocks.push({ type: 'divider' }, sectionBlock('*Microsoft account*'), ...accountBlocks(account));
  if (notice) blocks.push(contextBlock(notice));
  return { type: 'home', blocks };
}

function accountBlocks(account: Exclude<HomeAccountState, { kind: 'no_federated_databases' }>): SlackBlock[] {
  switch (account.kind) {
    case 'linking_not_configured':
      return [sectionBlock('Some databases are queried as you, with your own Microsoft account.'), contextBlock(LINKING_NOT_CONFIGURED_TEXT)];
    case 'connected':
      return [
        sectionBlock(`:white_check_mark: Connected${account.upn ? ` as *${escapeMrkdwn(account.upn)}*` : ''}. Queries on databases that use Microsoft sign-in run as you.`),
        { type: 'actions', block_id: BLOCK_IDS.homeAccount, elements: [button('Disconnect Microsoft account', ACTION_IDS.disconnectAccount, 'disconnect', 'danger')] },
      ];
    case 'not_connected':
      return [
        sectionBlock('Not connected. Some databases are queried as you: connect your Microsoft account once, and I ask it again only when Microsoft does.'),
        { type: 'actions', block_id: BLOCK_IDS.homeAccount, elements: [connectButton(account.signInUrl)] },
        contextBlock(HOME_LINK_NOTE),
      ];
  }
}

export async function homeAccountState(identity: SlackSignInOptions | undefined, userId: string): Promise<HomeAccountState> {
  if (!identity) return { kind: 'no_federated_databases' };
  const linking = identity.slack;
  if (!linking) return { kind: 'linking_not_configured' };
  const key = slackUserKey(userId);
  const account = await linking.linkedAccount(key);
  if (account) return { kind: 'connected', upn: account.upn };
  return { kind: 'not_connected', signInUrl: linking.createSignInUrl(key) };
}

/** views.publish for one person; failures are logged (a missing Home tab must not break anything). */
export async function publishHome(context: ChannelContext, userId: string, notice?: string): Promise<void> {
  try {
    const view = homeView(await homeAccountState(context.identity, userId), notice);
    await context.client.views.publish({ user_id: userId, view });
  } catch (error) {
    context.logger.warn(explainSlackError('publish the App Home tab', error), { userId });
  }
}

export function registerAppHome(app: App, context: ChannelContext): void {
  app.event('app_home_opened', async ({ event }) => {
    if (event.tab !== 'home') return;
    context.tasks.run('App Home', () => publishHome(context, event.user));
  });
}
