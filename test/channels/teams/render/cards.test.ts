import { describe, expect, it } from 'vitest';
import type { QueryResult } from '../../../../src/tools/tool-context.js';
import { buildAnswerCards } from '../../../../src/channels/teams/render/answer-cards.js';
import { readCardAction } from '../../../../src/channels/teams/actions/card-actions.js';
import { prepareChartImage, type PreparedChart } from '../../../../src/channels/teams/render/chart-image.js';
import { CARD_BUDGET_CHARACTERS, CHART_IMAGE_BUDGET_BYTES, cardSizeInCharacters } from '../../../../src/channels/teams/render/message-budget.js';
import { buildClarificationCard, buildFailureCard, buildResolvedCard } from '../../../../src/channels/teams/render/status-cards.js';
import { describeShownPart, queryResultToElements } from '../../../../src/channels/teams/render/table-element.js';
import { adaptiveCardProblems } from '../adaptive-card-validation.js';
import { drawChartPng } from '../chart-png.js';

function queryResult(rowCount: number, columnCount = 2, truncated = false): QueryResult {
  const columns = Array.from({ length: columnCount }, (_unused, column) => ({ name: column === 0 ? 'month' : `metric_${column}`, type: 'integer' }));
  return {
    queryId: 'query_abcd1234',
    databaseName: 'warehouse',
    sql: 'SELECT 1',
    columns,
    rows: Array.from({ length: rowCount }, (_unused, row) => columns.map((_column, column) => (column === 0 ? `2024-${row + 1}` : row * column))),
    rowCount,
    truncated,
    durationMs: 3,
    createdAt: new Date('2026-03-02T10:00:00Z'),
  };
}

const noOutcome = { text: '', tables: [], stories: [], followUps: [] };

