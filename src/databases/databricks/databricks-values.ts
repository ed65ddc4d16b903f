// Turns the Databricks driver's row values into datathread's. From Arrow results (what warehouses
// send), with preserveBigNumericPrecision, the driver hands DECIMAL as exact text and BIGINT as
// bigint: a decimal becomes a number when it prints back the same (digits otherwise), a bigint a
// number while exact. From column-based results (servers on older protocols) the driver itself
// reads both into doubles, so their digits past about 15 are gone before this. MAP and STRUCT arrive
// parsed into objects and ARRAY into lists, normalised member by member. A TIMESTAMP arrives as a
// Date from Arrow results (an instant: ISO 8601 in UTC with Z) or as wall-clock text from
// column-based results, which carry no zone, so the text takes the ISO form of a timestamp
// without one.
import { QueryFailedError } from '../errors.js';
import { normalizeDecimalText, normalizeNaiveTimestampText, normalizeValue } from '../normalize-value.js';
import type { JsonValue, QueryColumn } from '../types.js';

/**
 * A BIGINT past 2^53 in column-based results reaches here as Infinity (node-int64 gives up on it):
 * null would claim the value is missing, so the query fails with the cast that reads it whole.
 */
function bigintConverter(columnName: string): (value: unknown) => JsonValue {
  return (value) => {
    if (typeof value === 'number' && !Number.isFinite(value)) {
      throw new QueryFailedError(
        `A BIGINT in column "${columnName}" is past 2^53, and this warehouse's results (column-based, not Arrow) reach Databricks' driver as doubles, which cannot hold it. Select it as CAST(${columnName} AS STRING) to read every digit.`,
      );
    }
    return normalizeValue(value);
  };
}

export function databricksValueConverter({ name, type }: QueryColumn): (value: unknown) => JsonValue {
  if (type === 'bigint') return bigintConverter(name);
  if (type.startsWith('decimal')) return (value) => (typeof value === 'string' ? normalizeDecimalText(value) : normalizeValue(value));
  if (type === 'timestamp') return (value) => (typeof value === 'string' ? normalizeNaiveTimestampText(value) : normalizeValue(value));
  return normalizeValue;
}
