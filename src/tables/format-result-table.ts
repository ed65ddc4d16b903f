// A query result as a table for people, shared by Slack, Teams and story files: each column
// formatted once (dates at their granularity, numbers grouped and right-aligned), with a relative
// width from its content so no column is squeezed until its words break.
import type { JsonValue, QueryColumn } from '../databases/types.js';
import { detectColumnFormat } from './column-format.js';
import { formatCell } from './format-cell.js';

export interface PeopleTable {
  header: string[];
  rows: string[][];
  alignments: ('left' | 'right')[];
  /** Relative column widths: the longest word or value of each column, in characters. */
  widths: number[];
}

export interface PeopleTableOptions {
  maxRows?: number;
  maxColumns?: number;
  compact?: boolean;
  /** Longer cells are cut with "…". */
  maxCellCharacters?: number;
}

export function formatResultTable(result: { columns: QueryColumn[]; rows: JsonValue[][] }, options: PeopleTableOptions = {}): PeopleTable {
  const columns = result.columns.slice(0, options.maxColumns ?? result.columns.length);
  const sourceRows = result.rows.slice(0, options.maxRows ?? result.rows.length);
  const formats = columns.map((column, index) => detectColumnFormat(column, result.rows.map((row) => row[index])));
  const cut = (text: string) => {
    const limit = options.maxCellCharacters;
    return limit !== undefined && text.length > limit ? `${text.slice(0, limit - 1)}…` : text;
  };
  const rows = sourceRows.map((row) => formats.map((format, index) => cut(formatCell(row[index], format, { compact: options.compact ?? false }))));
  const header = columns.map((column) => column.name);
  const widths = columns.map((_, index) => {
    const longestWord = Math.max(...[header[index]!, ...rows.map((row) => row[index]!)].flatMap((text) => text.split(' ')).map((word) => word.length));
    const longestCell = Math.max(...rows.map((row) => row[index]!.length), 1);
    return Math.max(longestWord, Math.min(longestCell, longestWord * 2), 1);
  });
  return { header, rows, alignments: formats.map((format) => (format.kind === 'number' ? 'right' : 'left')), widths };
}
