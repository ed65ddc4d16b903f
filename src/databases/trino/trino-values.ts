// Turns Trino's JSON values into datathread's: decimals arrive as text and become numbers while a
// double holds them exactly (the digits otherwise), as every adapter does; "NaN"/"Infinity" for
// double and real become null (JSON has no such numbers); timestamps arrive as Trino prints them
// (`2024-01-02 03:04:05.123`, `… UTC`) and take the ISO form every adapter gives; everything else
// is already plain JSON. Athena runs Trino's engine and reads its values the same way.
import { normalizeDecimalText, normalizeNaiveTimestampText, normalizeValue, normalizeZonedTimestampText } from '../normalize-value.js';
import type { JsonValue } from '../types.js';

type ValueConverter = (value: unknown) => JsonValue;

function convertDecimal(value: unknown): JsonValue {
  return typeof value === 'string' ? normalizeDecimalText(value) : normalizeValue(value);
}

function convertFloating(value: unknown): JsonValue {
  return typeof value === 'string' ? null : normalizeValue(value);
}

function convertTimestamp(value: unknown): JsonValue {
  return typeof value === 'string' ? normalizeNaiveTimestampText(value) : normalizeValue(value);
}

function convertZonedTimestamp(value: unknown): JsonValue {
  return typeof value === 'string' ? normalizeZonedTimestampText(value) : normalizeValue(value);
}

/** One converter per column, chosen once from its lower-case Trino type. */
export function trinoValueConverter(type: string): ValueConverter {
  if (type.startsWith('decimal')) return convertDecimal;
  if (type === 'double' || type === 'real') return convertFloating;
  if (/^timestamp(\(\d+\))? with time zone$/.test(type)) return convertZonedTimestamp;
  if (/^timestamp(\(\d+\))?$/.test(type)) return convertTimestamp;
  return normalizeValue;
}
