// Lists as Slack shows them: one line per item, "•" at the first level and "◦" below, numbers
// kept (counting from the list's start), each level indented by four spaces, so nested lists stay
// nested. Further blocks of an item follow on their own lines at the item's text indentation.
import type { List, ListItem } from 'mdast';
import { blockToMrkdwn } from './mrkdwn-blocks.js';
import { inlineToMrkdwn } from './mrkdwn-inline.js';

const INDENT_PER_LEVEL = '    ';

export function listToMrkdwn(list: List, level: number): string {
  const start = list.start ?? 1;
  return list.children.map((item, index) => itemToMrkdwn(item, marker(list, level, start + index), level)).join('\n');
}

function marker(list: List, level: number, number: number): string {
  if (list.ordered) return `${number}.`;
  return level === 0 ? '•' : '◦';
}

function itemToMrkdwn(item: ListItem, itemMarker: string, level: number): string {
  const indent = INDENT_PER_LEVEL.repeat(level);
  const checkbox = item.checked === true ? '☑ ' : item.checked === false ? '☐ ' : '';
  const [first, ...rest] = item.children;
  const lines: string[] = [];
  const leadsWithText = first?.type === 'paragraph';
  lines.push(`${indent}${itemMarker} ${checkbox}${leadsWithText ? inlineToMrkdwn(first.children, { lineBreak: ' ' }) : ''}`.trimEnd());
  for (const child of leadsWithText ? rest : item.children) {
    if (child.type === 'list') {
      lines.push(listToMrkdwn(child, level + 1));
      continue;
    }
    const text = child.type === 'paragraph' ? inlineToMrkdwn(child.children, { lineBreak: ' ' }) : blockToMrkdwn(child);
    lines.push(...text.split('\n').map((line) => `${indent}${INDENT_PER_LEVEL}${line}`.trimEnd()));
  }
  return lines.join('\n');
}
