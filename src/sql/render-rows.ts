// Renders result rows for the model the way nao does: one small block per row, `column: value`
// lines, long values cut in the middle so one huge cell cannot flood the context.
import type { JsonValue, QueryColumn } from '../databases/types.js';

export const MAX_CELL_CHARACTERS = 255;

export function truncateMiddle(text: string, maximum: number): string {
  if (text.length <= maximum) return text;
  const keep = maximum - 1;
  const head = Math.ceil(keep / 2);
  return `${text.slice(0, head)}…${text.slice(text.length - (keep - head))}`;
}

export function formatCell(value: JsonValue): string {
  const text = value !== null && typeof value === 'object' ? JSON.stringify(value) : String(value);
  return truncateMiddle(text, MAX_CELL_CHARACTERS);
}

export function pluralize(word: string, count: number): string {
  return count === 1 ? word : `${word}s`;
}

export function renderRowBlocks(columns: QueryColumn[], rows: JsonValue[][], firstRowNumber: number): string {
  return rows
    .map((row, index) => {
      const lines = columns.map((column, columnIndex) => `${column.name}: ${formatCell(row[columnIndex] ?? null)}`);
      return [`#${firstRowNumber + index}`, '```', ...lines, '```'].join('\n');
    })
    .join('\n');
}

export function renderColumnList(columns: QueryColumn[]): string {
  return [`${pluralize('Column', columns.length)} (${columns.length}):`, ...columns.map((column) => `- ${column.name} (${column.type})`)].join('\n');
}
