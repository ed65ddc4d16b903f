// Query results as Slack data_table blocks, at the largest sizes Slack takes and one past them:
// 100 data rows, 20 columns, 10,000 characters of cell text. Past any limit the result keeps the
// table block / aligned text with a caption, and the CSV button. Every message is checked against
// the Block Kit validator the fake Slack API applies.
import { describe, expect, it } from 'vitest';
import type { TurnOutcome } from '../../../../src/conversations/types.js';
import type { QueryResult } from '../../../../src/store/turn-artifacts.js';
import type { JsonValue, QueryColumn } from '../../../../src/databases/types.js';
import { planReply } from '../../../../src/conversations/reply-plan.js';
import { renderReply } from '../../../../src/channels/slack/render/render-reply.js';
import type { SlackBlock } from '../../../../src/channels/slack/render/block-kit.js';
import { validateSlackMessage } from '../support/block-kit-validator.js';

const THREAD = 'slack:T1:C1:1.1';

interface Cell {
  type: string;
  text: string;
  value?: number;
}

function result(columns: QueryColumn[], rows: JsonValue[][], extra: Partial<QueryResult> = {}): QueryResult {
  return { queryId: 'query_t', databaseName: 'shop', sql: 'SELECT 1', columns, rows, rowCount: rows.length, truncated: false, durationMs: 1, createdAt: new Date(0), ...extra };
}

function render(...tables: QueryResult[]) {
  const turn: TurnOutcome = {
    threadId: THREAD,
    status: 'answered',
    text: 'Here it is.',
    charts: [],
    stories: [],
    queries: tables.map((table) => ({ queryId: table.queryId, databaseName: table.databaseName, sql: table.sql, rowCount: table.rowCount, durationMs: 1, refused: false, error: null })),
    tables,
    followUps: [],
  };
  const reply = renderReply(planReply(turn), { offerCsv: true });
  const messages = [...reply.messages, ...(reply.controls ? [reply.controls] : [])];
  for (const message of messages) expect(validateSlackMessage(message as unknown as Record<string, unknown>)).toEqual([]);
  const blocks = messages.flatMap((message) => message.blocks);
  return { reply, messages, blocks, json: JSON.stringify(blocks) };
}

function dataTables(blocks: SlackBlock[]) {
  return blocks.filter((block) => block.type === 'data_table') as unknown as Array<{ caption: string; page_size: number; rows: Cell[][] }>;
}

const hasCsvButton = (json: string) => json.includes('datathread_csv');

const SALES_COLUMNS: QueryColumn[] = [
  { name: 'region', type: 'varchar' },
  { name: 'revenue', type: 'double' },
  { name: 'orders', type: 'bigint' },
  { name: 'day', type: 'date' },
];

function salesRows(count: number): JsonValue[][] {
  return Array.from({ length: count }, (_unused, index) => [`Region ${index + 1}`, 1000.5 * (count - index), index * 7, `2026-05-${String((index % 28) + 1).padStart(2, '0')}`]);
}

