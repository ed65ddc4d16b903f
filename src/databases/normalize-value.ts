// Turns whatever a database driver hands back into a value JSON can carry unchanged, so results
// can be stored, sent to the model and rendered without surprises (no bigint, no NaN, no Buffer).
import type { JsonValue } from './types.js';
import { instantOfWallTime } from './zoned-wall-time.js';

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

/** Any decimal of at most this many digits survives the trip through a double and prints back the same. */
export const DOUBLE_EXACT_DECIMAL_DIGITS = 15;

/**
 * Decimals arriving as text (every adapter's DECIMAL / NUMERIC): a number when the
 * number prints back as the same decimal, otherwise the digits as a string (a 38-digit value
 * keeps every digit).
 */
export function normalizeDecimalText(text: string): number | string | null {
  const asNumber = Number(text);
  // Text this short holds at most 15 digits: the double is exact (the common case, checked cheaply).
  if (text.length <= DOUBLE_EXACT_DECIMAL_DIGITS && Number.isFinite(asNumber)) return asNumber;
  // NaN and the infinities (PostgreSQL numeric has them) are no number JSON holds: null, as in
  // normalizeNumber. Digits too large for a double are kept as digits.
  if (!Number.isFinite(asNumber)) return /\d/.test(text) ? text : null;
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

/**
 * A timestamp without a time zone that a driver built as a Date by reading its wall-clock time as
 * UTC (tedious' DATETIME2, snowflake-sdk's TIMESTAMP_NTZ): ISO 8601 with milliseconds and without
 * the Z, since the value names no zone.
 */
export function formatWallClockDate(date: Date): string | null {
  return formatTimestamp(date)?.slice(0, -1) ?? null;
}

/** `YYYY-MM-DD HH:MM:SS[.fraction]`, with a space or a T: every part at a fixed position. */
const NAIVE_TIMESTAMP_TEXT = /^\d{4}-\d\d-\d\d[ T]\d\d:\d\d:\d\d(?:\.\d+)?$/;
const MILLISECOND_DIGITS = 3;

/**
 * A timestamp without a time zone, from the text a driver hands out (`2024-01-02 03:04:05.5`, a
 * space or a T): ISO 8601 with milliseconds and no offset (`2024-01-02T03:04:05.500`), the form
 * formatTimestamp gives an instant, without its Z, since the value names no zone. Text of another
 * shape (`infinity`, years past 9999) is kept as it came. Read by position after one test: a
 * timestamp column can hold every row of a result.
 */
export function normalizeNaiveTimestampText(text: string): string {
  if (!NAIVE_TIMESTAMP_TEXT.test(text)) return text;
  const milliseconds = text.length > 20 ? text.slice(20, 20 + MILLISECOND_DIGITS).padEnd(MILLISECOND_DIGITS, '0') : '000';
  return `${text.slice(0, 10)}T${text.slice(11, 19)}.${milliseconds}`;
}

const ZONED_TIMESTAMP_TEXT = /^(\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}(?:\.\d+)?) ?(Z|UTC|[+-]\d{2}(?::?\d{2})?|[A-Za-z]+(?:\/[\w+-]+)+)$/;

/** The instant in UTC a wall-clock text names in `zone`; undefined for text or a zone not understood. */
function utcTextOfWallTime(text: string, zone: string): string | undefined {
  const wallAsIfUtcMs = Date.parse(`${normalizeNaiveTimestampText(text)}Z`);
  if (Number.isNaN(wallAsIfUtcMs)) return undefined;
  try {
    return formatTimestamp(new Date(instantOfWallTime(wallAsIfUtcMs, zone))) ?? undefined;
  } catch {
    // Intl knows no zone of that name.
    return undefined;
  }
}

/**
 * Wall-clock text (`2024-01-02 03:04:05.123`) in a named zone (`Europe/Paris`, `UTC`) as the
 * instant in UTC that formatTimestamp writes; text or a zone not understood keeps the text as it came.
 */
export function wallTimeInZoneToUtc(text: string, zone: string): string {
  return utcTextOfWallTime(text, zone) ?? text;
}

/**
 * A timestamp with a time zone, from a driver's text (`2024-01-02 03:04:05.123 UTC`, `… +01:00`,
 * `…+00`, `… Europe/Paris`): the instant in UTC as formatTimestamp writes it. Text of another shape
 * is kept as it came.
 */
export function normalizeZonedTimestampText(text: string): string | null {
  const match = ZONED_TIMESTAMP_TEXT.exec(text);
  if (!match) return text;
  const wall = normalizeNaiveTimestampText(match[1]!);
  const zone = match[2]!;
  if (/^[A-Za-z]+\//.test(zone)) return utcTextOfWallTime(wall, zone) ?? text;
  const offset = zone === 'UTC' || zone === 'Z' ? 'Z' : zone.length === 3 ? `${zone}:00` : zone.includes(':') ? zone : `${zone.slice(0, 3)}:${zone.slice(3)}`;
  return formatTimestamp(new Date(`${wall}${offset}`));
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
