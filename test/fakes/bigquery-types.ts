// How the BigQuery test server presents DuckDB results the way BigQuery's REST API does: a table
// schema of fields (INTEGER, FLOAT, NUMERIC, BIGNUMERIC, RECORD with sub-fields, mode REPEATED
// for arrays) and rows as `{ f: [{ v }] }` where every scalar is a string, records nest `{ f }`
// and repeated fields are lists of `{ v }`.
import { DuckDBTypeId, type DuckDBDecimalType, type DuckDBListType, type DuckDBStructType, type DuckDBType } from '@duckdb/node-api';

export interface BigQueryField {
  name: string;
  type: string;
  mode: 'NULLABLE' | 'REPEATED';
  fields?: BigQueryField[];
}

export interface BigQueryCell {
  v: unknown;
}

const SIMPLE_TYPES: Partial<Record<DuckDBTypeId, string>> = {
  [DuckDBTypeId.BOOLEAN]: 'BOOLEAN',
  [DuckDBTypeId.TINYINT]: 'INTEGER',
  [DuckDBTypeId.SMALLINT]: 'INTEGER',
  [DuckDBTypeId.INTEGER]: 'INTEGER',
  [DuckDBTypeId.BIGINT]: 'INTEGER',
  [DuckDBTypeId.UTINYINT]: 'INTEGER',
  [DuckDBTypeId.USMALLINT]: 'INTEGER',
  [DuckDBTypeId.UINTEGER]: 'INTEGER',
  [DuckDBTypeId.HUGEINT]: 'BIGNUMERIC',
  [DuckDBTypeId.FLOAT]: 'FLOAT',
  [DuckDBTypeId.DOUBLE]: 'FLOAT',
  [DuckDBTypeId.DATE]: 'DATE',
  [DuckDBTypeId.TIME]: 'TIME',
  [DuckDBTypeId.TIMESTAMP]: 'DATETIME',
  [DuckDBTypeId.TIMESTAMP_TZ]: 'TIMESTAMP',
  [DuckDBTypeId.BLOB]: 'BYTES',
};

/** NUMERIC holds 38 digits with 9 after the point; wider scales are BIGNUMERIC. */
const NUMERIC_MAX_SCALE = 9;

export function bigQueryField(name: string, type: DuckDBType): BigQueryField {
  if (type.typeId === DuckDBTypeId.LIST) {
    return { ...bigQueryField(name, (type as DuckDBListType).valueType), mode: 'REPEATED' };
  }
  if (type.typeId === DuckDBTypeId.STRUCT) {
    const struct = type as DuckDBStructType;
    return { name, type: 'RECORD', mode: 'NULLABLE', fields: struct.entryNames.map((entry, index) => bigQueryField(entry, struct.entryTypes[index]!)) };
  }
  if (type.typeId === DuckDBTypeId.DECIMAL) {
    return { name, type: (type as DuckDBDecimalType).scale > NUMERIC_MAX_SCALE ? 'BIGNUMERIC' : 'NUMERIC', mode: 'NULLABLE' };
  }
  return { name, type: SIMPLE_TYPES[type.typeId] ?? 'STRING', mode: 'NULLABLE' };
}

/** One value from DuckDB's JSON rows in BigQuery's REST encoding for the field. */
export function bigQueryCell(value: unknown, field: BigQueryField, int64Timestamps: boolean): BigQueryCell {
  if (value === null || value === undefined) return { v: field.mode === 'REPEATED' ? [] : null };
  if (field.mode === 'REPEATED') {
    const element: BigQueryField = { ...field, mode: 'NULLABLE' };
    return { v: (value as unknown[]).map((item) => bigQueryCell(item, element, int64Timestamps)) };
  }
  switch (field.type) {
    case 'RECORD': {
      const record = value as Record<string, unknown>;
      return { v: { f: (field.fields ?? []).map((inner) => bigQueryCell(record[inner.name], inner, int64Timestamps)) } };
    }
    case 'NUMERIC':
    case 'BIGNUMERIC':
      return { v: withoutTrailingZeros(String(value)) };
    case 'DATETIME':
      return { v: String(value).replace(' ', 'T') };
    case 'TIMESTAMP': {
      const instant = new Date(String(value).replace(' ', 'T').replace(/([+-]\d\d)$/, '$1:00'));
      const micros = BigInt(instant.getTime()) * 1000n;
      return { v: int64Timestamps ? micros.toString() : String(instant.getTime() / 1000) };
    }
    case 'BYTES':
      return { v: Buffer.from(String(value), 'latin1').toString('base64') };
    default:
      return { v: String(value) };
  }
}

function withoutTrailingZeros(decimal: string): string {
  return decimal.includes('.') ? decimal.replace(/0+$/, '').replace(/\.$/, '') : decimal;
}
