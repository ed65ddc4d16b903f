// Follow-up buttons on a Teams card as a phone shows it (414 px wide, 382 px of content): all in
// one row while every title fits, otherwise one full-width button per row at the end of the body,
// never hidden in the overflow menu, where Show SQL and CSV go.
import { describe, expect, it } from 'vitest';
import { buildAnswerCards } from '../../../../src/channels/teams/render/answer-cards.js';
import { buildClarificationCard, buildResolvedCard } from '../../../../src/channels/teams/render/status-cards.js';
import { readCardAction } from '../../../../src/channels/teams/actions/card-actions.js';
import type { AdaptiveCard, ActionSetElement, CardAction } from '../../../../src/channels/teams/render/adaptive-card-types.js';
import { cardSizeInCharacters } from '../../../../src/channels/teams/render/message-budget.js';
import { measureTextWidth } from '../../../../src/charts/text-measure.js';
import { adaptiveCardProblems } from '../adaptive-card-validation.js';
import { planQueryActions } from '../../../../src/conversations/reply-query-actions.js';

/** What Microsoft's renderer gives a card's content on a 414 px phone screen. */
const PHONE_CONTENT_WIDTH_PX = 382;
/** A button's padding and border around its title, as Teams draws it. */
const BUTTON_PADDING_PX = 26;
const noOutcome = { text: '', tables: [], stories: [], followUps: [] };
const queries = [{ queryId: 'query_abcd1234', databaseName: 'warehouse', sql: 'SELECT 1', rowCount: 1, durationMs: 3, refused: false, error: null }];

function stackedActions(card: AdaptiveCard | undefined): CardAction[] {
  return (card?.body ?? []).filter((element): element is ActionSetElement => element.type === 'ActionSet').flatMap((set) => set.actions);
}

function fitsFullRow(title: string): boolean {
  return measureTextWidth(title, 14, '600') + BUTTON_PADDING_PX <= PHONE_CONTENT_WIDTH_PX;
}

describe('follow-up buttons on a phone-width card', () => {
  it('stacks long follow-ups one full-width button per row, none in the overflow menu, which keeps Show SQL and CSV', async () => {
    const followUps = ['Compare with last quarter by region', 'Which customers ordered most?', 'Show the monthly trend'];
    const [card] = buildAnswerCards({ ...noOutcome, text: 'Revenue grew 12%.', followUps, queryActions: planQueryActions(queries), offerCsv: true }, []);
    const sets = card?.body.filter((element) => element.type === 'ActionSet') ?? [];
    expect(sets).toHaveLength(3);
    for (const set of sets) expect((set as ActionSetElement).actions).toHaveLength(1);
    // After the answer, in the order the model suggested, each shown whole and sending its question.
    expect(card?.body.slice(-3)).toEqual(sets);
    expect(stackedActions(card).map((action) => action.title)).toEqual(followUps);
    expect(stackedActions(card).map((action) => action.mode)).toEqual([undefined, undefined, undefined]);
    expect(stackedActions(card).map((action) => readCardAction('data' in action ? action.data : undefined)?.text)).toEqual(followUps);
    for (const title of followUps) expect(fitsFullRow(title)).toBe(true);
    expect(card?.actions?.map((action) => [action.title, action.mode])).toEqual([
      ['Show SQL', 'secondary'],
      ['CSV', 'secondary'],
    ]);
    expect(await adaptiveCardProblems(card)).toEqual([]);
  });

  it('keeps short follow-ups in one row beside the overflow menu', async () => {
    const [card] = buildAnswerCards({ ...noOutcome, text: 'Up.', followUps: ['By region', 'By month'], queryActions: planQueryActions(queries), offerCsv: true }, []);
    expect(card?.body.map((element) => element.type)).toEqual(['TextBlock']);
    expect(card?.actions?.map((action) => [action.title, action.mode ?? 'primary'])).toEqual([
      ['By region', 'primary'],
      ['By month', 'primary'],
      ['Show SQL', 'secondary'],
      ['CSV', 'secondary'],
    ]);
    expect(await adaptiveCardProblems(card)).toEqual([]);
  });

  it('shortens a question longer than the row after its last whole word that fits, and still sends the whole question', async () => {
    const question = 'Compare revenue per region with the same quarter of last year, excluding refunded orders and internal test accounts';
    const [card] = buildAnswerCards({ ...noOutcome, text: 'Up.', followUps: [question, 'By month'] }, []);
    const [long, short] = stackedActions(card);
    expect(long?.title.endsWith('…')).toBe(true);
    const shown = long!.title.slice(0, -1);
    expect(question.startsWith(shown)).toBe(true);
    expect(question[shown.length]).toMatch(/[\s,]/);
    expect(fitsFullRow(long!.title)).toBe(true);
    expect(shown.length).toBeGreaterThan(20);
    expect(readCardAction(long && 'data' in long ? long.data : undefined)?.text).toBe(question);
    expect(short?.title).toBe('By month');
    expect(card?.actions).toBeUndefined();
    expect(await adaptiveCardProblems(card)).toEqual([]);
  });

  it('puts the stacked follow-ups on the last card of a long answer, every card within the budget', async () => {
    const paragraphs = Array.from({ length: 12 }, (_unused, index) => `Paragraph ${index + 1}: ${'revenue grew in every region '.repeat(8)}`);
    const followUps = ['Compare with last quarter by region', 'Which customers ordered most?', 'Show the monthly trend'];
    const budgetCharacters = 2_500;
    const cards = buildAnswerCards({ ...noOutcome, text: paragraphs.join('\n\n'), followUps, queryActions: planQueryActions(queries) }, [], { budgetCharacters });
    expect(cards.length).toBeGreaterThan(1);
    expect(cards.slice(0, -1).map(stackedActions)).toEqual(cards.slice(0, -1).map(() => []));
    expect(stackedActions(cards.at(-1)).map((action) => action.title)).toEqual(followUps);
    for (const card of cards) {
      expect(cardSizeInCharacters(card)).toBeLessThanOrEqual(budgetCharacters);
      expect(await adaptiveCardProblems(card)).toEqual([]);
    }
  });

  it('stacks long answers to a clarifying question the same way, and drops them once one is chosen', async () => {
    const options = ['Gross revenue including taxes and shipping', 'Net revenue after refunds and discounts'];
    const card = buildClarificationCard({ question: 'Which revenue?', options, hint: 'Choose an option, or reply in this thread.' }, '');
    expect(stackedActions(card).map((action) => action.title)).toEqual(options);
    expect(card.actions).toBeUndefined();
    expect(await adaptiveCardProblems(card)).toEqual([]);
    const resolved = buildResolvedCard(card, 'Ada Lovelace answered: Net revenue after refunds and discounts');
    expect(stackedActions(resolved)).toEqual([]);
    expect(resolved.actions).toBeUndefined();
    expect(resolved.body.map((element) => element.type)).toEqual(['TextBlock', 'TextBlock', 'TextBlock']);
    expect(await adaptiveCardProblems(resolved)).toEqual([]);
  });
});
