// How the Trino test server presents DuckDB results the way Trino does: Trino type names with their
// typeSignature, and values in Trino's JSON encoding (decimals and temporals as text, rows as
// positional arrays, varbinary as base64).
import { DuckDBTypeId, type DuckDBType, type DuckDBValue } from '@duckdb/node-api';

export interface TrinoTypeSignature {
  rawType: string;
  arguments: { kind: 'LONG' | 'TYPE'; value: number | TrinoTypeSignature }[];
}

export interface TrinoColumn {
  name: string;
  type: string;
  typeSignature: TrinoTypeSignature;
}

const SIMPLE_TYPES: Partial<Record<DuckDBTypeId, string>> = {
  [DuckDBTypeId.BOOLEAN]: 'boolean',
  [DuckDBTypeId.TINYINT]: 'tinyint',
  [DuckDBTypeId.SMALLINT]: 'smallint',
  [DuckDBTypeId.INTEGER]: 'integer',
  [DuckDBTypeId.BIGINT]: 'bigint',
  [DuckDBTypeId.FLOAT]: 'real',
  [DuckDBTypeId.DOUBLE]: 'double',
  [DuckDBTypeId.DATE]: 'date',
  [DuckDBTypeId.BLOB]: 'varbinary',
  [DuckDBTypeId.UUID]: 'uuid',
};

function simple(rawType: string): TrinoTypeSignature {
  return { rawType, arguments: [] };
}

export function trinoSignature(type: DuckDBType): TrinoTypeSignature {
  const name = SIMPLE_TYPES[type.typeId];
  if (name) return simple(name);
  switch (type.typeId) {
    case DuckDBTypeId.DECIMAL: {
      const [precision, scale] = /\((\d+),\s*(\d+)\)/.exec(type.toString())?.slice(1).map(Number) ?? [38, 0];
      return { rawType: 'decimal', arguments: [{ kind: 'LONG', value: precision ?? 38 }, { kind: 'LONG', value: scale ?? 0 }] };
    }
    case DuckDBTypeId.TIMESTAMP:
      return { rawType: 'timestamp', arguments: [{ kind: 'LONG', value: 3 }] };
    case DuckDBTypeId.TIMESTAMP_TZ:
      return { rawType: 'timestamp with time zone', arguments: [{ kind: 'LONG', value: 3 }] };
    case DuckDBTypeId.LIST:
      return { rawType: 'array', arguments: [{ kind: 'TYPE', value: trinoSignature((type as unknown as { valueType: DuckDBType }).valueType) }] };
    case DuckDBTypeId.HUGEINT:
      return { rawType: 'decimal', arguments: [{ kind: 'LONG', value: 38 }, { kind: 'LONG', value: 0 }] };
    default:
      return { rawType: 'varchar', arguments: [{ kind: 'LONG', value: 2147483647 }] };
  }
}

/** The display name Trino puts in `type`: `varchar`, `decimal(12,2)`, `array(integer)`, `timestamp(3)`. */
export function trinoTypeName(signature: TrinoTypeSignature): string {
  if (signature.rawType === 'varchar') return 'varchar';
  if (signature.arguments.length === 0) return signature.rawType;
  const parts = signature.arguments.map((argument) => (typeof argument.value === 'number' ? String(argument.value) : trinoTypeName(argument.value)));
  if (signature.rawType === 'timestamp with time zone') return `timestamp(${parts[0]}) with time zone`;
  return `${signature.rawType}(${parts.join(',')})`;
}

export function trinoColumn(name: string, type: DuckDBType): TrinoColumn {
  const typeSignature = trinoSignature(type);
  return { name, type: trinoTypeName(typeSignature), typeSignature };
}

/** A DuckDB value in Trino's JSON encoding for a column of the given signature. */
export function trinoValue(value: DuckDBValue, signature: TrinoTypeSignature): unknown {
  if (value === null) return null;
  switch (signature.rawType) {
    case 'boolean':
      return value;
    case 'tinyint':
    case 'smallint':
    case 'integer':
      return Number(value);
    case 'bigint':
      // Trino writes every digit; the server's JSON writer prints a bigint as a bare integer.
      return typeof value === 'bigint' && !Number.isSafeInteger(Number(value)) ? value : Number(value);
    case 'real':
    case 'double': {
      const number = Number(value);
      if (Number.isNaN(number)) return 'NaN';
      if (!Number.isFinite(number)) return number > 0 ? 'Infinity' : '-Infinity';
      return number;
    }
    case 'timestamp':
      return withMilliseconds(String(value));
    case 'timestamp with time zone':
      return `${withMilliseconds(String(value).replace(/[+-]\d\d(:\d\d)?$/, ''))} UTC`;
    case 'varbinary':
      return Buffer.from((value as { bytes: Uint8Array }).bytes).toString('base64');
    case 'array': {
      const element = signature.arguments[0]?.value as TrinoTypeSignature;
      return (value as { items: DuckDBValue[] }).items.map((item) => trinoValue(item, element));
    }
    default:
      return String(value);
  }
}

function withMilliseconds(text: string): string {
  const [seconds, fraction = ''] = text.split('.');
  return `${seconds}.${fraction.padEnd(3, '0').slice(0, 3)}`;
}
