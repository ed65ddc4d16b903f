// Everything the listeners share once the channel runs, built once in attach-slack-channel.ts.
import type { TurnRunnerDependencies } from './run-turn.js';
import type { BotIdentity, SlackChannelOptions } from './types.js';
import type { UserDirectory } from './user-directory.js';

export interface ChannelContext extends TurnRunnerDependencies {
  bot: BotIdentity;
  users: UserDirectory;
  getQueryResult: SlackChannelOptions['getQueryResult'];
}

/** Dedupe keys (the engine stores them): one per delivery, one per post (app_mention + message). */
export function eventKeyForDelivery(eventId: string): string {
  return `slack-event:${eventId}`;
}

export function eventKeyForPost(channelId: string, messageTs: string): string {
  return `slack-message:${channelId}:${messageTs}`;
}

export function eventKeyForClick(messageTs: string, actionId: string): string {
  return `slack-action:${messageTs}:${actionId}`;
}
