// Turns Athena's result cells into datathread's values. GetQueryResults hands every value as text
// (VarCharValue) next to the column's type: integers become numbers while a number holds them
// exactly, decimals become numbers when they print back the same (digits otherwise), double
// NaN/Infinity become null, booleans become booleans, timestamps take the ISO form every adapter
// gives (`2024-01-02T03:04:05.123`, and in UTC with Z when zoned). Arrays, maps and rows arrive as Athena's
// own text rendering (`[a, b]`, `{k=v}`), which is not JSON and cannot be split safely, so they stay text.
import { normalizeDecimalText, normalizeIntegerText, normalizeNaiveTimestampText, normalizeZonedTimestampText } from '../normalize-value.js';
import type { JsonValue } from '../types.js';

type ValueConverter = (text: string) => JsonValue;

const INTEGER_TYPES = new Set(['tinyint', 'smallint', 'integer', 'int', 'bigint']);
const FLOATING_TYPES = new Set(['double', 'float', 'real']);

function floating(text: string): JsonValue {
  const number = Number(text);
  return Number.isFinite(number) ? number : null;
}

function identity(text: string): JsonValue {
  return text;
}

/** One converter per column, chosen once from its lower-case Athena type. */
export function athenaValueConverter(type: string): ValueConverter {
  if (INTEGER_TYPES.has(type)) return normalizeIntegerText;
  if (FLOATING_TYPES.has(type)) return floating;
  if (type === 'decimal') return normalizeDecimalText;
  if (type === 'boolean') return (text) => text === 'true';
  if (type === 'timestamp') return normalizeNaiveTimestampText;
  if (type === 'timestamp with time zone') return normalizeZonedTimestampText;
  return identity;
}
