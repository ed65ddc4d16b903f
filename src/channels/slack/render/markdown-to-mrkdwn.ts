// The whole Markdown answer as one mrkdwn string, for places that take only text: the fallback
// `text` of a message, the size check that decides on a file upload, ephemeral replies.
import { convertMarkdownText } from './convert-markdown-text.js';
import { escapeMrkdwn } from './convert-inline-markdown.js';
import { parseMarkdownSegments, type MarkdownSegment } from './markdown-segments.js';
import { plainCellText, renderTableAsText } from './table-blocks.js';

export function markdownToMrkdwn(markdown: string): string {
  return parseMarkdownSegments(markdown).map(segmentToMrkdwn).join('\n\n');
}

function segmentToMrkdwn(segment: MarkdownSegment): string {
  switch (segment.kind) {
    case 'text':
      return convertMarkdownText(segment.markdown);
    case 'code':
      return fence(segment.code);
    case 'table':
      return fence(
        renderTableAsText({ header: segment.header.map(plainCellText), rows: segment.rows.map((row) => row.map(plainCellText)) }),
      );
    case 'divider':
      return '———';
  }
}

function fence(code: string): string {
  return `\`\`\`\n${escapeMrkdwn(code)}\n\`\`\``;
}
