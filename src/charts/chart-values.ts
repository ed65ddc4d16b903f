// Reading cells of a query result: numbers (and numeric strings such as DuckDB's BIGINT and
// DECIMAL in JSON form), and the X-axis kind a column holds.
import type { JsonValue, QueryColumn } from '../databases/types.js';
import type { XAxisType } from './chart-config.js';
import { parseDateValue } from './dates.js';

const NUMERIC_TEXT = /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/;

/** The number in a cell; null for SQL NULL; undefined when the cell is not a number. */
export function readNumber(value: JsonValue | undefined): number | null | undefined {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value === 'string' && NUMERIC_TEXT.test(value.trim())) return Number(value.trim());
  return undefined;
}

export function isNumericColumn(rows: JsonValue[][], columnIndex: number): boolean {
  let seen = false;
  for (const row of rows) {
    const value = readNumber(row[columnIndex]);
    if (value === undefined) return false;
    if (value !== null) seen = true;
  }
  return seen;
}

const DATE_TYPE = /date|time/i;
const NUMBER_TYPE = /int|double|float|real|decimal|numeric|number/i;

/** The X-axis kind when the model passed x_axis_type: null. */
export function inferXAxisType(column: QueryColumn, rows: JsonValue[][], columnIndex: number): XAxisType {
  if (DATE_TYPE.test(column.type) && !/interval/i.test(column.type)) return 'date';
  if (NUMBER_TYPE.test(column.type)) return 'number';
  const values = rows.map((row) => row[columnIndex]).filter((value) => value !== null && value !== undefined);
  if (values.length > 0 && values.every((value) => typeof value === 'string' && /^\d{4}-\d{2}(-\d{2})?/.test(value) && parseDateValue(value))) {
    return 'date';
  }
  return 'category';
}

export function humanize(columnName: string): string {
  const spaced = columnName.replace(/[_-]+/g, ' ').replace(/([a-z])([A-Z])/g, '$1 $2').trim();
  if (spaced.length === 0) return columnName;
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}

export function cellText(value: JsonValue | undefined): string {
  if (value === null || value === undefined) return '(blank)';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}
