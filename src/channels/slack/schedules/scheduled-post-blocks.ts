// A scheduled report or alert as a Slack message: a header (title, "as of" time in the schedule's
// zone, a link to the thread it came from), the alert or catch-up note, each result as a table,
// and Pause / Edit time / Delete. The charts travel beside it as file uploads (files.uploadV2),
// which is how Slack shows a PNG inline in a thread.
import type { ScheduledPost } from '../../../schedules/scheduled-post.js';
import type { SlackBlock, SlackMessage } from '../render/block-kit.js';
import { escapeMrkdwn } from '../render/escape-mrkdwn.js';
import { buildTableBlock, fitsTableBlock, renderTableAsText } from '../render/table-blocks.js';
import { scheduleControlsBlock } from './schedule-manage-controls.js';

/** Slack's header block takes at most 150 characters of plain text. */
const MAX_HEADER_CHARACTERS = 150;

export interface ScheduledPostUpload {
  filename: string;
  title: string;
  png: Buffer;
}

export interface ScheduledSlackMessage extends SlackMessage {
  uploads: ScheduledPostUpload[];
}

function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

export function scheduledPostBlocks(post: ScheduledPost): ScheduledSlackMessage {
  const icon = post.kind === 'alert' ? '🔔' : '📅';
  const header = `${icon} ${post.title}`.slice(0, MAX_HEADER_CHARACTERS);
  const source = post.sourceLink ? ` · <${post.sourceLink}|from this thread>` : '';
  const blocks: SlackBlock[] = [
    { type: 'header', text: { type: 'plain_text', text: header } },
    { type: 'context', elements: [{ type: 'mrkdwn', text: `as of ${escapeMrkdwn(post.asOf)}${source}` }] },
  ];
  if (post.alertText) blocks.push({ type: 'section', text: { type: 'mrkdwn', text: `*Alert:* ${escapeMrkdwn(post.alertText)}` } });
  if (post.catchUpNote) blocks.push({ type: 'context', elements: [{ type: 'mrkdwn', text: escapeMrkdwn(post.catchUpNote) }] });
  for (const result of post.results) {
    const table = { header: result.columns.map((column) => column.name), rows: result.rows.map((row) => row.map(cellText)) };
    blocks.push(fitsTableBlock(table) ? buildTableBlock(table) : { type: 'section', text: { type: 'mrkdwn', text: `\`\`\`${renderTableAsText(table).slice(0, 2_900)}\`\`\`` } });
  }
  blocks.push(scheduleControlsBlock(post.scheduleId, 'active'));
  const uploads = post.charts.map((chart, index) => ({ filename: `${post.scheduleId}-${index + 1}.png`, title: chart.title, png: chart.png }));
  const text = post.alertText ? `${post.title}: ${post.alertText}` : `${post.title} (as of ${post.asOf})`;
  return { text, blocks, uploads };
}
