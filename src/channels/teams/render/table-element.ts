// Query results and Markdown tables in a card (Adaptive Cards 1.5). A card is a summary, not a
// spreadsheet: rows, columns and cell length are capped, and a caption says what was left out so
// nobody mistakes 15 rows for the whole answer. A table is never narrower than its words
// (table-fit.ts): when its columns do not fit the card, a short result is stacked as label/value
// pairs (every column kept), a longer one shows the leading columns that fit (the caption and the
// CSV say the rest), and a table the model wrote is stacked, since nothing of it is stored elsewhere.
import type { QueryResult } from '../../../store/turn-artifacts.js';
import { formatResultTable } from '../../../tables/format-result-table.js';
import { textBlock, type CardElement, type FactSetElement, type TableElement } from './adaptive-card-types.js';
import { columnNeeds, fitColumnWidths } from './table-fit.js';

export const TABLE_ROW_LIMIT = 15;
export const TABLE_COLUMN_LIMIT = 8;
export const TABLE_CELL_CHARACTER_LIMIT = 80;
/** Up to this many rows, a result too wide for the card is stacked rather than cut to fewer columns. */
export const STACKED_ROW_LIMIT = 5;

/** Beyond this many columns a card is too narrow for full numbers: they are written short (4.9M). */
const COMPACT_NUMBERS_FROM_COLUMNS = 5;

export interface TableLayout {
  alignments?: ('left' | 'right')[];
  /** Relative widths (pixels that fit the card); equal widths otherwise. */
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

/** Each row as label/value pairs under the header's names, rows apart by a line. */
export function stackedRows(header: string[], rows: string[][]): FactSetElement[] {
  return rows.map((row, index) => ({
    type: 'FactSet',
    facts: header.map((title, column) => ({ title, value: row[column] === undefined || row[column] === '' ? '\u00a0' : row[column]! })),
    ...(index > 0 ? { separator: true as const, spacing: 'Medium' as const } : {}),
  }));
}

/** A table the model wrote: as a table when its columns fit the card, stacked otherwise. */
export function fittedTableElements(header: string[], rows: string[][], layout: Pick<TableLayout, 'alignments'> = {}): CardElement[] {
  const widths = fitColumnWidths(columnNeeds(header, rows));
  return widths ? [buildTable(header, rows, { ...layout, widths })] : stackedRows(header, rows);
}

/** What a table needs from a query result (a turn's result, or one stored for a story). */
export type TableSource = Pick<QueryResult, 'queryId' | 'databaseName' | 'columns' | 'rows' | 'rowCount' | 'truncated'>;

function formatColumns(result: TableSource, columnCount: number) {
  return formatResultTable(result, {
    maxRows: TABLE_ROW_LIMIT,
    maxColumns: columnCount,
    compact: columnCount > COMPACT_NUMBERS_FROM_COLUMNS,
    maxCellCharacters: TABLE_CELL_CHARACTER_LIMIT,
  });
}

/** The result as a Table (or stacked rows) plus a caption that states the totals. */
export function queryResultToElements(result: TableSource): CardElement[] {
  const allColumns = Math.min(result.columns.length, TABLE_COLUMN_LIMIT);
  const caption = (shownRows: number, shownColumns: number) => textBlock(describeShownPart(result, shownRows, shownColumns), { isSubtle: true, size: 'Small', spacing: 'Small' });
  const shortResult = Math.min(result.rows.length, TABLE_ROW_LIMIT) <= STACKED_ROW_LIMIT;
  for (let shownColumns = allColumns; shownColumns >= 1; shownColumns -= 1) {
    if (shownColumns < allColumns && shortResult) break;
    const formatted = formatColumns(result, shownColumns);
    const widths = fitColumnWidths(columnNeeds(formatted.header, formatted.rows));
    if (widths) return [buildTable(formatted.header, formatted.rows, { alignments: formatted.alignments, widths }), caption(formatted.rows.length, shownColumns)];
  }
  const formatted = formatResultTable(result, { maxRows: TABLE_ROW_LIMIT, maxColumns: allColumns, maxCellCharacters: TABLE_CELL_CHARACTER_LIMIT });
  return [...stackedRows(formatted.header, formatted.rows), caption(formatted.rows.length, allColumns)];
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
