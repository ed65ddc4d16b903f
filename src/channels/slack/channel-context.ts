// Everything the listeners share once the channel runs, built once in attach-slack-channel.ts.
import type { GroupMembership } from '../../access/group-membership.js';
import type { TurnJobs } from '../../conversations/turn-jobs.js';
import { SlackOutbox } from './outbox/slack-outbox.js';
import type { SlackTurnDependencies } from './turns/run-slack-turn.js';
import type { BotIdentity, ReplyTarget, SlackChannelOptions } from './types.js';
import type { UserDirectory } from './inbound/user-directory.js';

export interface ChannelContext extends SlackTurnDependencies {
  bot: BotIdentity;
  users: UserDirectory;
  getQueryResult: SlackChannelOptions['getQueryResult'];
  feedback: SlackChannelOptions['feedback'];
  verification: SlackChannelOptions['verification'];
  mayReadResult: SlackChannelOptions['mayReadResult'];
  memories: SlackChannelOptions['memories'];
  /** Pause / Resume / Edit time / Delete under scheduled posts; absent: those clicks are logged and ignored. */
  schedules: SlackChannelOptions['schedules'];
  scheduleProposals: SlackChannelOptions['scheduleProposals'];
  /** Resolves a clicker's groups for `mayReadResult`; undefined when access by group is not set up. */
  groupMembership: GroupMembership | undefined;
  /** Accepted events become turn jobs here, before Slack is answered. */
  turns: TurnJobs;
}

/** Posts into the thread of `target`. */
export function outboxFor(context: ChannelContext, target: ReplyTarget): SlackOutbox {
  return new SlackOutbox(context.client, target, context.logger, undefined, context.postRetry);
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
