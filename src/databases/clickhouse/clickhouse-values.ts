// Turns ClickHouse's JSONCompact values into JSON-safe values. The adapter has ClickHouse quote
// 64-bit and wider integers and decimals so no digit is lost; integers become numbers while JavaScript
// can hold them exactly, decimals while a double holds them exactly (the digits otherwise), as
// every adapter does. DateTimes take the ISO forms of clickhouse-date-time.ts. Everything else is
// already JSON.
import { normalizeDecimalText, normalizeIntegerText, normalizeNaiveTimestampText, normalizeValue } from '../normalize-value.js';
import type { JsonValue } from '../types.js';
import { dateTimeZone, zonedWallTimeToUtc } from './clickhouse-date-time.js';

type ValueConverter = (value: unknown) => JsonValue;

const WIDE_INTEGER = /^(?:nullable\()?(?:lowcardinality\()?u?int(?:64|128|256)\)?\)?$/;
const DECIMAL = /^(?:nullable\()?decimal(?:32|64|128|256)?\(/;

function convertWideInteger(value: unknown): JsonValue {
  return typeof value === 'string' ? normalizeIntegerText(value) : normalizeValue(value);
}

function convertDecimal(value: unknown): JsonValue {
  return typeof value === 'string' ? normalizeDecimalText(value) : normalizeValue(value);
}

function convertDateTime(zone: string): ValueConverter {
  if (zone === '') return (value) => (typeof value === 'string' ? normalizeNaiveTimestampText(value) : normalizeValue(value));
  return (value) => (typeof value === 'string' ? zonedWallTimeToUtc(value, zone) : normalizeValue(value));
}

/** One converter per column, chosen once from its lower-case ClickHouse type. */
export function clickhouseValueConverter(type: string): ValueConverter {
  if (WIDE_INTEGER.test(type)) return convertWideInteger;
  if (DECIMAL.test(type)) return convertDecimal;
  const zone = dateTimeZone(type);
  if (zone !== null) return convertDateTime(zone);
  return normalizeValue;
}