describe('answer card', () => {
  it('is text plus follow-up buttons, exactly', async () => {
    const [card, ...rest] = buildAnswerCards({ ...noOutcome, text: 'Revenue was **€1.2M**.', followUps: ['By region?', 'Last year?'] }, []);
    expect(rest).toEqual([]);
    expect(card).toEqual({
      type: 'AdaptiveCard',
      $schema: 'http://adaptivecards.io/schemas/adaptive-card.json',
      version: '1.5',
      body: [{ type: 'TextBlock', text: 'Revenue was **€1.2M**.', wrap: true }],
      actions: [
        { type: 'Action.Submit', title: 'By region?', data: { datathread: 'follow_up', text: 'By region?', index: 0 } },
        { type: 'Action.Submit', title: 'Last year?', data: { datathread: 'follow_up', text: 'Last year?', index: 1 } },
      ],
      msteams: { width: 'Full' },
    });
    expect(await adaptiveCardProblems(card)).toEqual([]);
  });

  it('shows at most 15 rows and 8 columns of a table and states the totals', async () => {
    const elements = queryResultToElements(queryResult(240, 10));
    const table = elements[0] as { rows: Array<{ cells: unknown[] }>; columns: unknown[] };
    expect(table.rows).toHaveLength(16);
    expect(table.columns).toHaveLength(8);
    expect(elements[1]).toEqual({
      type: 'TextBlock',
      text: 'Showing 15 of 240 rows, 8 of 10 columns from warehouse.',
      wrap: true,
      isSubtle: true,
      size: 'Small',
      spacing: 'Small',
    });
    expect(describeShownPart(queryResult(3), 3, 2)).toBe('3 rows from warehouse.');
    expect(describeShownPart(queryResult(1000, 2, true), 15, 2)).toBe('Showing 15 of 1,000+ rows from warehouse.');
    const [card] = buildAnswerCards({ ...noOutcome, text: 'Here:', tables: [queryResult(240, 10)] }, []);
    expect(await adaptiveCardProblems(card)).toEqual([]);
  });

  it('puts a chart that fits inline, without repeating the title its image draws, and continues with one that does not', async () => {
    const chart: PreparedChart = { chartId: 'chart_1', title: 'Revenue', titleDrawn: true, dataUrl: 'data:image/png;base64,iVBORw0KGgo=', widthPx: 10, heightPx: 10, byteLength: 8 };
    const [card] = buildAnswerCards({ ...noOutcome, text: 'Up.' }, [chart]);
    expect(card?.body).toEqual([
      { type: 'TextBlock', text: 'Up.', wrap: true },
      { type: 'Image', url: 'data:image/png;base64,iVBORw0KGgo=', altText: 'Chart: Revenue' },
    ]);

    const big: PreparedChart = { ...chart, dataUrl: `data:image/png;base64,${'A'.repeat(30_000)}` };
    const cards = buildAnswerCards({ ...noOutcome, text: 'Two charts.', followUps: ['More?'] }, [big, { ...big, chartId: 'chart_2', title: 'Orders' }]);
    expect(cards).toHaveLength(2);
    expect(cards[0]?.body.map((element) => element.type)).toEqual(['TextBlock', 'Image']);
    expect(cards[0]?.actions).toBeUndefined();
    expect(cards[1]?.body).toEqual([{ type: 'Image', url: big.dataUrl, altText: 'Chart: Orders' }]);
    expect(cards[1]?.actions?.map((action) => action.title)).toEqual(['More?']);
    for (const each of cards) {
      expect(cardSizeInCharacters(each)).toBeLessThanOrEqual(CARD_BUDGET_CHARACTERS);
      expect(await adaptiveCardProblems(each)).toEqual([]);
    }
  });

  it('names an image the sandboxed code wrote above it, since the image does not show its name', async () => {
    const png = drawChartPng(300, 200);
    const prepared = await prepareChartImage({ chartId: 'chart_9', title: 'share', chartType: 'image', png });
    const drawn = await prepareChartImage({ chartId: 'chart_8', title: 'Revenue', chartType: 'bar', png });
    expect([prepared.titleDrawn, drawn.titleDrawn]).toEqual([false, true]);
    const [card] = buildAnswerCards({ ...noOutcome, text: 'See:' }, [prepared]);
    expect(card?.body[1]).toEqual({
      type: 'Container',
      items: [
        { type: 'TextBlock', text: 'share', wrap: true, weight: 'Bolder' },
        { type: 'Image', url: prepared.dataUrl, altText: 'Chart: share' },
      ],
    });
    expect(await adaptiveCardProblems(card)).toEqual([]);
  });

  it('shows the bot notes as quieter lines after the answer', () => {
    const [card] = buildAnswerCards({ ...noOutcome, text: 'North leads.', notes: ['I reached my step limit (agent.max_steps).'] }, []);
    expect(card?.body).toEqual([
      { type: 'TextBlock', text: 'North leads.', wrap: true },
      { type: 'TextBlock', text: 'I reached my step limit (agent.max_steps).', wrap: true, isSubtle: true },
    ]);
  });

  it('says the standard empty-turn sentence rather than sending an empty card', () => {
    expect(buildAnswerCards(noOutcome, [])[0]?.body).toEqual([{ type: 'TextBlock', text: 'I finished without anything to show. Try rephrasing the question.', wrap: true }]);
  });
});

describe('chart images', () => {
  it('keeps a small chart as it is', async () => {
    const png = drawChartPng(600, 400);
    const prepared = await prepareChartImage({ chartId: 'chart_1', title: 'Revenue', png });
    expect(prepared.widthPx).toBe(600);
    expect(prepared.dataUrl).toBe(`data:image/png;base64,${png.toString('base64')}`);
  });

  it('downscales a large chart until its PNG fits the image budget', async () => {
    const png = drawChartPng(1600, 1000, { noisy: true, amplitude: 16 });
    expect(png.length).toBeGreaterThan(CHART_IMAGE_BUDGET_BYTES);
    const prepared = await prepareChartImage({ chartId: 'chart_1', title: 'Revenue', png });
    expect(prepared.byteLength).toBeLessThanOrEqual(CHART_IMAGE_BUDGET_BYTES);
    expect(prepared.widthPx).toBeLessThanOrEqual(1024);
    expect(prepared.widthPx).toBeGreaterThanOrEqual(320);
    expect(prepared.dataUrl?.startsWith('data:image/png;base64,iVBOR')).toBe(true);
  });

  it('gives up on a chart that would be unreadable within the budget', async () => {
    const prepared = await prepareChartImage({ chartId: 'chart_1', title: 'Noise', png: drawChartPng(800, 800, { noisy: true }) }, 500);
    expect(prepared.dataUrl).toBeUndefined();
    const [card] = buildAnswerCards({ ...noOutcome, text: 'See:' }, [prepared]);
    expect(card?.body[1]).toEqual({ type: 'TextBlock', text: 'The chart "Noise" is too detailed to show inline in Teams.', wrap: true, isSubtle: true });
  });
});

