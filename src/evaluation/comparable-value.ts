// Values as the comparer sees them: NULL, a number, an instant (dates and timestamps in any of the
// forms adapters hand out), a boolean or text. Adapters give decimals too wide for a double as
// digits, and one engine's `sum` of integers is another's decimal, so numeric text is a number.
import type { JsonValue } from '../databases/types.js';

export type ComparableValue =
  | { kind: 'null' }
  | { kind: 'number'; value: number }
  | { kind: 'instant'; epochMs: number }
  | { kind: 'boolean'; value: boolean }
  | { kind: 'text'; value: string };

/** Relative tolerance for numbers: float noise of sums and averages computed in another order. */
export const NUMBER_RELATIVE_TOLERANCE = 1e-6;
/** Below this, two numbers are equal whatever their ratio (0 against 5.5e-17 of float noise). */
const NUMBER_ABSOLUTE_FLOOR = 1e-12;

const NUMERIC_TEXT = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;
// 2024-02-29, 2024-02-29 10:00, 2024-02-29T10:00:00.123, …Z, …+02:00, …+0200
const DATE_OR_TIMESTAMP = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(\.\d+)?)?\s*(Z|[+-]\d{2}(?::?\d{2})?)?)?$/;

function instantOf(text: string): number | undefined {
  const match = DATE_OR_TIMESTAMP.exec(text.trim());
  if (!match) return undefined;
  const [, year, month, day, hour = '00', minute = '00', second = '00', fraction = '', zone = 'Z'] = match;
  const milliseconds = fraction ? Math.round(Number(`0${fraction}`) * 1000) : 0;
  const local = Date.UTC(Number(year), Number(month) - 1, Number(day), Number(hour), Number(minute), Number(second), milliseconds);
  if (Number.isNaN(local)) return undefined;
  // Timestamps without a zone are wall times; adapters hand out UTC ones ending in Z.
  return local - zoneOffsetMs(zone);
}

function zoneOffsetMs(zone: string): number {
  if (zone === 'Z') return 0;
  const sign = zone.startsWith('-') ? -1 : 1;
  const digits = zone.slice(1).replace(':', '');
  return sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2) || '0')) * 60_000;
}

export function comparableValue(value: JsonValue | undefined): ComparableValue {
  if (value === null || value === undefined) return { kind: 'null' };
  if (typeof value === 'number') return { kind: 'number', value };
  if (typeof value === 'boolean') return { kind: 'boolean', value };
  if (typeof value === 'string') {
    if (NUMERIC_TEXT.test(value.trim())) return { kind: 'number', value: Number(value) };
    const epochMs = instantOf(value);
    return epochMs === undefined ? { kind: 'text', value } : { kind: 'instant', epochMs };
  }
  // Lists and structs (DuckDB, BigQuery) compare by their JSON text.
  return { kind: 'text', value: JSON.stringify(value) };
}

export function valuesEqual(left: ComparableValue, right: ComparableValue): boolean {
  if (left.kind !== right.kind) return false;
  switch (left.kind) {
    case 'null':
      return true;
    case 'number': {
      const other = (right as { value: number }).value;
      if (left.value === other) return true;
      const difference = Math.abs(left.value - other);
      return difference <= NUMBER_ABSOLUTE_FLOOR || difference <= NUMBER_RELATIVE_TOLERANCE * Math.max(Math.abs(left.value), Math.abs(other));
    }
    case 'instant':
      return left.epochMs === (right as { epochMs: number }).epochMs;
    default:
      return left.value === (right as { value: unknown }).value;
  }
}

const KIND_ORDER = { null: 0, boolean: 1, number: 2, instant: 3, text: 4 } as const;
/** Significant digits of the sort key: coarser than the tolerance, so float noise sorts alike. */
const SORT_KEY_SIGNIFICANT_DIGITS = 6;

/** A total order that puts values equal within the tolerance next to each other. */
export function compareForSorting(left: ComparableValue, right: ComparableValue): number {
  if (left.kind !== right.kind) return KIND_ORDER[left.kind] - KIND_ORDER[right.kind];
  switch (left.kind) {
    case 'null':
      return 0;
    case 'number':
      return roundedForSorting(left.value) - roundedForSorting((right as { value: number }).value);
    case 'instant':
      return left.epochMs - (right as { epochMs: number }).epochMs;
    case 'boolean':
      return Number(left.value) - Number((right as { value: boolean }).value);
    default: {
      const other = (right as { value: string }).value;
      return left.value < other ? -1 : left.value > other ? 1 : 0;
    }
  }
}

function roundedForSorting(value: number): number {
  if (Math.abs(value) < NUMBER_ABSOLUTE_FLOOR) return 0;
  return Number(value.toPrecision(SORT_KEY_SIGNIFICANT_DIGITS));
}

/** How a value is shown in a diff. */
export function displayValue(value: JsonValue | undefined): string {
  if (value === null || value === undefined) return 'NULL';
  return typeof value === 'string' ? value : JSON.stringify(value);
}
