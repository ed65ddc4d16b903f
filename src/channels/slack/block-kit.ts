// Block Kit types from Slack's own type package (re-exported by Bolt), named once for this adapter.
import type { types } from '@slack/bolt';

export type SlackBlock = types.KnownBlock;
export type SlackButton = types.Button;
export type SlackTableBlock = types.TableBlock;

/** One `chat.postMessage`: the blocks plus the notification / accessibility fallback text. */
export interface SlackMessage {
  text: string;
  blocks: SlackBlock[];
}