describe('status cards', () => {
  it('asks a clarifying question with one button per option', async () => {
    const card = buildClarificationCard({ question: 'Which **revenue**?', options: ['Gross', 'Net'] }, '');
    expect(card).toEqual({
      type: 'AdaptiveCard',
      $schema: 'http://adaptivecards.io/schemas/adaptive-card.json',
      version: '1.5',
      body: [
        { type: 'TextBlock', text: 'Which **revenue**?', wrap: true },
        { type: 'TextBlock', text: 'Choose an option, or reply in this thread.', wrap: true, isSubtle: true },
      ],
      actions: [
        { type: 'Action.Submit', title: 'Gross', data: { datathread: 'clarification_answer', text: 'Gross', index: 0 } },
        { type: 'Action.Submit', title: 'Net', data: { datathread: 'clarification_answer', text: 'Net', index: 1 } },
      ],
      msteams: { width: 'Full' },
    });
    expect(await adaptiveCardProblems(card)).toEqual([]);
  });

  it('reports a failure in one sentence, with Retry only when it can help', async () => {
    const retryable = buildFailureCard({ kind: 'model', message: 'The model did not answer. Try again in a minute.', retryable: true });
    expect(retryable.body).toEqual([{ type: 'TextBlock', text: 'The model did not answer. Try again in a minute.', wrap: true, color: 'Attention' }]);
    expect(retryable.actions).toEqual([{ type: 'Action.Submit', title: 'Retry', data: { datathread: 'retry', text: '', index: 0 } }]);
    expect(buildFailureCard({ kind: 'not_configured', message: 'No database is configured.', retryable: false }).actions).toBeUndefined();
    expect(await adaptiveCardProblems(retryable)).toEqual([]);
  });

  it('resolves a clicked card: same body, a note, no buttons', async () => {
    const card = buildClarificationCard({ question: 'Which revenue?', options: ['Gross', 'Net'] }, '');
    const resolved = buildResolvedCard(card, 'Ada Lovelace answered: Net');
    expect(resolved.actions).toBeUndefined();
    expect(resolved.body.at(-1)).toEqual({ type: 'TextBlock', text: 'Ada Lovelace answered: Net', wrap: true, isSubtle: true });
    expect(await adaptiveCardProblems(resolved)).toEqual([]);
  });
});

describe('card actions', () => {
  it('reads only our own button data', () => {
    expect(readCardAction({ datathread: 'follow_up', text: 'By region?', index: 1 })).toEqual({ datathread: 'follow_up', text: 'By region?', index: 1 });
    expect(readCardAction({ action: 'something else' })).toBeUndefined();
    expect(readCardAction('text')).toBeUndefined();
  });
});

describe('the card validator', () => {
  it('catches what Teams would not render as sent', async () => {
    const problems = await adaptiveCardProblems({
      type: 'AdaptiveCard',
      version: '1.5',
      body: [{ type: 'TextBlock', text: 'x', size: 'Huge', colour: 'red' }, { type: 'Carousel', pages: [] }],
    });
    expect(problems.join('\n')).toMatch(/Invalid value "Huge"/);
    expect(problems.join('\n')).toMatch(/colour: not accepted/);
    expect(problems.join('\n')).toMatch(/Unknown element type "Carousel"|Carousel/);
  });
});
