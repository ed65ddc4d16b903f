// The Slack channel adapter: translates Slack events and clicks into TurnRequests and renders
// TurnOutcomes as threaded Block Kit messages and file uploads. See docs/slack.md.
export { attachSlackChannel, DEFAULT_SLACK_API_URL } from './attach-slack-channel.js';
export { SLACK_EVENTS_PATH } from './mount-http-receiver.js';
export { SlackConfigurationError } from './verify-credentials.js';
export { buildSlackThreadId, parseSlackThreadId, type SlackThreadAddress } from './thread-id.js';
export { renderOutcome, type RenderedReply } from './render-outcome.js';
export { markdownToMrkdwn } from './markdown-to-mrkdwn.js';
export { resultToCsv } from './result-csv.js';
export type { SlackChannel, SlackChannelLogger, SlackChannelOptions, SlackIdentityOptions, SlackLinking } from './types.js';
