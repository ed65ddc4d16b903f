// A query result as Slack's `data_table` block (May 2026): paginated, sortable and filterable in the
// client. Numbers go as `raw_number` cells (the value, for sorting, beside the formatted text people
// read), so a column of numbers sorts numerically; everything else as `raw_text`. A result that
// does not fit the block's documented limits gets undefined and keeps the `table` / text rendering.
// Limits (docs.slack.dev/reference/block-kit/blocks/data-table-block, checked Dec 2026): caption
// required; 2–101 rows with the header, every row as long; 1–20 columns; page_size 1–100; raw_text
// and raw_number text at least 1 character; at most 10,000 characters across all cells of a table
// (and of a message). "If a column contains cells all of type raw_number, a numeric sort will be
// performed instead" of the default alphabetical one.
import type { JsonValue, QueryColumn } from '../../../databases/types.js';
import { detectColumnFormat, numericValue } from '../../../tables/column-format.js';
import { formatCell, NULL_CELL_TEXT } from '../../../tables/format-cell.js';
import type { SlackDataTableBlock, SlackDataTableCell } from './block-kit.js';
import {
  DATA_TABLE_PAGE_SIZE_ROWS,
  MAX_DATA_TABLE_CELL_CHARACTERS,
  MAX_DATA_TABLE_COLUMNS,
  MAX_DATA_TABLE_DATA_ROWS,
  MAX_TABLE_CHARACTERS,
} from './slack-limits.js';

export interface ResultRows {
  columns: QueryColumn[];
  rows: JsonValue[][];
}

/** Why a result cannot be a data table, for the caption of the rendering used instead. */
export type DataTableMisfit = 'no_rows' | 'too_many_rows' | 'no_columns' | 'too_many_columns' | 'too_much_text';

export type DataTableAttempt = { kind: 'fits'; block: SlackDataTableBlock } | { kind: 'misfit'; reason: DataTableMisfit };

export function buildResultDataTable(result: ResultRows, caption: string): DataTableAttempt {
  const { columns, rows } = result;
  if (columns.length === 0) return misfit('no_columns');
  if (columns.length > MAX_DATA_TABLE_COLUMNS) return misfit('too_many_columns');
  if (rows.length === 0) return misfit('no_rows');
  if (rows.length > MAX_DATA_TABLE_DATA_ROWS) return misfit('too_many_rows');

  const formats = columns.map((column, index) => detectColumnFormat(column, rows.map((row) => row[index])));
  const header: SlackDataTableCell[] = columns.map((column) => ({ type: 'raw_text', text: cellText(column.name) }));
  const body = rows.map((row) =>
    formats.map((format, index): SlackDataTableCell => {
      const value = row[index];
      const text = cellText(formatCell(value, format, { compact: false }));
      const number = format.kind === 'number' ? numericValue(value) : undefined;
      // A NULL in a numeric column stays raw_text "—": Slack's raw_number needs a number, so that
      // column sorts alphabetically (Slack sorts numerically only when every cell is raw_number).
      return number === undefined ? { type: 'raw_text', text } : { type: 'raw_number', value: number, text };
    }),
  );
  const allRows = [header, ...body];
  if (characterCount(allRows) > MAX_TABLE_CHARACTERS) return misfit('too_much_text');
  return {
    kind: 'fits',
    block: { type: 'data_table', caption: caption.trim() === '' ? 'Query result' : caption, page_size: Math.min(DATA_TABLE_PAGE_SIZE_ROWS, rows.length), rows: allRows },
  };
}

/** The characters Slack counts against a table's 10,000: the text of every cell, header included. */
export function characterCount(rows: readonly (readonly SlackDataTableCell[])[]): number {
  let total = 0;
  for (const row of rows) for (const cell of row) total += 'text' in cell ? cell.text.length : 0;
  return total;
}

/** Slack refuses empty cell text; a very long cell is cut so one value cannot use the table's whole budget. */
function cellText(text: string): string {
  const trimmed = text.replace(/\s+/g, ' ').trim();
  if (trimmed === '') return NULL_CELL_TEXT;
  return trimmed.length > MAX_DATA_TABLE_CELL_CHARACTERS ? `${trimmed.slice(0, MAX_DATA_TABLE_CELL_CHARACTERS - 1)}…` : trimmed;
}

function misfit(reason: DataTableMisfit): DataTableAttempt {
  return { kind: 'misfit', reason };
}
