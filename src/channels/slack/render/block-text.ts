// Reads the visible text back out of blocks: for the message text budget and for the fallback
// `text` Slack shows in notifications and screen readers.
import type { SlackBlock } from './block-kit.js';
import { FALLBACK_TEXT_CHARACTERS } from './slack-limits.js';

export function blockText(block: SlackBlock): string {
  switch (block.type) {
    case 'section':
      return [block.text?.text ?? '', ...(block.fields ?? []).map((field) => field.text)].join('\n');
    case 'context':
      return block.elements.map((element) => ('text' in element ? element.text : '')).join(' ');
    case 'header':
      return block.text.text;
    case 'image':
      return block.title?.text ?? '';
    case 'markdown':
      return block.text;
    case 'table':
      return block.rows.map((row) => row.map((cell) => ('text' in cell ? String(cell.text) : '')).join(' | ')).join('\n');
    case 'data_table':
      return [block.caption, ...block.rows.map((row) => row.map((cell) => ('text' in cell ? String(cell.text) : '')).join(' | '))].join('\n');
    default:
      return '';
  }
}

export function blockTextLength(block: SlackBlock): number {
  return blockText(block).length;
}

/** The labels of a message's buttons: what a message of buttons alone says in a notification. */
function buttonLabels(blocks: SlackBlock[]): string[] {
  return blocks.flatMap((block) => (block.type === 'actions' ? block.elements.flatMap((element) => (element.type === 'button' ? [element.text.text] : [])) : []));
}

export function fallbackText(blocks: SlackBlock[]): string {
  let text = blocks.map(blockText).filter((part) => part !== '').join('\n');
  // Notifications and screen readers read this text: a message of buttons alone names its buttons.
  if (text === '') text = buttonLabels(blocks).length > 0 ? `Options: ${buttonLabels(blocks).join(' · ')}` : 'A message from datathread.';
  if (text.length <= FALLBACK_TEXT_CHARACTERS) return text;
  const cut = text.lastIndexOf(' ', FALLBACK_TEXT_CHARACTERS - 1);
  return `${text.slice(0, cut > 0 ? cut : FALLBACK_TEXT_CHARACTERS - 1)}…`;
}
