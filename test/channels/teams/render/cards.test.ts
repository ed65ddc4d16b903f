import { describe, expect, it } from 'vitest';
import type { QueryResult } from '../../../../src/tools/tool-context.js';
import { buildAnswerCards } from '../../../../src/channels/teams/render/answer-cards.js';
import { renderReply } from '../../../../src/channels/teams/render/render-reply.js';
import { planReply } from '../../../../src/conversations/reply-plan.js';
import { readCardAction } from '../../../../src/channels/teams/actions/card-actions.js';
import { prepareChartImage, type PreparedChart } from '../../../../src/channels/teams/render/chart-image.js';
import { CARD_BUDGET_CHARACTERS, CHART_IMAGE_BUDGET_BYTES, cardSizeInCharacters } from '../../../../src/channels/teams/render/message-budget.js';
import { buildClarificationCard, buildFailureCard, buildResolvedCard } from '../../../../src/channels/teams/render/status-cards.js';
import { describeShownPart, queryResultToElements, TABLE_COLUMN_LIMIT } from '../../../../src/channels/teams/render/table-element.js';
import type { FactSetElement, TableElement, TextBlockElement } from '../../../../src/channels/teams/render/adaptive-card-types.js';
import { markdownToCardElements } from '../../../../src/channels/teams/render/card-elements-from-markdown.js';
import { measureTextWidth } from '../../../../src/charts/text-measure.js';
import type { TopLevelSpec } from 'vega-lite';
import { buildVegaLiteSpec, renderChartPng, type ChartDrawing } from '../../../../src/charts/index.js';
import { allChartFixtures, fixtureConfig, queryDuckDb } from '../../../../bench/charts-fixtures.js';
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

/** Microsoft's renderer shows a card 414 px wide (a phone) with 16 px of padding on each side. */
const IMAGE_WIDTH_IN_PHONE_CARD_PX = 382;
/** A table cell's padding on both sides, as Teams draws it. */
const CELL_PADDING_PX = 16;

const ORDER_COLUMNS = ['order_id', 'customer_name', 'country', 'order_date', 'shipped_at', 'status', 'amount', 'quantity', 'product_sku', 'payment_method'];
const COUNTRIES = ['Singapore', 'Netherlands', 'United States', 'Brazil'];

function orderRow(row: number): string[] {
  return [`ORD-${10000 + row}`, `Customer ${row}`, COUNTRIES[row % 4]!, `2025-01-${String(row + 1).padStart(2, '0')}`, `2025-01-01 ${String(8 + row).padStart(2, '0')}:30:00`, 'delivered', String(row * 137.5), String(row % 7), `SKU-${row * 31}`, 'Invoice'];
}

