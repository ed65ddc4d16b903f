// Checks the bot token before anything is mounted, so a wrong token fails at start-up with a
// message that says which setting to fix, instead of at the first mention.
import type { webApi } from '@slack/bolt';
import { slackErrorCode } from '../outbox/slack-api-errors.js';
import type { BotIdentity } from '../types.js';
import { DatathreadError, errorMessage } from '../../../support/errors.js';

export class SlackConfigurationError extends DatathreadError {
  override readonly name = 'SlackConfigurationError';
  readonly code = 'slack_configuration_invalid';
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
    // Only an answer from Slack with an error code judges the token; no answer says nothing about it.
    if (code === undefined) {
      throw new SlackConfigurationError(
        `Could not reach Slack at ${client.slackApiUrl} to check the bot token (auth.test: ${errorMessage(error)}). Check the network, proxy and firewall, and SLACK_API_URL (for GovSlack or tests).`,
        { cause: error },
      );
    }
    throw new SlackConfigurationError(
      `Slack rejected the bot token (auth.test: ${code}). Check SLACK_BOT_TOKEN (xoxb-…) and, for GovSlack or tests, SLACK_API_URL.`,
      { cause: error },
    );
  }
  if (!response.user_id || !response.bot_id || !response.team_id) {
    throw new SlackConfigurationError('auth.test did not identify a bot user. SLACK_BOT_TOKEN must be a bot token (xoxb-…), not a user token.');
  }
  return { userId: response.user_id, botId: response.bot_id, teamId: response.team_id };
}
