// Query results and Markdown tables as the card's Table element (Adaptive Cards 1.5). A card is a
// summary, not a spreadsheet: rows, columns and cell length are capped, and a caption says what
// was left out so nobody mistakes 15 rows for the whole answer.
import type { JsonValue } from '../../../databases/types.js';
import type { QueryResult } from '../../../conversations/outcome-contract.js';
import { textBlock, type CardElement, type TableElement } from './adaptive-card-types.js';

export const TABLE_ROW_LIMIT = 15;
export const TABLE_COLUMN_LIMIT = 8;
export const TABLE_CELL_CHARACTER_LIMIT = 80;

/** Header row first; the schema's default `firstRowAsHeader: true` styles it. */
export function buildTable(header: string[], rows: string[][]): TableElement {
  const width = Math.max(header.length, ...rows.map((row) => row.length), 1);
  const pad = (cells: string[]) => Array.from({ length: width }, (_unused, position) => cells[position] ?? '');
  return {
    type: 'Table',
    columns: Array.from({ length: width }, () => ({ width: 1 })),
    rows: [pad(header), ...rows.map(pad)].map((cells) => ({
      type: 'TableRow',
      cells: cells.map((cell) => ({ type: 'TableCell', items: [textBlock(cell === '' ? '\u00a0' : cell)] })),
    })),
  };
}

export function formatCellValue(value: JsonValue | undefined): string {
  if (value === null || value === undefined) return '—';
  const text = typeof value === 'string' ? value : typeof value === 'object' ? JSON.stringify(value) : String(value);
  const singleLine = text.replace(/\s+/g, ' ').trim();
  return singleLine.length > TABLE_CELL_CHARACTER_LIMIT
    ? `${singleLine.slice(0, TABLE_CELL_CHARACTER_LIMIT - 1)}…`
    : singleLine;
}

/** What a table needs from a query result (a turn's result, or one stored for a story). */
export type TableSource = Pick<QueryResult, 'queryId' | 'databaseName' | 'columns' | 'rows' | 'rowCount' | 'truncated'>;

/** The Table plus a caption that states the totals. */
export function queryResultToElements(result: TableSource): CardElement[] {
  const columns = result.columns.slice(0, TABLE_COLUMN_LIMIT);
  const rows = result.rows
    .slice(0, TABLE_ROW_LIMIT)
    .map((row) => columns.map((_column, position) => formatCellValue(row[position])));
  const table = buildTable(
    columns.map((column) => column.name),
    rows,
  );
  return [table, textBlock(describeShownPart(result, rows.length, columns.length), { isSubtle: true, size: 'Small', spacing: 'Small' })];
}

export function describeShownPart(result: TableSource, shownRows: number, shownColumns: number): string {
  const total = `${result.rowCount.toLocaleString('en-US')}${result.truncated ? '+' : ''}`;
  const rowPart = shownRows < result.rowCount || result.truncated
    ? `Showing ${shownRows} of ${total} rows`
    : `${total} ${result.rowCount === 1 ? 'row' : 'rows'}`;
  const columnPart = shownColumns < result.columns.length ? `, ${shownColumns} of ${result.columns.length} columns` : '';
  return `${rowPart}${columnPart} (${result.queryId} on ${result.databaseName}).`;
}
