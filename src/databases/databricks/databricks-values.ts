// Turns the Databricks driver's row values into datathread's. With preserveBigNumericPrecision
// the driver hands DECIMAL as exact text and BIGINT as bigint: a decimal becomes a number when it
// prints back the same (digits otherwise), a bigint a number while exact; MAP and STRUCT arrive
// parsed into objects and ARRAY into lists, normalised member by member.
import { normalizeDecimalText, normalizeValue } from '../normalize-value.js';
import type { JsonValue } from '../types.js';

export function databricksValueConverter(type: string): (value: unknown) => JsonValue {
  if (type.startsWith('decimal')) return (value) => (typeof value === 'string' ? normalizeDecimalText(value) : normalizeValue(value));
  return normalizeValue;
}
