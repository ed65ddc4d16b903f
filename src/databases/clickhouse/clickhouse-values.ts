// Turns ClickHouse's JSONCompact values into JSON-safe values. ClickHouse quotes 64-bit and wider
// integers (and may quote decimals) so no digit is lost; they become numbers while JavaScript can
// hold them exactly, as PostgreSQL's int8 and numeric do here. Everything else is already JSON.
import { normalizeIntegerText, normalizeValue } from '../normalize-value.js';
import type { JsonValue } from '../types.js';

type ValueConverter = (value: unknown) => JsonValue;

const WIDE_INTEGER = /^(?:nullable\()?(?:lowcardinality\()?u?int(?:64|128|256)\)?\)?$/;
const DECIMAL = /^(?:nullable\()?decimal(?:32|64|128|256)?\(/;

function convertWideInteger(value: unknown): JsonValue {
  return typeof value === 'string' ? normalizeIntegerText(value) : normalizeValue(value);
}

function convertDecimal(value: unknown): JsonValue {
  return typeof value === 'string' ? Number(value) : normalizeValue(value);
}

/** One converter per column, chosen once from its lower-case ClickHouse type. */
export function clickhouseValueConverter(type: string): ValueConverter {
  if (WIDE_INTEGER.test(type)) return convertWideInteger;
  if (DECIMAL.test(type)) return convertDecimal;
  return normalizeValue;
}
