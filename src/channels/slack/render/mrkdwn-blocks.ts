// Markdown blocks → one mrkdwn text. Slack has no headings (they become bold lines), keeps lists
// as indented bullet lines (see mrkdwn-list.ts), quotes with "> ", code and tables in fences.
// Blocks keep the blank lines the author put between them.
import type { RootContent } from 'mdast';
import { joinBlocks } from '../../../markdown/block-separator.js';
import { escapeMrkdwn } from './escape-mrkdwn.js';
import { inlineToMrkdwn } from './mrkdwn-inline.js';
import { listToMrkdwn } from './mrkdwn-list.js';
import { plainCellText } from './table-cell-text.js';
import { renderTableAsText } from './table-blocks.js';

/** How a thematic break reads in running text. */
export const MRKDWN_RULE = '———';

export function blocksToMrkdwn(blocks: readonly RootContent[]): string {
  return joinBlocks(blocks, blockToMrkdwn);
}

export function fenceCode(code: string): string {
  return `\`\`\`\n${escapeMrkdwn(code)}\n\`\`\``;
}

export function blockToMrkdwn(block: RootContent): string {
  switch (block.type) {
    case 'paragraph':
      return inlineToMrkdwn(block.children);
    case 'heading': {
      const text = inlineToMrkdwn(block.children, { insideBold: true, lineBreak: ' ' }).trim();
      return text === '' ? '' : `*${text}*`;
    }
    case 'list':
      return listToMrkdwn(block, 0, blockToMrkdwn);
    case 'blockquote':
      return blocksToMrkdwn(block.children)
        .split('\n')
        .map((line) => `> ${line}`.trimEnd())
        .join('\n');
    case 'code':
      return fenceCode(block.value);
    case 'table':
      return fenceCode(
        renderTableAsText({
          header: block.children[0]?.children.map((cell) => plainCellText(cell.children)) ?? [],
          rows: block.children.slice(1).map((row) => row.children.map((cell) => plainCellText(cell.children))),
        }),
      );
    case 'thematicBreak':
      return MRKDWN_RULE;
    case 'html':
      return escapeMrkdwn(block.value);
    case 'footnoteDefinition':
      return `[${escapeMrkdwn(block.label ?? block.identifier)}] ${blocksToMrkdwn(block.children)}`;
    case 'definition':
    case 'yaml':
    case 'listItem':
    case 'tableRow':
    case 'tableCell':
      return '';
    default:
      // Inline nodes never stand at block level in a parsed tree; render them inline all the same.
      return inlineToMrkdwn([block]);
  }
}
