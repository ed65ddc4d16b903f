// Decides whether a Slack `message` / `app_mention` event is something to answer, and reads it into
// a neutral shape. Ignored: the bot's own posts, other bots, edits, deletions, joins and the like.
import { slackTextToPlainText } from './inbound-text.js';
import { buildSlackThreadId } from './thread-id.js';
import type { BotIdentity, ReplyTarget } from '../types.js';

/** The fields of a Slack message event this adapter reads. */
export interface SlackMessageEvent {
  type: string;
  subtype?: string;
  user?: string;
  bot_id?: string;
  text?: string;
  ts: string;
  thread_ts?: string;
  channel: string;
  channel_type?: string;
  /** The writer's own workspace (differs from the installing one for a Slack Connect partner). */
  user_team?: string;
}

/** Subtypes that are still a person writing a message; every other subtype is ignored. */
const ANSWERABLE_SUBTYPES = new Set(['thread_broadcast', 'file_share']);

export interface InboundMessage {
  userId: string;
  text: string;
  messageTs: string;
  target: ReplyTarget;
  /** The bot was @mentioned (app_mention, or its id in the text). */
  mentioned: boolean;
  /** Posted as a reply inside a thread (not the thread's root). */
  isThreadReply: boolean;
}

export type InboundReading = { kind: 'message'; message: InboundMessage } | { kind: 'ignored'; reason: string };

export function readInboundMessage(event: SlackMessageEvent, teamId: string, bot: BotIdentity): InboundReading {
  if (event.subtype !== undefined && !ANSWERABLE_SUBTYPES.has(event.subtype)) return ignored(`subtype ${event.subtype}`);
  if (event.bot_id !== undefined) return ignored(event.bot_id === bot.botId ? 'own message' : 'another bot');
  if (!event.user) return ignored('no author');
  if (event.user === bot.userId) return ignored('own message');

  const rawText = event.text ?? '';
  const isDirectMessage = event.channel_type === 'im' || (event.channel_type === undefined && event.channel.startsWith('D'));
  const threadTs = event.thread_ts ?? event.ts;
  const target: ReplyTarget = {
    threadId: buildSlackThreadId({ teamId, channelId: event.channel, threadTs }),
    teamId,
    channelId: event.channel,
    threadTs,
    isDirectMessage,
    ...(event.user_team && event.user_team !== teamId ? { askerTeamId: event.user_team } : {}),
  };
  return {
    kind: 'message',
    message: {
      userId: event.user,
      text: slackTextToPlainText(rawText, bot.userId),
      messageTs: event.ts,
      target,
      mentioned: event.type === 'app_mention' || rawText.includes(`<@${bot.userId}`),
      isThreadReply: event.thread_ts !== undefined && event.thread_ts !== event.ts,
    },
  };
}

function ignored(reason: string): InboundReading {
  return { kind: 'ignored', reason };
}
