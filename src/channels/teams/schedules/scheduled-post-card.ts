// A scheduled report or alert as an Adaptive Card: a header (title, "as of" time in the schedule's
// zone, a link to the thread it came from), the alert or catch-up note, the story's elements for a
// story schedule (story-card-elements.ts), the charts inline, each other result as a table, and
// Pause / Edit time / Delete. A story too big for one card continues on further cards, labelled,
// the buttons on the last. Mirrors slack/schedules/scheduled-post-blocks.ts.
import type { ScheduledPost } from '../../../schedules/scheduled-post.js';
import { storyLabel } from '../../../schedules/scheduled-story.js';
import { formatResultTable } from '../../../tables/format-result-table.js';
import { ADAPTIVE_CARD_SCHEMA_URL, ADAPTIVE_CARD_VERSION, textBlock, type AdaptiveCard, type CardElement } from '../render/adaptive-card-types.js';
import { layOutCardPages } from '../render/card-pages.js';
import { fittedTableElements } from '../render/table-element.js';
import { scheduleControlActions } from './schedule-manage-controls.js';

function headerElements(post: ScheduledPost): CardElement[] {
  const icon = post.kind === 'alert' ? '🔔' : '📅';
  const source = post.sourceLink ? ` · [from this thread](${post.sourceLink})` : '';
  const storyVersion = post.story ? ` · ${storyLabel(post.title, post.story)}` : '';
  const header: CardElement[] = [
    { type: 'TextBlock', text: `${icon} ${post.title}`, size: 'Large', weight: 'Bolder', wrap: true },
    { type: 'TextBlock', text: `as of ${post.asOf}${storyVersion}${source}`, isSubtle: true, wrap: true, spacing: 'None' },
  ];
  if (post.alertText) header.push({ type: 'TextBlock', text: `**Alert:** ${post.alertText}`, color: 'Attention', wrap: true });
  if (post.catchUpNote) header.push({ type: 'TextBlock', text: post.catchUpNote, isSubtle: true, wrap: true });
  return header;
}

function resultElements(post: ScheduledPost): CardElement[] {
  const elements: CardElement[] = post.charts.map((chart) => ({ type: 'Image', url: `data:image/png;base64,${chart.png.toString('base64')}`, altText: chart.title }));
  for (const result of post.results) {
    // Formatted as an answer's table is (grouped thousands, money with two decimals, dates at their granularity).
    const table = formatResultTable(result);
    elements.push(...fittedTableElements(table.header, table.rows, { alignments: table.alignments }));
  }
  return elements;
}

/** `storyElements`: the story of a story schedule, drawn by the channel's story renderer from this run's rows. */
export function scheduledPostCard(post: ScheduledPost, storyElements: CardElement[] = []): AdaptiveCard {
  return {
    type: 'AdaptiveCard',
    $schema: ADAPTIVE_CARD_SCHEMA_URL,
    version: ADAPTIVE_CARD_VERSION,
    body: [...headerElements(post), ...storyElements, ...resultElements(post)],
    actions: scheduleControlActions(post.scheduleId, 'active', post.time),
    msteams: { width: 'Full' },
  };
}

/** The cards a run posts: one for a report or alert; a story continues on further cards when the message budget needs it. */
export function scheduledPostCards(post: ScheduledPost, storyElements: CardElement[] = []): AdaptiveCard[] {
  if (!post.story) return [scheduledPostCard(post)];
  return layOutCardPages([...storyElements, ...resultElements(post)], {
    lead: headerElements(post),
    continuation: [textBlock(`${post.title} (continued)`, { isSubtle: true })],
    actions: scheduleControlActions(post.scheduleId, 'active', post.time),
  });
}
