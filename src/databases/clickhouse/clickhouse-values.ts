// Turns ClickHouse's JSONCompact values into JSON-safe values. The adapter has ClickHouse quote
// 64-bit and wider integers and decimals so no digit is lost; integers become numbers while
// JavaScript can hold them exactly, decimals while a double holds them exactly (the digits
// otherwise), as every adapter does. ClickHouse prints a DateTime or DateTime64 as wall-clock text
// in the column's zone: the one its type names (`DateTime64(3, 'Europe/Paris')`), else the
// server's. A type that names its zone holds an instant, written in UTC with Z; a type without one
// is shown as the server shows it, in the ISO form of a timestamp without a zone. Everything else
// is already JSON.
import { normalizeDecimalText, normalizeIntegerText, normalizeNaiveTimestampText, normalizeValue, wallTimeInZoneToUtc } from '../normalize-value.js';
import type { JsonValue } from '../types.js';

type ValueConverter = (value: unknown) => JsonValue;

const WIDE_INTEGER = /^(?:nullable\()?(?:lowcardinality\()?u?int(?:64|128|256)\)?\)?$/;
const DECIMAL = /^(?:nullable\()?decimal(?:32|64|128|256)?\(/;
const DATE_TIME = /^(?:nullable\()?datetime(?:64)?(?:\(\s*(?:\d+\s*)?,?\s*(?:'([^']+)')?\s*\))?\)?$/;

/** The zone a DateTime type names ('' when it names none), or null when the type is no DateTime. */
export function dateTimeZone(lowerCaseType: string): string | null {
  const match = DATE_TIME.exec(lowerCaseType);
  return match ? (match[1] ?? '') : null;
}

function convertWideInteger(value: unknown): JsonValue {
  return typeof value === 'string' ? normalizeIntegerText(value) : normalizeValue(value);
}

function convertDecimal(value: unknown): JsonValue {
  return typeof value === 'string' ? normalizeDecimalText(value) : normalizeValue(value);
}

function convertDateTime(zone: string): ValueConverter {
  if (zone === '') return (value) => (typeof value === 'string' ? normalizeNaiveTimestampText(value) : normalizeValue(value));
  return (value) => (typeof value === 'string' ? wallTimeInZoneToUtc(value, zone) : normalizeValue(value));
}

/** One converter per column, chosen once from its lower-case ClickHouse type. */
export function clickhouseValueConverter(type: string): ValueConverter {
  if (WIDE_INTEGER.test(type)) return convertWideInteger;
  if (DECIMAL.test(type)) return convertDecimal;
  const zone = dateTimeZone(type);
  if (zone !== null) return convertDateTime(zone);
  return normalizeValue;
}
