// Checks the bot token before anything is mounted, so a wrong token fails at start-up with a
// message that says which setting to fix, instead of at the first mention.
import type { webApi } from '@slack/bolt';
import { slackErrorCode } from './slack-api-errors.js';
import type { BotIdentity } from './types.js';

export class SlackConfigurationError extends Error {
  override readonly name = 'SlackConfigurationError';
}

export function checkSlackSettings(settings: { botToken: string; signingSecret: string; appToken?: string }): void {
  if (!settings.botToken.trim()) throw new SlackConfigurationError('SLACK_BOT_TOKEN is empty. Set it to the Bot User OAuth Token (xoxb-…) from the app\'s "OAuth & Permissions" page.');
  if (!settings.appToken && !settings.signingSecret.trim()) {
    throw new SlackConfigurationError('SLACK_SIGNING_SECRET is empty. Copy the Signing Secret from the app\'s "Basic Information" page, or set SLACK_APP_TOKEN to use Socket Mode.');
  }
  if (settings.appToken !== undefined && !settings.appToken.startsWith('xapp-')) {
    throw new SlackConfigurationError('SLACK_APP_TOKEN must be an app-level token (xapp-…) with the connections:write scope. Create one under "Basic Information → App-Level Tokens".');
  }
}

export async function fetchBotIdentity(client: webApi.WebClient): Promise<BotIdentity> {
  let response: Awaited<ReturnType<webApi.WebClient['auth']['test']>>;
  try {
    response = await client.auth.test();
  } catch (error) {
    const code = slackErrorCode(error);
    const detail = code ?? (error instanceof Error ? error.message : String(error));
    throw new SlackConfigurationError(
      `Slack rejected the bot token (auth.test: ${detail}). Check SLACK_BOT_TOKEN (xoxb-…) and, for GovSlack or tests, SLACK_API_URL.`,
    );
  }
  if (!response.user_id || !response.bot_id || !response.team_id) {
    throw new SlackConfigurationError('auth.test did not identify a bot user. SLACK_BOT_TOKEN must be a bot token (xoxb-…), not a user token.');
  }
  return { userId: response.user_id, botId: response.bot_id, teamId: response.team_id };
}
