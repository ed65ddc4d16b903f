// The Slack channel adapter: translates Slack events and clicks into TurnRequests and renders
// TurnOutcomes as threaded Block Kit messages and file uploads. See docs/slack.md.
export { attachSlackChannel } from './attach-slack-channel.js';
export { slackChannel } from './slack-channel.js';
export type { SlackChannel, SlackChannelOptions, SlackLinking } from './types.js';
