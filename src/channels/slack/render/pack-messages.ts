// Packs a flat list of blocks into as few messages as Slack allows: at most 50 blocks, one table
// and our text budget per message. Blocks are never reordered, so the answer reads top to bottom.
import type { SlackBlock, SlackMessage } from './block-kit.js';
import { blockTextLength, fallbackText } from './block-text.js';
import { MAX_BLOCKS_PER_MESSAGE, MAX_TABLES_PER_MESSAGE, MESSAGE_TEXT_BUDGET_CHARACTERS } from './slack-limits.js';

/** `maxBlocks` below 50 leaves room for blocks the caller adds to each message afterwards. */
export function packMessages(blocks: SlackBlock[], maxBlocks = MAX_BLOCKS_PER_MESSAGE): SlackMessage[] {
  const messages: SlackBlock[][] = [];
  let current: SlackBlock[] = [];
  let currentText = 0;
  let currentTables = 0;
  for (const block of blocks) {
    const length = blockTextLength(block);
    const isTable = isTableBlock(block);
    const full =
      current.length >= maxBlocks ||
      (current.length > 0 && currentText + length > MESSAGE_TEXT_BUDGET_CHARACTERS) ||
      (isTable && currentTables >= MAX_TABLES_PER_MESSAGE);
    if (full) {
      messages.push(current);
      current = [];
      currentText = 0;
      currentTables = 0;
    }
    current.push(block);
    currentText += length;
    if (isTable) currentTables += 1;
  }
  if (current.length > 0) messages.push(current);
  return messages.map((messageBlocks) => ({ text: fallbackText(messageBlocks), blocks: messageBlocks }));
}

/** True when `extra` blocks can join the message without breaking a limit. */
export function canAppendBlocks(message: SlackMessage, extra: SlackBlock[]): boolean {
  const tables = [...message.blocks, ...extra].filter(isTableBlock).length;
  return message.blocks.length + extra.length <= MAX_BLOCKS_PER_MESSAGE && tables <= MAX_TABLES_PER_MESSAGE;
}

/** A `table` or a `data_table`: one per message, so their cells stay within the message's 10,000 characters. */
function isTableBlock(block: SlackBlock): boolean {
  return block.type === 'table' || block.type === 'data_table';
}
