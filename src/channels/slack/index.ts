// The Slack channel adapter: translates Slack events and clicks into TurnRequests and renders
// TurnOutcomes as threaded Block Kit messages and file uploads. See docs/slack.md.
export { attachSlackChannel, DEFAULT_SLACK_API_URL } from './attach-slack-channel.js';
export { SLACK_EVENTS_PATH } from './inbound/mount-http-receiver.js';
export { SlackConfigurationError } from './inbound/verify-credentials.js';
export { buildSlackThreadId, parseSlackThreadId, type SlackThreadAddress } from './inbound/thread-id.js';
export { markdownToMrkdwn } from './render/markdown-to-mrkdwn.js';
export { resultToCsv } from './actions/result-csv.js';
export type { SlackChannel, SlackChannelOptions, SlackIdentityOptions, SlackLinking } from './types.js';
