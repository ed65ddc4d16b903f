// A stored query result (or any table of text) as CSV (RFC 4180 quoting), for the CSV buttons of
// every channel and `datathread feedback --format csv`. Cells that a spreadsheet would run as a formula
// (starting with =, +, -, @, or a tab / carriage return) get a leading ' so they open as text.
// Dates and timestamps are written the way spreadsheets read them (csv-dates.ts).
import type { JsonValue, QueryColumn } from '../databases/types.js';
import { csvDateKind, csvDateText } from './csv-dates.js';

const FORMULA_TRIGGERS = ['=', '+', '-', '@', '\t', '\r'];

export function resultToCsv(columns: QueryColumn[], rows: JsonValue[][]): string {
  const dateKinds = columns.map(csvDateKind);
  const cells = (row: JsonValue[]) => row.map((value, index) => {
    const kind = dateKinds[index];
    return cellToText(kind ? csvDateText(value, kind) : value);
  });
  return textRowsToCsv([columns.map((column) => column.name), ...rows.map(cells)]);
}

/** Rows of text (the first one the header) as CSV lines ending in CRLF. */
export function textRowsToCsv(rows: readonly (readonly string[])[]): string {
  return `${rows.map((cells) => cells.map(csvCell).join(',')).join('\r\n')}\r\n`;
}

export function escapeFormula(text: string): string {
  return FORMULA_TRIGGERS.some((trigger) => text.startsWith(trigger)) ? `'${text}` : text;
}

function cellToText(value: JsonValue): string {
  if (value === null) return '';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

function csvCell(text: string): string {
  // Numbers are left alone: "-5" is a value, not a formula, and must stay numeric in the sheet.
  const safe = /^-?\d+(\.\d+)?([eE][-+]?\d+)?$/.test(text) ? text : escapeFormula(text);
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}
