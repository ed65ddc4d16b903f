// DuckDB hands out its own value classes (decimals, dates, lists, structs...). This maps each to
// the JSON shape the rest of datathread expects, following normalize-value.ts's rules.
import {
  DuckDBArrayValue,
  DuckDBBlobValue,
  DuckDBDateValue,
  DuckDBDecimalValue,
  DuckDBListValue,
  DuckDBMapValue,
  DuckDBStructValue,
  DuckDBTimestampMillisecondsValue,
  DuckDBTimestampNanosecondsValue,
  DuckDBTimestampSecondsValue,
  DuckDBTimestampTZValue,
  DuckDBTimestampValue,
  DuckDBUnionValue,
  type DuckDBValue,
} from '@duckdb/node-api';
import { blobPlaceholder, DOUBLE_EXACT_DECIMAL_DIGITS, normalizeDecimalText, normalizeValue } from '../normalize-value.js';
import type { JsonValue } from '../types.js';

const MICROSECONDS_PER_MILLISECOND = 1000n;

/** Naive timestamps print without an offset (they have none); TIMESTAMPTZ prints in UTC with Z. */
function isoFromEpochMilliseconds(milliseconds: bigint, withZone: boolean): string | null {
  const date = new Date(Number(milliseconds));
  if (Number.isNaN(date.getTime())) return null;
  const iso = date.toISOString();
  return withZone ? iso : iso.slice(0, -1);
}

function timestampToJson(value: DuckDBValue): JsonValue | undefined {
  if (value instanceof DuckDBTimestampTZValue) {
    return value.isFinite ? isoFromEpochMilliseconds(value.micros / MICROSECONDS_PER_MILLISECOND, true) : value.toString();
  }
  if (value instanceof DuckDBTimestampValue) {
    return value.isFinite ? isoFromEpochMilliseconds(value.micros / MICROSECONDS_PER_MILLISECOND, false) : value.toString();
  }
  if (value instanceof DuckDBTimestampSecondsValue) {
    return value.isFinite ? isoFromEpochMilliseconds(value.seconds * 1000n, false) : value.toString();
  }
  if (value instanceof DuckDBTimestampMillisecondsValue) {
    return value.isFinite ? isoFromEpochMilliseconds(value.millis, false) : value.toString();
  }
  if (value instanceof DuckDBTimestampNanosecondsValue) {
    return value.isFinite ? isoFromEpochMilliseconds(value.nanos / 1_000_000n, false) : value.toString();
  }
  return undefined;
}

/** Unscaled decimal values below this have at most 15 digits, which a double holds exactly. */
const DOUBLE_EXACT_UNSCALED_LIMIT = 10n ** BigInt(DOUBLE_EXACT_DECIMAL_DIGITS);

/**
 * Exact: a double while it holds the value (15 digits or fewer, whatever the column's width: a
 * SUM is DECIMAL(38, s) but its values are mostly short), otherwise through the digits.
 */
function decimalToJson(value: DuckDBDecimalValue): JsonValue {
  const unscaled = value.value;
  if (unscaled < DOUBLE_EXACT_UNSCALED_LIMIT && unscaled > -DOUBLE_EXACT_UNSCALED_LIMIT) return normalizeValue(value.toDouble());
  return normalizeDecimalText(value.toString());
}

export function duckdbValueToJson(value: DuckDBValue): JsonValue {
  if (value === null || typeof value !== 'object') return normalizeValue(value);
  if (value instanceof DuckDBDecimalValue) return decimalToJson(value);
  // DuckDB prints dates as YYYY-MM-DD already (and "infinity" for the infinite ones).
  if (value instanceof DuckDBDateValue) return value.toString();
  const timestamp = timestampToJson(value);
  if (timestamp !== undefined) return timestamp;
  if (value instanceof DuckDBBlobValue) return blobPlaceholder(value.bytes.byteLength);
  if (value instanceof DuckDBListValue || value instanceof DuckDBArrayValue) {
    return value.items.map((item) => duckdbValueToJson(item));
  }
  if (value instanceof DuckDBStructValue) {
    const result: { [key: string]: JsonValue } = {};
    for (const [key, item] of Object.entries(value.entries)) result[key] = duckdbValueToJson(item);
    return result;
  }
  if (value instanceof DuckDBMapValue) {
    const result: { [key: string]: JsonValue } = {};
    for (const entry of value.entries) result[String(entry.key)] = duckdbValueToJson(entry.value);
    return result;
  }
  if (value instanceof DuckDBUnionValue) return duckdbValueToJson(value.value);
  // Intervals, UUIDs, times, bits, geometry: DuckDB's own text form is the readable one.
  return value.toString();
}
