// How a result column reads best for people, decided once per column from its SQL type, its name
// and its values: dates at the column's own granularity, numbers with thousands separators and
// sensible decimals (money with two), percentages with a % sign. Raw values stay untouched in the
// store and in CSV downloads; this is only what a table in a thread shows.
import type { JsonValue, QueryColumn } from '../databases/types.js';

export type ColumnFormat =
  | { kind: 'text' }
  | { kind: 'date'; granularity: 'month' | 'day' | 'minute' | 'second' }
  | { kind: 'number'; style: 'count' | 'money' | 'percent' | 'share' | 'decimal' };

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?)?(?:Z|[+-]\d{2}:?\d{2})?$/;
const NUMERIC_TEXT = /^-?\d+(\.\d+)?(e[+-]?\d+)?$/i;
const DATE_TYPE = /date|time/i;
const NUMBER_TYPE = /int|decimal|numeric|double|float|real|number|money/i;
const MONEY_NAME = /revenue|amount|price|cost|sales|spend|profit|income|balance|salary|fee|usd|eur|gbp|dollar/i;
const PERCENT_NAME = /percent|pct/i;
const SHARE_NAME = /share|ratio|rate\b|_rate|margin/i;

export interface DateParts {
  year: string;
  month: string;
  day: string;
  hour: string | undefined;
  minute: string | undefined;
  second: string | undefined;
}

export function dateParts(value: JsonValue | undefined): DateParts | undefined {
  if (typeof value !== 'string') return undefined;
  const match = ISO_DATE.exec(value.trim());
  if (!match) return undefined;
  const [, year, month, day, hour, minute, second] = match;
  return { year: year!, month: month!, day: day!, hour, minute, second };
}

export function numericValue(value: JsonValue | undefined): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value === 'string' && NUMERIC_TEXT.test(value.trim())) return Number(value);
  return undefined;
}

export function detectColumnFormat(column: QueryColumn, values: readonly (JsonValue | undefined)[]): ColumnFormat {
  const present = values.filter((value) => value !== null && value !== undefined);
  if (present.length === 0) return { kind: 'text' };
  const dates = present.map(dateParts);
  if ((DATE_TYPE.test(column.type) || typeof present[0] === 'string') && dates.every((date) => date !== undefined)) {
    return { kind: 'date', granularity: dateGranularity(dates as DateParts[]) };
  }
  const numbers = present.map(numericValue);
  const numericType = NUMBER_TYPE.test(column.type);
  if (numbers.every((number) => number !== undefined) && (numericType || present.every((value) => typeof value === 'number'))) {
    return { kind: 'number', style: numberStyle(column.name, numbers as number[]) };
  }
  return { kind: 'text' };
}

function dateGranularity(dates: DateParts[]): 'month' | 'day' | 'minute' | 'second' {
  const zero = (part: string | undefined) => part === undefined || Number(part) === 0;
  if (dates.some((date) => !zero(date.second))) return 'second';
  if (dates.some((date) => !zero(date.hour) || !zero(date.minute))) return 'minute';
  // A monthly series: every date on the 1st, and more than one month (a lone date keeps its day).
  const months = new Set(dates.map((date) => `${date.year}-${date.month}`));
  if (months.size > 1 && dates.every((date) => date.day === '01')) return 'month';
  return 'day';
}

function numberStyle(name: string, numbers: number[]): 'count' | 'money' | 'percent' | 'share' | 'decimal' {
  if (PERCENT_NAME.test(name)) return 'percent';
  if (SHARE_NAME.test(name) && numbers.every((number) => Math.abs(number) <= 1)) return 'share';
  if (MONEY_NAME.test(name)) return 'money';
  return numbers.every((number) => Number.isInteger(number)) ? 'count' : 'decimal';
}
