// Turns whatever a database driver hands back into a value JSON can carry unchanged, so results
// can be stored, sent to the model and rendered without surprises (no bigint, no NaN, no Buffer).
import type { JsonValue } from './types.js';

const MAX_SAFE_BIGINT = BigInt(Number.MAX_SAFE_INTEGER);
const MIN_SAFE_BIGINT = BigInt(Number.MIN_SAFE_INTEGER);

/** The model never needs raw bytes; a short, honest placeholder keeps results small. */
export function blobPlaceholder(byteLength: number): string {
  return `<blob ${byteLength} bytes>`;
}

/** Exact as a number while JavaScript can hold it exactly, otherwise the digits as a string. */
export function normalizeBigInt(value: bigint): number | string {
  return value >= MIN_SAFE_BIGINT && value <= MAX_SAFE_BIGINT ? Number(value) : value.toString();
}

/** Integers arriving as decimal text (PostgreSQL int8): same rule as normalizeBigInt. */
export function normalizeIntegerText(text: string): number | string {
  const asNumber = Number(text);
  return Number.isSafeInteger(asNumber) ? asNumber : text;
}

/**
 * Decimals arriving as text (BigQuery NUMERIC, Athena and Databricks DECIMAL): a number when the
 * number prints back as the same decimal, otherwise the digits as a string (a 38-digit value
 * keeps every digit).
 */
export function normalizeDecimalText(text: string): number | string {
  const asNumber = Number(text);
  if (!Number.isFinite(asNumber)) return text;
  const canonical = (text.includes('.') ? text.replace(/0+$/, '').replace(/\.$/, '') : text).replace(/^(-?)0+(?=\d)/, '$1');
  return String(asNumber) === canonical ? asNumber : text;
}

/** JSON has no NaN or Infinity; null is the honest "no number here". */
export function normalizeNumber(value: number): number | null {
  return Number.isFinite(value) ? value : null;
}

/** `YYYY-MM-DD` for a calendar date (read in UTC, as drivers that build Dates from dates do). */
export function formatDateOnly(date: Date): string | null {
  return Number.isNaN(date.getTime()) ? null : date.toISOString().slice(0, 10);
}

/** ISO 8601 for an instant; an invalid Date becomes null rather than throwing. */
export function formatTimestamp(date: Date): string | null {
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

function isPlainObject(value: object): value is Record<string, unknown> {
  const prototype = Object.getPrototypeOf(value) as unknown;
  return prototype === Object.prototype || prototype === null;
}

export function normalizeValue(value: unknown): JsonValue {
  if (value === null || value === undefined) return null;
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return value;
    case 'number':
      return normalizeNumber(value);
    case 'bigint':
      return normalizeBigInt(value);
    case 'object':
      break;
    default:
      return String(value);
  }
  if (value instanceof Date) return formatTimestamp(value);
  if (value instanceof Uint8Array) return blobPlaceholder(value.byteLength);
  if (value instanceof ArrayBuffer) return blobPlaceholder(value.byteLength);
  if (Array.isArray(value)) return value.map((item) => normalizeValue(item));
  if (isPlainObject(value)) {
    const result: { [key: string]: JsonValue } = {};
    for (const [key, item] of Object.entries(value)) result[key] = normalizeValue(item);
    return result;
  }
  // Driver-specific objects (intervals, ranges, points) know how to print themselves.
  return String(value);
}
