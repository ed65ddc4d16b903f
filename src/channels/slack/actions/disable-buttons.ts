// After a follow-up, clarification or Retry click, the buttons are replaced by a line saying who
// chose what, so nobody clicks twice and the thread shows how the conversation went on.
import { BLOCK_IDS } from './action-ids.js';
import type { SlackBlock } from '../render/block-kit.js';
import type { ButtonClick } from './button-click.js';
import { escapeMrkdwn } from '../render/escape-mrkdwn.js';
import { explainSlackError } from '../outbox/slack-api-errors.js';
import type { SlackOutbox } from '../outbox/slack-outbox.js';

export function replaceActionsBlock(blocks: SlackBlock[], blockId: string, choiceText: string): SlackBlock[] {
  return blocks.map((block) =>
    block.type === 'actions' && block.block_id === blockId
      ? { type: 'context', block_id: `${BLOCK_IDS.chosen}_${blockId}`, elements: [{ type: 'mrkdwn', text: choiceText }] }
      : block,
  );
}

export function choiceLine(userId: string, choice: string): string {
  return `→ <@${userId}> chose “${escapeMrkdwn(choice)}”`;
}

export async function disableButtons(outbox: SlackOutbox, click: ButtonClick, blockId: string, choiceText: string): Promise<void> {
  if (!click.messageBlocks.some((block) => block.type === 'actions' && block.block_id === blockId)) return;
  try {
    await outbox.update(click.messageTs, { text: click.messageText || choiceText, blocks: replaceActionsBlock(click.messageBlocks, blockId, choiceText) });
  } catch (error) {
    outbox.logger.warn(explainSlackError('disable the clicked buttons', error), { threadId: click.target.threadId });
  }
}
