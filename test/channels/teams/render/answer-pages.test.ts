// Answers larger than one Teams message continue on further cards: every card within the size
// budget, every card accepted by the Adaptive Cards parser, nothing left out, and the follow-up
// buttons on the last card only.
import { describe, expect, it } from 'vitest';
import type { AdaptiveCard, CardElement } from '../../../../src/channels/teams/render/adaptive-card-types.js';
import { buildAnswerCards } from '../../../../src/channels/teams/render/answer-cards.js';
import type { PreparedChart } from '../../../../src/channels/teams/render/chart-image.js';
import { CARD_BUDGET_CHARACTERS, cardSizeInCharacters } from '../../../../src/channels/teams/render/message-budget.js';
import type { QueryResult } from '../../../../src/tools/tool-context.js';
import { adaptiveCardProblems } from '../adaptive-card-validation.js';

const noOutcome = { text: '', tables: [], stories: [], followUps: [] };

/** 110 numbered paragraphs of about 410 characters: 45,000 characters in all. */
function longAnswer(): string {
  return Array.from({ length: 110 }, (_unused, index) => `Paragraph ${index + 1}: ${'revenue grew in the northern region '.repeat(11).trim()}.`).join('\n\n');
}

function texts(element: CardElement): string[] {
  switch (element.type) {
    case 'TextBlock':
      return [element.text];
    case 'Container':
      return element.items.flatMap(texts);
    case 'ColumnSet':
      return element.columns.flatMap((column) => (column.items ?? []).flatMap(texts));
    case 'Table':
      return element.rows.flatMap((row) => row.cells.flatMap((cell) => cell.items.map((item) => item.text)));
    default:
      return [];
  }
}

async function expectWithinBudgetAndValid(cards: AdaptiveCard[]) {
  for (const card of cards) {
    expect(cardSizeInCharacters(card)).toBeLessThanOrEqual(CARD_BUDGET_CHARACTERS);
    expect(await adaptiveCardProblems(card)).toEqual([]);
  }
}

function result(rowCount: number): QueryResult {
  return {
    queryId: 'query_abcd1234',
    databaseName: 'warehouse',
    sql: 'SELECT 1',
    columns: [{ name: 'region', type: 'VARCHAR' }, { name: 'total', type: 'INTEGER' }],
    rows: Array.from({ length: rowCount }, (_unused, row) => [`Region ${row + 1}`, row * 10]),
    rowCount,
    truncated: false,
    durationMs: 3,
    createdAt: new Date('2026-03-02T10:00:00Z'),
  };
}

describe('an answer larger than one card', () => {
  it('continues a 45,000-character answer on further cards with every paragraph, in order, and the buttons last', async () => {
    const answer = longAnswer();
    expect(answer.length).toBeGreaterThanOrEqual(45_000);
    const cards = buildAnswerCards({ ...noOutcome, text: answer, tables: [result(4)], followUps: ['By month?', 'Only EMEA?'] }, []);
    expect(cards.length).toBeGreaterThan(1);
    await expectWithinBudgetAndValid(cards);
    const shown = cards.flatMap((card) => card.body.flatMap(texts));
    const paragraphs = shown.filter((text) => text.startsWith('Paragraph '));
    expect(paragraphs).toEqual(answer.split('\n\n'));
    const lastCard = cards.at(-1)!;
    expect(lastCard.body.at(-1)?.type).toBe('Container');
    expect(lastCard.body.at(-1)?.type === 'Container' ? texts(lastCard.body.at(-1)!).at(-1) : undefined).toBe('4 rows from warehouse.');
    expect(shown.slice(-11)).toEqual(['region', 'total', 'Region 1', '0', 'Region 2', '10', 'Region 3', '20', 'Region 4', '30', '4 rows from warehouse.']);
    expect(shown.join(' ')).not.toMatch(/shortened|left out/);
    expect(cards.map((card) => card.actions?.map((action) => action.title))).toEqual([
      ...cards.slice(1).map(() => undefined),
      ['By month?', 'Only EMEA?'],
    ]);
  });

  it('puts the follow-up buttons on the last card when several charts follow the text', async () => {
    const chart = (index: number): PreparedChart => ({
      chartId: `chart_${index}`,
      title: `Chart ${index}`,
      titleDrawn: true,
      url: `data:image/png;base64,${String(index).repeat(30_000)}`,
      widthPx: 500,
      heightPx: 300,
      byteLength: 22_500,
    });
    const cards = buildAnswerCards({ ...noOutcome, text: 'Three views of revenue.', followUps: ['Per week?'] }, [chart(1), chart(2), chart(3)]);
    expect(cards).toHaveLength(3);
    await expectWithinBudgetAndValid(cards);
    expect(cards.flatMap((card) => card.body.map((element) => (element.type === 'Image' ? element.altText : element.type)))).toEqual([
      'TextBlock',
      'Chart: Chart 1',
      'Chart: Chart 2',
      'Chart: Chart 3',
    ]);
    expect(cards.map((card) => card.actions?.map((action) => action.title))).toEqual([undefined, undefined, ['Per week?']]);
  });

  it('splits a single paragraph too long for a card at spaces, keeping every word', async () => {
    const words = Array.from({ length: 12_000 }, (_unused, index) => `w${index}`);
    const cards = buildAnswerCards({ ...noOutcome, text: words.join(' ') }, []);
    expect(cards.length).toBeGreaterThan(1);
    await expectWithinBudgetAndValid(cards);
    expect(cards.flatMap((card) => card.body.flatMap(texts)).join(' ').split(' ')).toEqual(words);
  });

  it('splits a Markdown table too long for a card into runs of rows, each under the header', async () => {
    const rows = Array.from({ length: 900 }, (_unused, index) => `| Store number ${index} | ${index * 7} |`);
    const cards = buildAnswerCards({ ...noOutcome, text: ['| Store | Sales |', '|---|--:|', ...rows].join('\n') }, []);
    expect(cards.length).toBeGreaterThan(1);
    await expectWithinBudgetAndValid(cards);
    const tables = cards.flatMap((card) => card.body).filter((element) => element.type === 'Table');
    for (const table of tables) expect(texts(table).slice(0, 2)).toEqual(['Store', 'Sales']);
    const stores = tables.flatMap((table) => texts(table)).filter((text) => text.startsWith('Store number'));
    expect(stores).toEqual(rows.map((_row, index) => `Store number ${index}`));
  });
});
