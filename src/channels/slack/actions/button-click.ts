// Reads a button click (block_actions payload) into what the listeners need: who clicked, which
// thread (from the button's value, so it survives restarts), and which message carried the button.
import type { BlockAction, ButtonAction } from '@slack/bolt';
import { decodeButtonValue, type ButtonValue } from './action-ids.js';
import type { SlackBlock } from '../render/block-kit.js';
import { parseSlackThreadId } from '../inbound/thread-id.js';
import type { ReplyTarget } from '../types.js';

export interface ButtonClick {
  userId: string;
  actionId: string;
  value: ButtonValue;
  target: ReplyTarget;
  /** The message the button sits on (to disable its buttons). */
  messageTs: string;
  messageText: string;
  messageBlocks: SlackBlock[];
}

export function readButtonClick(body: BlockAction<ButtonAction>): ButtonClick | undefined {
  const action = body.actions[0];
  const value = decodeButtonValue(action?.value);
  const address = value ? parseSlackThreadId(value.thread) : undefined;
  const channelId = body.channel?.id ?? body.container?.channel_id;
  const messageTs = body.message?.ts ?? body.container?.message_ts;
  if (!action || !value || !address || !channelId || !messageTs) return undefined;
  // The thread must be one of the channel the click came from (foreign-thread-guard.ts tells the clicker).
  if (address.channelId !== channelId) return undefined;
  return {
    userId: body.user.id,
    actionId: action.action_id,
    value,
    target: {
      threadId: value.thread,
      teamId: address.teamId,
      channelId,
      threadTs: address.threadTs,
      isDirectMessage: channelId.startsWith('D'),
    },
    messageTs,
    messageText: typeof body.message?.text === 'string' ? body.message.text : '',
    messageBlocks: Array.isArray(body.message?.blocks) ? (body.message.blocks as SlackBlock[]) : [],
  };
}
