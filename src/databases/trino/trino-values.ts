// Turns Trino's JSON values into datathread's: decimals arrive as text and become numbers (as
// PostgreSQL numeric does here); "NaN"/"Infinity" for double and real become null (JSON has no
// such numbers); everything else is already plain JSON.
import { normalizeValue } from '../normalize-value.js';
import type { JsonValue } from '../types.js';

type ValueConverter = (value: unknown) => JsonValue;

function convertDecimal(value: unknown): JsonValue {
  return typeof value === 'string' ? Number(value) : normalizeValue(value);
}

function convertFloating(value: unknown): JsonValue {
  return typeof value === 'string' ? null : normalizeValue(value);
}

/** One converter per column, chosen once from its lower-case Trino type. */
export function trinoValueConverter(type: string): ValueConverter {
  if (type.startsWith('decimal')) return convertDecimal;
  if (type === 'double' || type === 'real') return convertFloating;
  return normalizeValue;
}
