// Turns snowflake-sdk's values into datathread's. NUMBER, REAL, DATE and VARIANT are fetched as
// text (fetchAsString), so an integer beyond 2^53 keeps its digits as text, a scaled NUMBER or a
// REAL becomes a JavaScript number, DATE becomes YYYY-MM-DD and VARIANT / OBJECT / ARRAY are parsed
// from their JSON. Fetched as text, SQL NULL arrives as the word NULL, which none of these types
// can hold as a value. Timestamps arrive as Dates (instants, ISO 8601 in UTC).
import { normalizeIntegerText, normalizeValue } from '../normalize-value.js';
import type { JsonValue } from '../types.js';

type ValueConverter = (value: unknown) => JsonValue;

const NULL_AS_TEXT = 'NULL';

function convertInteger(value: unknown): JsonValue {
  if (value === NULL_AS_TEXT) return null;
  return typeof value === 'string' ? normalizeIntegerText(value) : normalizeValue(value);
}

function convertDecimal(value: unknown): JsonValue {
  if (value === NULL_AS_TEXT) return null;
  return typeof value === 'string' ? normalizeValue(Number(value)) : normalizeValue(value);
}

function convertDate(value: unknown): JsonValue {
  if (value === NULL_AS_TEXT) return null;
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}/.test(value)) return value.slice(0, 10);
  return normalizeValue(value);
}

/** VARIANT holds JSON text (fetchAsString JSON). */
function convertSemiStructured(value: unknown): JsonValue {
  if (value === NULL_AS_TEXT) return null;
  if (typeof value !== 'string') return normalizeValue(value);
  try {
    return normalizeValue(JSON.parse(value));
  } catch {
    return value;
  }
}

/** One converter per column, from its lower-case Snowflake type (`fixed`, `variant`, …) and scale. */
export function snowflakeValueConverter(type: string, scale: number | undefined): ValueConverter {
  if (type === 'fixed' || type === 'number') return scale ? convertDecimal : convertInteger;
  if (type === 'real' || type === 'float') return convertDecimal;
  if (type === 'date') return convertDate;
  if (type === 'variant' || type === 'object' || type === 'array') return convertSemiStructured;
  return normalizeValue;
}
