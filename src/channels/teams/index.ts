// The Microsoft Teams channel adapter: translates Bot Framework activities into TurnRequests and
// renders reply plans as Adaptive Cards, sent proactively into the thread. See docs/teams.md.
export { attachTeamsChannel } from './attach-teams-channel.js';
export { teamsChannel } from './teams-channel.js';
export { PRODUCTION_WITHOUT_CREDENTIALS_MESSAGE } from './inbound/create-teams-adapter.js';
export type { TeamsChannel, TeamsChannelOptions } from './types.js';
