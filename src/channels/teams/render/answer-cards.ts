// One answer as one card when it fits the message budget: text, notes, charts, tables, stories,
// follow-up buttons (in one row, or one per row when their titles do not fit one), and Show SQL
// and CSV in the overflow menu. A larger answer continues on further cards in the same order, nothing left
// out, each card within the budget; the follow-up buttons go on the last card, so they sit on the
// newest message of the answer. A chart's title is drawn in its image, so the card does not repeat
// it (the alt text names it); an image the sandboxed code wrote gets its name above it, kept on the
// same card.
import type { QueryResult, StoryArtifact } from '../../../store/turn-artifacts.js';
import type { QueryActions } from '../../../conversations/reply-query-actions.js';
import { storySavedNote } from '../../../conversations/standard-sentences.js';
import { textBlock, type AdaptiveCard, type CardElement } from './adaptive-card-types.js';
import { followUpActions, retryAction } from '../actions/card-actions.js';
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
  /** The plan's Show SQL and CSV choices: a Show SQL action and CSV buttons on the last card. */
  queryActions?: QueryActions;
  /** CSV buttons for the results the plan chose. */
  offerCsv?: boolean;
  /** The sentence of a stopped or empty turn, after the notes. */
  sentence?: CardElement;
  /** The sentence of a failed turn, at the end of the body. */
  closingSentence?: CardElement;
  /** A Retry button (a failed turn that trying again can help). */
  retry?: boolean;
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
    ...optional(outcome.sentence),
    ...charts.flatMap(chartElements),
    // A table and its caption stay on one card.
    ...outcome.tables.map((result): CardElement => ({ type: 'Container', items: queryResultToElements(result) })),
    ...outcome.stories.map((story) => textBlock(storySavedNote(story), { isSubtle: true })),
    ...optional(outcome.closingSentence),
  ];
  // Follow-ups in the row while they all fit it, otherwise one full-width button each at the end of
  // the last card's body; Show SQL and CSV in the overflow menu.
  const { stacked, actions } = arrangeCardActions(
    [...(outcome.retry ? [retryAction()] : []), ...(options.includeFollowUps === false ? [] : followUpActions(outcome.followUps)), ...verifyActions(outcome.verifyAnswerId)],
    outcome.queryActions ? [...optional(showSqlAction(outcome.queryActions)), ...(outcome.offerCsv ? csvActions(outcome.queryActions.csv) : [])] : [],
  );
  return layOutCardPages(body, {
    actions,
    closing: stacked,
    ...(options.budgetCharacters !== undefined ? { budgetCharacters: options.budgetCharacters } : {}),
  });
}

function optional<T>(value: T | undefined): T[] {
  return value === undefined ? [] : [value];
}
