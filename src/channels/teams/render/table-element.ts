// Query results and Markdown tables as the card's Table element (Adaptive Cards 1.5). A card is a
// summary, not a spreadsheet: rows, columns and cell length are capped, and a caption says what
// was left out so nobody mistakes 15 rows for the whole answer.
import type { QueryResult } from '../../../conversations/outcome-contract.js';
import { formatResultTable } from '../../../tables/format-result-table.js';
import { textBlock, type CardElement, type TableElement } from './adaptive-card-types.js';

export const TABLE_ROW_LIMIT = 15;
export const TABLE_COLUMN_LIMIT = 8;
export const TABLE_CELL_CHARACTER_LIMIT = 80;

/** Beyond this many columns a card is too narrow for full numbers: they are written short (4.9M). */
const COMPACT_NUMBERS_FROM_COLUMNS = 5;

export interface TableLayout {
  alignments?: ('left' | 'right')[];
  /** Relative widths (from content); equal widths otherwise. */
  widths?: number[];
}

/** Header row first; the schema's default `firstRowAsHeader: true` styles it. */
export function buildTable(header: string[], rows: string[][], layout: TableLayout = {}): TableElement {
  const width = Math.max(header.length, ...rows.map((row) => row.length), 1);
  const pad = (cells: string[]) => Array.from({ length: width }, (_unused, position) => cells[position] ?? '');
  return {
    type: 'Table',
    columns: Array.from({ length: width }, (_unused, position) => ({
      width: layout.widths?.[position] ?? 1,
      ...(layout.alignments?.[position] === 'right' ? { horizontalCellContentAlignment: 'Right' as const } : {}),
    })),
    rows: [pad(header), ...rows.map(pad)].map((cells) => ({
      type: 'TableRow',
      cells: cells.map((cell) => ({ type: 'TableCell', items: [textBlock(cell === '' ? '\u00a0' : cell)] })),
    })),
  };
}

/** What a table needs from a query result (a turn's result, or one stored for a story). */
export type TableSource = Pick<QueryResult, 'queryId' | 'databaseName' | 'columns' | 'rows' | 'rowCount' | 'truncated'>;

/** The Table plus a caption that states the totals. */
export function queryResultToElements(result: TableSource): CardElement[] {
  const shownColumns = Math.min(result.columns.length, TABLE_COLUMN_LIMIT);
  const formatted = formatResultTable(result, {
    maxRows: TABLE_ROW_LIMIT,
    maxColumns: TABLE_COLUMN_LIMIT,
    compact: shownColumns > COMPACT_NUMBERS_FROM_COLUMNS,
    maxCellCharacters: TABLE_CELL_CHARACTER_LIMIT,
  });
  const table = buildTable(formatted.header, formatted.rows, formatted);
  return [table, textBlock(describeShownPart(result, formatted.rows.length, shownColumns), { isSubtle: true, size: 'Small', spacing: 'Small' })];
}

export function describeShownPart(result: TableSource, shownRows: number, shownColumns: number): string {
  const total = `${result.rowCount.toLocaleString('en-US')}${result.truncated ? '+' : ''}`;
  const rowPart = shownRows < result.rowCount || result.truncated
    ? `Showing ${shownRows} of ${total} rows`
    : `${total} ${result.rowCount === 1 ? 'row' : 'rows'}`;
  const columnPart = shownColumns < result.columns.length ? `, ${shownColumns} of ${result.columns.length} columns` : '';
  // The query id stays in Show SQL and the CSV: a caption is for people.
  return `${rowPart}${columnPart} from ${result.databaseName}.`;
}