function ordersResult(rowCount: number): QueryResult {
  return {
    ...queryResult(rowCount),
    columns: ORDER_COLUMNS.map((name) => ({ name, type: name === 'amount' ? 'double' : name === 'quantity' ? 'integer' : 'varchar' })),
    rows: Array.from({ length: rowCount }, (_unused, row) => orderRow(row).map((cell, column) => (column === 6 || column === 7 ? Number(cell) : cell))),
  };
}

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

  it('shows at most 15 rows, the leading columns that fit a phone\'s card, and states the totals', async () => {
    const elements = queryResultToElements(queryResult(240, 10));
    const table = elements[0] as TableElement;
    expect(table.rows).toHaveLength(16);
    const shownColumns = table.columns.length;
    expect(shownColumns).toBeGreaterThanOrEqual(3);
    expect(shownColumns).toBeLessThan(TABLE_COLUMN_LIMIT);
    expect(elements[1]).toEqual({
      type: 'TextBlock',
      text: `Showing 15 of 240 rows, ${shownColumns} of 10 columns from warehouse.`,
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

  it('never gives a column less room than its longest word in a card 414 px wide', () => {
    const result = ordersResult(12);
    const [table, caption] = queryResultToElements(result) as [TableElement, TextBlockElement];
    expect(table.type).toBe('Table');
    const header = table.rows[0]!.cells.map((cell) => cell.items[0]!.text);
    expect(header.slice(0, 3)).toEqual(['order_id', 'customer_name', 'country']);
    expect(caption.text).toBe(`12 rows, ${header.length} of 10 columns from warehouse.`);
    const totalWeight = table.columns.reduce((sum, column) => sum + column.width, 0);
    for (const [position, column] of table.columns.entries()) {
      const roomPx = (column.width / totalWeight) * IMAGE_WIDTH_IN_PHONE_CARD_PX - CELL_PADDING_PX;
      const words = table.rows.flatMap((row, index) => row.cells[position]!.items[0]!.text.split(' ').map((word) => measureTextWidth(word, 14, index === 0 ? '600' : 'normal')));
      expect(Math.max(...words)).toBeLessThanOrEqual(roomPx);
    }
  });

  it('stacks a short result too wide for the card as label/value pairs, keeping every column up to the card\'s limit', async () => {
    const elements = queryResultToElements(ordersResult(2));
    expect(elements.map((element) => element.type)).toEqual(['FactSet', 'FactSet', 'TextBlock']);
    expect(elements[0]).toMatchObject({ type: 'FactSet' });
    expect((elements[0] as FactSetElement).facts.slice(0, 3)).toEqual([
      { title: 'order_id', value: 'ORD-10000' },
      { title: 'customer_name', value: 'Customer 0' },
      { title: 'country', value: 'Singapore' },
    ]);
    expect((elements[1] as FactSetElement).facts).toHaveLength(TABLE_COLUMN_LIMIT);
    expect(elements[1]).toMatchObject({ separator: true });
    expect((elements[2] as TextBlockElement).text).toBe(`2 rows, ${TABLE_COLUMN_LIMIT} of 10 columns from warehouse.`);
    const [card] = buildAnswerCards({ ...noOutcome, text: 'Here:', tables: [ordersResult(2)] }, []);
    expect(await adaptiveCardProblems(card)).toEqual([]);
  });

  it('stacks a table the model wrote when its columns do not fit, and keeps a narrow one a table', () => {
    const wide = `| ${ORDER_COLUMNS.join(' | ')} |\n|${ORDER_COLUMNS.map(() => '---').join('|')}|\n| ${orderRow(0).join(' | ')} |`;
    const stacked = markdownToCardElements(wide);
    expect(stacked.map((element) => element.type)).toEqual(['FactSet']);
    expect((stacked[0] as FactSetElement).facts[2]).toEqual({ title: 'country', value: 'Singapore' });
    expect(markdownToCardElements('| region | revenue |\n|---|---|\n| North | 12 |').map((element) => element.type)).toEqual(['Table']);
  });

  it('puts a chart that fits inline, without repeating the title its image draws, and continues with one that does not', async () => {
    const chart: PreparedChart = { chartId: 'chart_1', title: 'Revenue', titleDrawn: true, url: 'data:image/png;base64,iVBORw0KGgo=', widthPx: 10, heightPx: 10, byteLength: 8 };
    const [card] = buildAnswerCards({ ...noOutcome, text: 'Up.' }, [chart]);
    expect(card?.body).toEqual([
      { type: 'TextBlock', text: 'Up.', wrap: true },
      { type: 'Image', url: 'data:image/png;base64,iVBORw0KGgo=', altText: 'Chart: Revenue' },
    ]);

    const big: PreparedChart = { ...chart, url: `data:image/png;base64,${'A'.repeat(30_000)}` };
    const cards = buildAnswerCards({ ...noOutcome, text: 'Two charts.', followUps: ['More?'] }, [big, { ...big, chartId: 'chart_2', title: 'Orders' }]);
    expect(cards).toHaveLength(2);
    expect(cards[0]?.body.map((element) => element.type)).toEqual(['TextBlock', 'Image']);
    expect(cards[0]?.actions).toBeUndefined();
    expect(cards[1]?.body).toEqual([{ type: 'Image', url: big.url, altText: 'Chart: Orders' }]);
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
        { type: 'Image', url: prepared.url, altText: 'Chart: share' },
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

  it("says the plan's empty-turn sentence rather than sending an empty card", async () => {
    const plan = planReply({ threadId: 'teams:c1', status: 'answered', text: '', charts: [], stories: [], queries: [], tables: [], followUps: [] });
    const cards = await renderReply(plan);
    expect(cards.map((card) => card.body)).toEqual([[{ type: 'TextBlock', text: 'I finished without anything to show. Try rephrasing the question.', wrap: true }]]);
  });
});

describe('chart images', () => {
  it('keeps a small chart as it is', async () => {
    const png = drawChartPng(600, 400);
    const prepared = await prepareChartImage({ chartId: 'chart_1', title: 'Revenue', png });
    expect(prepared.widthPx).toBe(600);
    expect(prepared.url).toBe(`data:image/png;base64,${png.toString('base64')}`);
  });

  it('downscales a large chart until its PNG fits the image budget', async () => {
    const png = drawChartPng(1600, 1000, { noisy: true, amplitude: 16 });
    expect(png.length).toBeGreaterThan(CHART_IMAGE_BUDGET_BYTES);
    const prepared = await prepareChartImage({ chartId: 'chart_1', title: 'Revenue', png });
    expect(prepared.byteLength).toBeLessThanOrEqual(CHART_IMAGE_BUDGET_BYTES);
    expect(prepared.widthPx).toBeLessThanOrEqual(1024);
    expect(prepared.widthPx).toBeGreaterThanOrEqual(320);
    expect(prepared.url?.startsWith('data:image/png;base64,iVBOR')).toBe(true);
  });

  it('draws a chart too large for the budget again in 256 colours, then at 1×, never shrinking its bitmap', async () => {
    const drawings: ChartDrawing[] = [];
    const redraw = async (spec: TopLevelSpec, drawing: ChartDrawing) => {
      drawings.push(drawing);
      return renderChartPng(spec, drawing);
    };
    const chartOf = async (name: string) => {
      const fixture = allChartFixtures.find((entry) => entry.name === name)!;
      const source = await queryDuckDb(fixture.sql);
      const { spec } = buildVegaLiteSpec(fixtureConfig(fixture), source, 'card_image');
      const drawn = await renderChartPng(spec);
      expect(drawn.png.length).toBeGreaterThan(CHART_IMAGE_BUDGET_BYTES);
      return { chartId: 'chart_1', title: name, chartType: fixture.config.chart_type, png: drawn.png, spec: spec as never, widthPx: drawn.widthPx };
    };
    const bar = await chartOf('bar');
    const sharp = await prepareChartImage(bar, CHART_IMAGE_BUDGET_BYTES, redraw);
    expect([sharp.widthPx, drawings]).toEqual([bar.widthPx, [{ indexedColours: true }]]);
    expect(sharp.byteLength).toBeLessThanOrEqual(CHART_IMAGE_BUDGET_BYTES);

    drawings.length = 0;
    const line = await chartOf('line');
    const compact = await prepareChartImage(line, CHART_IMAGE_BUDGET_BYTES, redraw);
    expect([compact.widthPx, drawings]).toEqual([line.widthPx / 2, [{ indexedColours: true }, { pixelRatio: 1, indexedColours: true }]]);
    expect(compact.byteLength).toBeLessThanOrEqual(CHART_IMAGE_BUDGET_BYTES);
  });

  it('gives up on a chart that would be unreadable within the budget', async () => {
    const prepared = await prepareChartImage({ chartId: 'chart_1', title: 'Noise', png: drawChartPng(800, 800, { noisy: true }) }, 500);
    expect(prepared.url).toBeUndefined();
    const [card] = buildAnswerCards({ ...noOutcome, text: 'See:' }, [prepared]);
    expect(card?.body[1]).toEqual({ type: 'TextBlock', text: 'The chart "Noise" is too detailed to show inline in Teams.', wrap: true, isSubtle: true });
  });
});

describe('status cards', () => {
  it('asks a clarifying question with one button per option', async () => {
    const card = buildClarificationCard({ question: 'Which **revenue**?', options: ['Gross', 'Net'], hint: 'Choose an option, or reply in this thread.' }, '');
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
    const card = buildClarificationCard({ question: 'Which revenue?', options: ['Gross', 'Net'], hint: 'Choose an option, or reply in this thread.' }, '');
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
