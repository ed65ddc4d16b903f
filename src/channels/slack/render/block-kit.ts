// Block Kit types from Slack's own type package (re-exported by Bolt), named once for this adapter.
import type { types } from '@slack/bolt';

export type SlackBlock = types.KnownBlock;
export type SlackButton = types.Button;
export type SlackTableBlock = types.TableBlock;
export type SlackDataTableBlock = types.DataTableBlock;
/** The data_table cells we send (Slack also takes rich_text, never in the header). */
export type SlackDataTableCell = types.RawTextElement | types.RawNumberElement;

/** One `chat.postMessage`: the blocks plus the notification / accessibility fallback text. */
export interface SlackMessage {
  text: string;
  blocks: SlackBlock[];
}
