// A stored query result as CSV (RFC 4180 quoting). Cells that a spreadsheet would run as a formula
// (starting with =, +, -, @, or a tab / carriage return) get a leading ' so they open as text.
import type { JsonValue, QueryColumn } from '../../../databases/types.js';

const FORMULA_TRIGGERS = ['=', '+', '-', '@', '\t', '\r'];

export function resultToCsv(columns: QueryColumn[], rows: JsonValue[][]): string {
  const lines = [columns.map((column) => csvCell(column.name)), ...rows.map((row) => row.map((value) => csvCell(cellToText(value))))];
  return `${lines.map((cells) => cells.join(',')).join('\r\n')}\r\n`;
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
