// Reading Web API failures: the `error` code Slack returned (not_in_channel, channel_not_found …)
// and a plain sentence for the log that says what to do about it.
import { errorMessage } from '../../../support/errors.js';

export function slackErrorCode(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const data = (error as { data?: { error?: unknown } }).data;
  return typeof data?.error === 'string' ? data.error : undefined;
}

const FIXES: Record<string, string> = {
  not_in_channel: 'the bot is not a member of this channel. Invite it with /invite @datathread, or mention it in a channel it belongs to.',
  channel_not_found: 'the channel does not exist or the bot cannot see it (private channel without the bot, or another workspace). Invite the bot to the channel.',
  is_archived: 'the channel is archived. Unarchive it or ask in another channel.',
  restricted_action: 'posting in this channel is restricted (e.g. an announcement channel). Allow the app to post there, or ask in another channel.',
  missing_scope: 'the app lacks a scope. Recreate or update it from manifests/slack/manifest.yaml and reinstall it.',
  invalid_auth: 'the bot token is not valid. Set SLACK_BOT_TOKEN to the Bot User OAuth Token (xoxb-…).',
  not_authed: 'no bot token was sent. Set SLACK_BOT_TOKEN.',
  msg_too_long: 'the message was longer than Slack accepts; this is a bug in the Slack renderer, please report it.',
  invalid_blocks: 'Slack rejected the Block Kit layout; this is a bug in the Slack renderer, please report it.',
};

export function explainSlackError(action: string, error: unknown): string {
  const code = slackErrorCode(error);
  const fix = code ? FIXES[code] : undefined;
  if (fix) return `Slack refused to ${action} (${code}): ${fix}`;
  const detail = errorMessage(error);
  return `Slack refused to ${action}: ${detail}`;
}

/** Failures where posting again in the same channel cannot work. */
export function isUnreachableChannel(error: unknown): boolean {
  const code = slackErrorCode(error);
  return code === 'not_in_channel' || code === 'channel_not_found' || code === 'is_archived' || code === 'restricted_action';
}
