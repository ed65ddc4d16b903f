// Lists as Slack shows them: one line per item, "•" at the first level and "◦" below, numbers
// kept (counting from the list's start), each level indented by four spaces, so nested lists stay
// nested. Further blocks of an item follow on their own lines at the item's text indentation,
// drawn by the block renderer the caller passes in (mrkdwn-blocks.ts), so the two files recurse
// into each other without importing each other.
import type { List, ListItem, RootContent } from 'mdast';
import { inlineToMrkdwn } from './mrkdwn-inline.js';

const INDENT_PER_LEVEL = '    ';

/** Draws one block that is not a list or a paragraph (code, quote, table) inside an item. */
export type BlockToMrkdwn = (block: RootContent) => string;

export function listToMrkdwn(list: List, level: number, blockToMrkdwn: BlockToMrkdwn): string {
  const start = list.start ?? 1;
  return list.children.map((item, index) => itemToMrkdwn(item, marker(list, level, start + index), level, blockToMrkdwn)).join('\n');
}

function marker(list: List, level: number, number: number): string {
  if (list.ordered) return `${number}.`;
  return level === 0 ? '•' : '◦';
}

function itemToMrkdwn(item: ListItem, itemMarker: string, level: number, blockToMrkdwn: BlockToMrkdwn): string {
  const indent = INDENT_PER_LEVEL.repeat(level);
  const checkbox = item.checked === true ? '☑ ' : item.checked === false ? '☐ ' : '';
  const [first, ...rest] = item.children;
  const lines: string[] = [];
  const leadsWithText = first?.type === 'paragraph';
  lines.push(`${indent}${itemMarker} ${checkbox}${leadsWithText ? inlineToMrkdwn(first.children, { lineBreak: ' ' }) : ''}`.trimEnd());
  for (const child of leadsWithText ? rest : item.children) {
    if (child.type === 'list') {
      lines.push(listToMrkdwn(child, level + 1, blockToMrkdwn));
      continue;
    }
    const text = child.type === 'paragraph' ? inlineToMrkdwn(child.children, { lineBreak: ' ' }) : blockToMrkdwn(child);
    lines.push(...text.split('\n').map((line) => `${indent}${INDENT_PER_LEVEL}${line}`.trimEnd()));
  }
  return lines.join('\n');
}
