// The model's Markdown in the pieces Slack renders differently: running text (mrkdwn sections),
// fenced code (kept verbatim), tables (table blocks) and thematic breaks (dividers). Only
// top-level blocks split; a table or code inside a list or quote stays in the text, fenced.
import type { RootContent, Table } from 'mdast';
import { parseMarkdown } from '../../../markdown/parse-markdown.js';
import { blocksToMrkdwn } from './mrkdwn-blocks.js';
import type { ColumnAlignment } from './table-blocks.js';
import { plainCellText } from './table-cell-text.js';

export type SlackMarkdownSegment =
  | { kind: 'text'; mrkdwn: string }
  | { kind: 'code'; code: string }
  | { kind: 'table'; header: string[]; rows: string[][]; alignments: (ColumnAlignment | undefined)[] }
  | { kind: 'divider' };

export function slackMarkdownSegments(markdown: string): SlackMarkdownSegment[] {
  const segments: SlackMarkdownSegment[] = [];
  let textBlocks: RootContent[] = [];
  const flushText = () => {
    const mrkdwn = blocksToMrkdwn(textBlocks);
    if (mrkdwn.trim() !== '') segments.push({ kind: 'text', mrkdwn });
    textBlocks = [];
  };
  for (const block of parseMarkdown(markdown).children) {
    if (block.type === 'code' || block.type === 'table' || block.type === 'thematicBreak') {
      flushText();
      segments.push(
        block.type === 'code' ? { kind: 'code', code: block.value } : block.type === 'table' ? tableSegment(block) : { kind: 'divider' },
      );
    } else {
      textBlocks.push(block);
    }
  }
  flushText();
  return segments;
}

function tableSegment(table: Table): SlackMarkdownSegment {
  const [header, ...rows] = table.children.map((row) => row.children.map((cell) => plainCellText(cell.children)));
  return { kind: 'table', header: header ?? [], rows, alignments: (table.align ?? []).map((alignment) => alignment ?? undefined) };
}