describe('Slack data_table for query results', () => {
  it('100 data rows: one data_table with all of them, numbers as raw_number beside their formatted text', () => {
    const { blocks, json } = render(result(SALES_COLUMNS, salesRows(100)));
    const [table, ...others] = dataTables(blocks);
    expect(others).toEqual([]);
    expect(table!.caption).toBe('region, revenue, orders, day — 100 rows from shop');
    expect(table!.page_size).toBe(10);
    expect(table!.rows).toHaveLength(101);
    expect(table!.rows[0]).toEqual(SALES_COLUMNS.map((column) => ({ type: 'raw_text', text: column.name })));
    expect(table!.rows[1]).toEqual([
      { type: 'raw_text', text: 'Region 1' },
      { type: 'raw_number', value: 100050, text: '100,050.00' },
      { type: 'raw_number', value: 0, text: '0' },
      { type: 'raw_text', text: '2026-05-01' },
    ]);
    expect(table!.rows[100]![1]).toEqual({ type: 'raw_number', value: 1000.5, text: '1,000.50' });
    // Every cell of a numeric column is raw_number, so Slack sorts the column by value.
    expect(table!.rows.slice(1).every((row) => row[1]!.type === 'raw_number' && row[2]!.type === 'raw_number')).toBe(true);
    expect(json).not.toContain('Showing the first');
    expect(blocks.some((block) => block.type === 'table')).toBe(false);
    expect(hasCsvButton(json)).toBe(true);
  });

  it('20 columns: one data_table twenty cells wide', () => {
    const columns = Array.from({ length: 20 }, (_unused, index) => ({ name: `metric_${index + 1}`, type: 'integer' }));
    const rows = Array.from({ length: 5 }, (_unused, row) => columns.map((_column, index) => row * 100 + index));
    const [table] = dataTables(render(result(columns, rows)).blocks);
    expect(table!.caption).toBe('metric_1, metric_2, metric_3 and 17 more columns — 5 rows from shop');
    expect(table!.rows).toHaveLength(6);
    expect(table!.rows.every((row) => row.length === 20)).toBe(true);
    expect(table!.rows[5]![19]).toEqual({ type: 'raw_number', value: 419, text: '419' });
  });

  it('101 data rows: the table block of the first 99 with the note, and the CSV button', () => {
    const { blocks, json } = render(result(SALES_COLUMNS, salesRows(101)));
    expect(dataTables(blocks)).toEqual([]);
    const table = blocks.find((block) => block.type === 'table') as unknown as { rows: unknown[] };
    expect(table.rows).toHaveLength(100);
    expect(json).toContain('Showing the first 99 of 101 rows; the CSV button has them all.');
    expect(hasCsvButton(json)).toBe(true);
  });

  it('21 columns: aligned text with a caption saying why, and the CSV button', () => {
    const columns = Array.from({ length: 21 }, (_unused, index) => ({ name: `c${index + 1}`, type: 'integer' }));
    const rows = Array.from({ length: 3 }, (_unused, row) => columns.map((_column, index) => row + index));
    const { blocks, json } = render(result(columns, rows));
    expect(blocks.some((block) => block.type === 'data_table' || block.type === 'table')).toBe(false);
    expect(json).toContain('```');
    expect(json).toContain('3 rows × 21 columns from shop: wider than a Slack data table (20 columns); the CSV button has the whole result.');
    expect(hasCsvButton(json)).toBe(true);
  });

  it('long cell text: one long value is cut to 500 characters; 100 × 20 cells of text past 10,000 characters fall back, within the limit', () => {
    const long = 'x'.repeat(2_000);
    const [table] = dataTables(render(result([{ name: 'note', type: 'varchar' }], [[long], ['short']])).blocks);
    expect(table!.rows[1]![0]!.text).toHaveLength(500);
    expect(table!.rows[1]![0]!.text.endsWith('…')).toBe(true);

    const columns = Array.from({ length: 20 }, (_unused, index) => ({ name: `label_${index + 1}`, type: 'varchar' }));
    const rows = Array.from({ length: 100 }, (_unused, row) => columns.map((_column, index) => `value ${row}-${index}`));
    const { blocks, json } = render(result(columns, rows));
    // 2,000 cells of about 10 characters: more than Slack's 10,000 for a data_table and for a table.
    expect(blocks.some((block) => block.type === 'data_table' || block.type === 'table')).toBe(false);
    expect(json).toContain('Showing the first 99 of 100 rows; the CSV button has them all.');
  });

  it('a NULL in a numeric column is a dash, the other cells stay numbers', () => {
    const [table] = dataTables(render(result([{ name: 'region', type: 'varchar' }, { name: 'units', type: 'integer' }], [['North', 3], ['South', null]])).blocks);
    expect(table!.rows.slice(1).map((row) => row[1])).toEqual([{ type: 'raw_number', value: 3, text: '3' }, { type: 'raw_text', text: '—' }]);
  });

  it('a result the row cap cut short keeps the rendering that says so', () => {
    const { blocks, json } = render(result(SALES_COLUMNS, salesRows(50), { rowCount: 50, truncated: true }));
    expect(dataTables(blocks)).toEqual([]);
    expect(json).toContain('Showing the first 50 of more than 50 rows; the CSV button has them all.');
  });

  it('two results: each data_table in its own message (one table per message, 10,000 characters each)', () => {
    const first = result(SALES_COLUMNS, salesRows(100));
    const second = { ...result(SALES_COLUMNS, salesRows(100)), queryId: 'query_u' };
    const { messages } = render(first, second);
    const perMessage = messages.map((message) => message.blocks.filter((block) => block.type === 'data_table').length);
    expect(perMessage.filter((count) => count > 0)).toEqual([1, 1]);
  });
});
