// One answer as one card when it fits the message budget: text, notes, charts, tables, stories,
// follow-up buttons (in one row, or one per row when their titles do not fit one), and Show SQL
// and CSV in the overflow menu. A larger answer continues on further cards in the same order, nothing left
// out, each card within the budget; the follow-up buttons go on the last card, so they sit on the
// newest message of the answer. A chart's title is drawn in its image, so the card does not repeat
// it (the alt text names it); an image the sandboxed code wrote gets its name above it, kept on the
// same card.
import type { QueryResult, QueryRun, StoryArtifact } from '../../../conversations/outcome-contract.js';
import { TURN_SENTENCES } from '../../../conversations/standard-sentences.js';
import { textBlock, type AdaptiveCard, type CardElement } from './adaptive-card-types.js';
import { followUpActions } from '../actions/card-actions.js';
import { csvActions } from '../actions/csv-click.js';
import { showSqlAction } from '../actions/show-sql-action.js';
import { verifyActions } from '../actions/verify-click.js';
import type { PreparedChart } from './chart-image.js';
import { arrangeCardActions } from './card-action-row.js';
import { markdownToCardElements } from './card-elements-from-markdown.js';
import { layOutCardPages } from './card-pages.js';
import { queryResultToElements } from './table-element.js';

/** What one answer shows, besides its charts. */
export interface AnswerContent {
  text: string;
  /** The bot's own notes, shown quieter than the answer. */
  notes?: string[];
  tables: QueryResult[];
  stories: StoryArtifact[];
  followUps: string[];
  /** The queries behind the answer: a Show SQL action on the last card. */
  queries?: QueryRun[];
  /** CSV buttons for the stored results among `queries`. */
  offerCsv?: boolean;
  /** "✓ Verified query, by Ana, 2026-11-02" under the text, when the answer ran a verified query. */
  verifiedBadge?: string;
  /** The answer a Verify button names; no button without it. */
  verifyAnswerId?: string;
}

function chartElements(chart: PreparedChart): CardElement[] {
  if (!chart.url) {
    return [textBlock(`The chart "${chart.title}" is too detailed to show inline in Teams.`, { isSubtle: true })];
  }
  const image: CardElement = { type: 'Image', url: chart.url, altText: `Chart: ${chart.title}` };
  return chart.titleDrawn ? [image] : [{ type: 'Container', items: [textBlock(chart.title, { weight: 'Bolder' }), image] }];
}

export function buildAnswerCards(
  outcome: AnswerContent,
  charts: PreparedChart[],
  options: { includeFollowUps?: boolean; budgetCharacters?: number } = {},
): AdaptiveCard[] {
  const body: CardElement[] = [
    ...markdownToCardElements(outcome.text.trim()),
    ...(outcome.verifiedBadge ? [textBlock(outcome.verifiedBadge, { color: 'Good', weight: 'Bolder', size: 'Small' })] : []),
    ...(outcome.notes ?? []).map((note) => textBlock(note, { isSubtle: true })),
    ...charts.flatMap(chartElements),
    // A table and its caption stay on one card.
    ...outcome.tables.map((result): CardElement => ({ type: 'Container', items: queryResultToElements(result) })),
    ...outcome.stories.map((story) => textBlock(`Story **${story.title}** saved as version ${story.version} (${story.slug}).`, { isSubtle: true })),
  ];
  // Follow-ups in the row while they all fit it, otherwise one full-width button each at the end of
  // the last card's body; Show SQL and CSV in the overflow menu.
  const { stacked, actions } = arrangeCardActions(
    [...(options.includeFollowUps === false ? [] : followUpActions(outcome.followUps)), ...verifyActions(outcome.verifyAnswerId)],
    [...optional(showSqlAction(outcome.queries ?? [])), ...(outcome.offerCsv ? csvActions(outcome.queries ?? []) : [])],
  );
  return layOutCardPages(body.length > 0 ? body : [textBlock(TURN_SENTENCES.empty)], {
    actions,
    closing: stacked,
    ...(options.budgetCharacters !== undefined ? { budgetCharacters: options.budgetCharacters } : {}),
  });
}

function optional<T>(value: T | undefined): T[] {
  return value === undefined ? [] : [value];
}
