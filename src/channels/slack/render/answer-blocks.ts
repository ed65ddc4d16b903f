// The model's Markdown answer as a flat list of Block Kit blocks: mrkdwn sections cut to Slack's
// 3,000 characters, code kept in fences, tables as table blocks (or code when too big), dividers.
// Packing the blocks into messages is a separate step (pack-messages.ts).
import type { SlackBlock } from './block-kit.js';
import { convertMarkdownText } from './convert-markdown-text.js';
import { parseMarkdownSegments, type MarkdownSegment } from './markdown-segments.js';
import { MAX_SECTION_TEXT_CHARACTERS } from './slack-limits.js';
import { splitCodeBlock, splitText } from './split-text.js';
import { buildTableBlock, fitsTableBlock, plainCellText, renderTableAsText, type TableContent } from './table-blocks.js';

export function buildAnswerBlocks(markdown: string): SlackBlock[] {
  return parseMarkdownSegments(markdown).flatMap(segmentToBlocks);
}

export function sectionBlock(mrkdwn: string): SlackBlock {
  return { type: 'section', text: { type: 'mrkdwn', text: mrkdwn } };
}

/** Long mrkdwn as several sections, each within the per-section limit. */
export function textSections(mrkdwn: string): SlackBlock[] {
  return splitText(mrkdwn, MAX_SECTION_TEXT_CHARACTERS).map(sectionBlock);
}

/** A table as a table block when it fits, else as fenced monospace sections. */
export function tableBlocks(table: TableContent): SlackBlock[] {
  if (fitsTableBlock(table)) return [buildTableBlock(table)];
  return codeSections(renderTableAsText(table));
}

export function codeSections(code: string): SlackBlock[] {
  // Slack decodes &amp; &lt; &gt; inside code too, so code is escaped like any other text.
  const escaped = code.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return splitCodeBlock(escaped, MAX_SECTION_TEXT_CHARACTERS).map(sectionBlock);
}

function segmentToBlocks(segment: MarkdownSegment): SlackBlock[] {
  switch (segment.kind) {
    case 'text':
      return textSections(convertMarkdownText(segment.markdown));
    case 'code':
      return codeSections(segment.code);
    case 'table':
      return tableBlocks({
        header: segment.header.map(plainCellText),
        rows: segment.rows.map((row) => row.map(plainCellText)),
        alignments: segment.alignments,
      });
    case 'divider':
      return [{ type: 'divider' }];
  }
}
