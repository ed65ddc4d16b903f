// Picks a value converter per result column from its DuckDB type, so the common types (integers,
// text, booleans, doubles, dates) skip the general instanceof chain of duckdbValueToJson. This is
// the hot loop of every DuckDB query: 10,000 rows x N columns.
import { DuckDBDateValue, DuckDBTypeId, type DuckDBType, type DuckDBValue } from '@duckdb/node-api';
import { duckdbValueToJson } from './duckdb-value.js';
import type { JsonValue } from '../types.js';

export type ColumnConverter = (value: DuckDBValue) => JsonValue;

/** Values DuckDB already hands over as JSON (small integers, text, booleans); the adapter copies them without a call. */
export const passThrough: ColumnConverter = (value) => value as JsonValue;

const finiteNumber: ColumnConverter = (value) => (typeof value === 'number' && Number.isFinite(value) ? value : null);

const MAX_CACHED_DATES = 50_000;

/** Dates repeat a lot in analytic results (one per day or month); print each day number once. */
function createDateConverter(): ColumnConverter {
  const printed = new Map<number, string>();
  return (value) => {
    if (!(value instanceof DuckDBDateValue)) return duckdbValueToJson(value);
    let text = printed.get(value.days);
    if (text === undefined) {
      text = value.toString();
      if (printed.size < MAX_CACHED_DATES) printed.set(value.days, text);
    }
    return text;
  };
}

export function converterForType(type: DuckDBType): ColumnConverter {
  switch (type.typeId) {
    case DuckDBTypeId.BOOLEAN:
    case DuckDBTypeId.TINYINT:
    case DuckDBTypeId.SMALLINT:
    case DuckDBTypeId.INTEGER:
    case DuckDBTypeId.UTINYINT:
    case DuckDBTypeId.USMALLINT:
    case DuckDBTypeId.UINTEGER:
    case DuckDBTypeId.VARCHAR:
      return passThrough;
    case DuckDBTypeId.FLOAT:
    case DuckDBTypeId.DOUBLE:
      return finiteNumber;
    case DuckDBTypeId.DATE:
      return createDateConverter();
    default:
      return duckdbValueToJson;
  }
}
