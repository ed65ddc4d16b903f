// Lists in a card. A TextBlock renders a flat Markdown list ("- " or "1. " lines joined with "\r",
// as Microsoft's card formatting guide prescribes) but no nesting, so a nested list, or any other
// block inside an item, goes into a ColumnSet whose first column is an empty fixed-width indent.
// Every level is rendered the same way, so lists nest as deep as the author wrote them. Blocks
// inside an item are drawn by the block renderer the caller passes in (card-elements-from-markdown.ts),
// so the two files recurse into each other without importing each other.
import type { List, RootContent } from 'mdast';
import { textBlock, type CardElement, type ColumnSetElement } from './adaptive-card-types.js';
import { inlineToCardText } from './card-inline-text.js';

const LIST_INDENT_WIDTH = '20px';
/** Draws blocks that are not paragraphs (a nested list, code, a quote) inside an item. */
export type BlocksToCardElements = (blocks: readonly RootContent[]) => CardElement[];

/** Items are one line each: a line break inside an item would end the Markdown list. */
const ITEM_LINE_BREAK = ' ';

export function listElements(lists: readonly List[], blocksToCardElements: BlocksToCardElements): CardElement[] {
  const elements: CardElement[] = [];
  let lines: string[] = [];
  const flushLines = () => {
    if (lines.length > 0) elements.push(textBlock(lines.join('\r'), elements.length > 0 ? { spacing: 'None' } : {}));
    lines = [];
  };
  for (const list of lists) {
    const start = list.start ?? 1;
    list.children.forEach((item, position) => {
      const marker = list.ordered ? `${start + position}. ` : '- ';
      const checkbox = item.checked === true ? '☑ ' : item.checked === false ? '☐ ' : '';
      const [first, ...rest] = item.children;
      const leadsWithText = first?.type === 'paragraph';
      lines.push(`${marker}${checkbox}${leadsWithText ? inlineToCardText(first.children, { lineBreak: ITEM_LINE_BREAK }).trim() : ''}`);
      for (const child of leadsWithText ? rest : item.children) {
        if (child.type === 'paragraph') {
          lines[lines.length - 1] += ` ${inlineToCardText(child.children, { lineBreak: ITEM_LINE_BREAK }).trim()}`;
          continue;
        }
        flushLines();
        elements.push(indented(blocksToCardElements([child])));
      }
    });
  }
  flushLines();
  return elements;
}

function indented(items: CardElement[]): ColumnSetElement {
  return {
    type: 'ColumnSet',
    spacing: 'None',
    columns: [
      { type: 'Column', width: LIST_INDENT_WIDTH },
      { type: 'Column', items, width: 1 },
    ],
  };
}
