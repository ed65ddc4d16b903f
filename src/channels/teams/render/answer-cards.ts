// One answer as one card when it fits the message budget: text, charts, tables, follow-up
// buttons. Charts that do not fit beside the answer follow as cards of their own; an answer whose
// text and tables alone are too large loses its tables first, then the end of its text, with a
// note saying so.
import type { QueryResult, StoryArtifact } from '../../../conversations/outcome-contract.js';
import { TURN_SENTENCES } from '../../../conversations/standard-sentences.js';
import { createCard, textBlock, type AdaptiveCard, type CardElement, type SubmitAction } from './adaptive-card-types.js';
import { followUpActions } from '../actions/card-actions.js';
import type { PreparedChart } from './chart-image.js';
import { markdownToCardElements } from './card-elements-from-markdown.js';
import { CARD_BUDGET_CHARACTERS, cardSizeInCharacters } from './message-budget.js';
import { queryResultToElements } from './table-element.js';

export const TABLES_OMITTED_NOTE = 'The result tables were left out: they do not fit in one Teams message.';
export const TEXT_SHORTENED_NOTE = '… (shortened to fit in one Teams message)';

interface AnswerParts {
  text: CardElement[];
  notes: CardElement[];
  charts: CardElement[][];
  tables: CardElement[];
  stories: CardElement[];
  actions: SubmitAction[];
}

/** What one answer card shows, besides its charts. */
export interface AnswerContent {
  text: string;
  /** The bot's own notes, shown quieter than the answer. */
  notes?: string[];
  tables: QueryResult[];
  stories: StoryArtifact[];
  followUps: string[];
}

export function chartElements(chart: PreparedChart): CardElement[] {
  if (!chart.dataUrl) {
    return [textBlock(`The chart "${chart.title}" is too detailed to show inline in Teams.`, { isSubtle: true })];
  }
  return [
    textBlock(chart.title, { weight: 'Bolder' }),
    { type: 'Image', url: chart.dataUrl, altText: `Chart: ${chart.title}` },
  ];
}

export function buildAnswerCards(
  outcome: AnswerContent,
  charts: PreparedChart[],
  options: { includeFollowUps?: boolean; budgetCharacters?: number } = {},
): AdaptiveCard[] {
  const budget = options.budgetCharacters ?? CARD_BUDGET_CHARACTERS;
  const parts: AnswerParts = {
    text: markdownToCardElements(outcome.text.trim()),
    notes: (outcome.notes ?? []).map((note) => textBlock(note, { isSubtle: true })),
    charts: [],
    tables: outcome.tables.flatMap(queryResultToElements),
    stories: outcome.stories.map((story) =>
      textBlock(`Story **${story.title}** saved as version ${story.version} (${story.slug}).`, { isSubtle: true }),
    ),
    actions: options.includeFollowUps === false ? [] : followUpActions(outcome.followUps),
  };
  fitWithoutCharts(parts, outcome.text.trim(), budget);

  const separateCards: AdaptiveCard[] = [];
  for (const chart of charts) {
    const elements = chartElements(chart);
    const candidate = compose({ ...parts, charts: [...parts.charts, elements] });
    if (cardSizeInCharacters(candidate) <= budget) parts.charts.push(elements);
    else separateCards.push(createCard(elements));
  }
  if (parts.text.length + parts.notes.length + parts.charts.length + parts.tables.length + parts.stories.length === 0) {
    parts.text = [textBlock(TURN_SENTENCES.empty)];
  }
  return [compose(parts), ...separateCards];
}

function compose(parts: AnswerParts): AdaptiveCard {
  return createCard([...parts.text, ...parts.notes, ...parts.charts.flat(), ...parts.tables, ...parts.stories], parts.actions);
}

function fitWithoutCharts(parts: AnswerParts, markdown: string, budget: number): void {
  if (cardSizeInCharacters(compose(parts)) <= budget) return;
  if (parts.tables.length > 0) parts.tables = [textBlock(TABLES_OMITTED_NOTE, { isSubtle: true })];
  let shortened = markdown;
  while (cardSizeInCharacters(compose(parts)) > budget && shortened.length > 0) {
    const ratio = budget / cardSizeInCharacters(compose(parts));
    shortened = shortened.slice(0, Math.floor(shortened.length * ratio * 0.9));
    parts.text = markdownToCardElements(`${shortened}\n\n${TEXT_SHORTENED_NOTE}`);
  }
}
