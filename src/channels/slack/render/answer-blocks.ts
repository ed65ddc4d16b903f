// The model's Markdown answer as a flat list of Block Kit blocks: mrkdwn sections cut to Slack's
// 3,000 characters, code kept in fences, tables as table blocks (or code when too big), dividers.
// Packing the blocks into messages is a separate step (pack-messages.ts).
import type { SlackBlock } from './block-kit.js';
import { type SlackMarkdownSegment, slackMarkdownSegments } from './slack-markdown-segments.js';
import { MAX_SECTION_TEXT_CHARACTERS } from './slack-limits.js';
import { splitCodeBlock, splitText } from './split-text.js';
import { buildTableBlock, fitsTableBlock, renderTableAsText, type TableContent } from './table-blocks.js';

export function buildAnswerBlocks(markdown: string): SlackBlock[] {
  return slackMarkdownSegments(markdown).flatMap(segmentToBlocks);
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

function segmentToBlocks(segment: SlackMarkdownSegment): SlackBlock[] {
  switch (segment.kind) {
    case 'text':
      return textSections(segment.mrkdwn);
    case 'code':
      return codeSections(segment.code);
    case 'table':
      return tableBlocks(segment);
    case 'divider':
      return [{ type: 'divider' }];
  }
}
