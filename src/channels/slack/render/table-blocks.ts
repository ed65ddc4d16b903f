// Tables for Slack: a native `table` block when it fits (≤ 100 rows × 20 cells, ≤ 10,000 characters), otherwise an
// aligned monospace code block, so a wide or long table is still readable instead of rejected.
import type { SlackTableBlock } from './block-kit.js';
import { MAX_TABLE_CELLS_PER_ROW, MAX_TABLE_CHARACTERS, MAX_TABLE_ROWS } from './slack-limits.js';

/** Slack rejects empty raw_text cells; a dash reads as "no value". */
const EMPTY_CELL_TEXT = '—';
const MAX_CELL_CHARACTERS = 500;

export type ColumnAlignment = 'left' | 'center' | 'right';

export interface TableContent {
  header: string[];
  rows: string[][];
  alignments?: (ColumnAlignment | undefined)[];
}

export function fitsTableBlock(table: TableContent): boolean {
  const columns = Math.max(table.header.length, ...table.rows.map((row) => row.length));
  if (table.rows.length + 1 > MAX_TABLE_ROWS || columns > MAX_TABLE_CELLS_PER_ROW || columns === 0) return false;
  // Slack refuses a table whose cells hold more than 10,000 characters in all (table-block reference).
  const characters = [table.header, ...table.rows].reduce((sum, row) => sum + Array.from({ length: table.header.length }, (_unused, column) => cellText(row[column]).length).reduce((a, b) => a + b, 0), 0);
  return characters <= MAX_TABLE_CHARACTERS;
}

export function buildTableBlock(table: TableContent): SlackTableBlock {
  const width = table.header.length;
  const toRow = (cells: string[]) =>
    Array.from({ length: width }, (_unused, column) => ({ type: 'raw_text' as const, text: cellText(cells[column]) }));
  const block: SlackTableBlock = { type: 'table', rows: [toRow(table.header), ...table.rows.map(toRow)] };
  const alignments = table.alignments ?? [];
  if (alignments.some((alignment) => alignment !== undefined)) {
    block.column_settings = alignments.slice(0, width).map((alignment) => (alignment ? { align: alignment } : {}));
  }
  return block;
}

/** The same table as fixed-width text (without fences; the caller fences and splits it). */
export function renderTableAsText(table: TableContent): string {
  const all = [table.header, ...table.rows];
  const columns = Math.max(...all.map((row) => row.length));
  const widths = Array.from({ length: columns }, (_unused, column) =>
    Math.max(...all.map((row) => (row[column] ?? '').length)),
  );
  const alignments = table.alignments ?? [];
  const renderRow = (row: string[]) =>
    widths.map((width, column) => (alignments[column] === 'right' ? (row[column] ?? '').padStart(width) : (row[column] ?? '').padEnd(width))).join(' | ').trimEnd();
  const rule = widths.map((width) => '-'.repeat(width)).join('-+-');
  return [renderRow(table.header), rule, ...table.rows.map(renderRow)].join('\n');
}

function cellText(value: string | undefined): string {
  const text = (value ?? '').trim();
  if (text === '') return EMPTY_CELL_TEXT;
  return text.length > MAX_CELL_CHARACTERS ? `${text.slice(0, MAX_CELL_CHARACTERS - 1)}…` : text;
}
