// A scheduled report or alert as a Slack message: a header (title, "as of" time in the schedule's
// zone, a link to the thread it came from), the alert or catch-up note, the story's blocks for a
// story schedule (story-node-blocks.ts, its charts as image blocks of unshared uploads), each other
// result as a data_table (or a table / text when it does not fit one), and Pause / Edit time / Delete. The charts of query results travel beside it
// as file uploads (files.uploadV2), which is how Slack shows a PNG inline in a thread. A story too
// long for one message continues in further messages, the buttons on the last.
import type { ScheduledPost } from '../../../schedules/scheduled-post.js';
import { storyLabel } from '../../../schedules/scheduled-story.js';
import { formatResultTable } from '../../../tables/format-result-table.js';
import type { SlackBlock, SlackMessage } from '../render/block-kit.js';
import { escapeMrkdwn } from '../render/escape-mrkdwn.js';
import { fallbackText } from '../render/block-text.js';
import { contextBlock } from '../render/interactive-blocks.js';
import { packMessages } from '../render/pack-messages.js';
import { MAX_BLOCKS_PER_MESSAGE } from '../render/slack-limits.js';
import { buildTableBlock, fitsTableBlock, renderTableAsText } from '../render/table-blocks.js';
import { buildResultDataTable } from '../render/data-table-blocks.js';
import { resultCaption } from '../render/result-table-blocks.js';
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
  /** Further messages of a story too long for one (Slack's 50 blocks, one table each); the buttons are on the last. */
  continuations: SlackMessage[];
}

/** `storyBlocks`: the story of a story schedule, drawn by the channel's story renderer from this run's rows. */
export function scheduledPostBlocks(post: ScheduledPost, storyBlocks: SlackBlock[] = []): ScheduledSlackMessage {
  const icon = post.kind === 'alert' ? '🔔' : '📅';
  const header = `${icon} ${post.title}`.slice(0, MAX_HEADER_CHARACTERS);
  const source = post.sourceLink ? ` · <${post.sourceLink}|from this thread>` : '';
  const storyVersion = post.story ? ` · ${escapeMrkdwn(storyLabel(post.title, post.story))}` : '';
  const blocks: SlackBlock[] = [
    { type: 'header', text: { type: 'plain_text', text: header } },
    { type: 'context', elements: [{ type: 'mrkdwn', text: `as of ${escapeMrkdwn(post.asOf)}${storyVersion}${source}` }] },
  ];
  if (post.alertText) blocks.push({ type: 'section', text: { type: 'mrkdwn', text: `*Alert:* ${escapeMrkdwn(post.alertText)}` } });
  if (post.catchUpNote) blocks.push({ type: 'context', elements: [{ type: 'mrkdwn', text: escapeMrkdwn(post.catchUpNote) }] });
  blocks.push(...storyBlocks);
  for (const result of post.results) {
    // A whole result that fits Slack's data_table goes as one (sortable, numbers as numbers), as in answers.
    const dataTable = result.truncated ? undefined : buildResultDataTable(result, resultCaption({ columns: result.columns, rowCount: result.rows.length }));
    if (dataTable?.kind === 'fits') {
      blocks.push(dataTable.block);
      continue;
    }
    // Formatted as an answer's table is (grouped thousands, money with two decimals, dates at their granularity).
    const table = formatResultTable(result);
    blocks.push(fitsTableBlock(table) ? buildTableBlock(table) : { type: 'section', text: { type: 'mrkdwn', text: `\`\`\`${renderTableAsText(table).slice(0, 2_900)}\`\`\`` } });
  }
  const uploads = post.charts.map((chart, index) => ({ filename: `${post.scheduleId}-${index + 1}.png`, title: chart.title, png: chart.png }));
  const text = post.alertText ? `${post.title}: ${post.alertText}` : `${post.title} (as of ${post.asOf})`;
  const controls = scheduleControlsBlock(post.scheduleId, 'active');
  if (!post.story) return { text, blocks: [...blocks, controls], uploads, continuations: [] };
  // One block of room in each message: the buttons on the last, the "(continued)" line on the others.
  const [first, ...rest] = packMessages(blocks, MAX_BLOCKS_PER_MESSAGE - 1);
  const continuations = rest.map((message) => withBlocks([contextBlock(`_${escapeMrkdwn(post.title)} (continued)_`), ...message.blocks]));
  const last = continuations.at(-1);
  if (last) continuations[continuations.length - 1] = withBlocks([...last.blocks, controls]);
  return { text, blocks: last ? (first?.blocks ?? []) : [...(first?.blocks ?? []), controls], uploads, continuations };
}

function withBlocks(blocks: SlackBlock[]): SlackMessage {
  return { text: fallbackText(blocks), blocks };
}
