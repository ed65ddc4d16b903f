// The whole Markdown answer as one mrkdwn string, for places that take only text: the fallback
// `text` of a message, the size check that decides on a file upload, ephemeral replies.
import { fenceCode, MRKDWN_RULE } from './mrkdwn-blocks.js';
import { type SlackMarkdownSegment, slackMarkdownSegments } from './slack-markdown-segments.js';
import { renderTableAsText } from './table-blocks.js';

export function markdownToMrkdwn(markdown: string): string {
  return slackMarkdownSegments(markdown).map(segmentToMrkdwn).join('\n\n');
}

function segmentToMrkdwn(segment: SlackMarkdownSegment): string {
  switch (segment.kind) {
    case 'text':
      return segment.mrkdwn;
    case 'code':
      return fenceCode(segment.code);
    case 'table':
      return fenceCode(renderTableAsText(segment));
    case 'divider':
      return MRKDWN_RULE;
  }
}
