// Turns BigQuery's REST row encoding into datathread's JSON values. Every scalar arrives as text:
// INT64 and NUMERIC/BIGNUMERIC become numbers while a number holds them exactly and stay digit
// strings beyond that (a 38-digit BIGNUMERIC keeps every digit); FLOAT64 NaN/Infinity become null;
// TIMESTAMP (microseconds since the epoch) becomes ISO 8601 in UTC with Z, DATETIME (a wall-clock
// time without a zone) ISO 8601 with milliseconds and no Z, as every adapter writes them; BYTES a size placeholder; STRUCT an
// object by field name; ARRAY (mode REPEATED) a list; JSON its parsed value.
import { blobPlaceholder, normalizeDecimalText, normalizeIntegerText, normalizeNaiveTimestampText } from '../normalize-value.js';
import type { JsonValue } from '../types.js';

export interface BigQuerySchemaField {
  name: string;
  type: string;
  mode?: string | null;
  fields?: BigQuerySchemaField[] | null;
}

interface Cell {
  v?: unknown;
}

/** The lower-case type name shown for a column: `int64`, `numeric`, `array<string>`, `struct<a int64, b string>`. */
export function bigQueryTypeName(field: BigQuerySchemaField): string {
  const names: Record<string, string> = { INTEGER: 'int64', FLOAT: 'float64', BOOLEAN: 'bool', RECORD: 'struct', BIGDECIMAL: 'bignumeric', DECIMAL: 'numeric' };
  const base = field.type === 'RECORD' || field.type === 'STRUCT'
    ? `struct<${(field.fields ?? []).map((inner) => `${inner.name} ${bigQueryTypeName(inner)}`).join(', ')}>`
    : names[field.type] ?? field.type.toLowerCase();
  return field.mode === 'REPEATED' ? `array<${base}>` : base;
}

function timestampValue(text: string): string | null {
  // useInt64Timestamp: microseconds since the epoch as an integer string.
  const micros = BigInt(text);
  const date = new Date(Number(micros / 1000n));
  if (Number.isNaN(date.getTime())) return null;
  const fraction = micros % 1_000_000n;
  const iso = date.toISOString();
  return fraction % 1000n === 0n ? iso : `${iso.slice(0, 19)}.${String(fraction < 0n ? fraction + 1_000_000n : fraction).padStart(6, '0')}Z`;
}

function scalarValue(text: string, type: string): JsonValue {
  switch (type) {
    case 'INTEGER':
    case 'INT64':
      return normalizeIntegerText(text);
    case 'FLOAT':
    case 'FLOAT64': {
      const number = Number(text);
      return Number.isFinite(number) ? number : null;
    }
    case 'NUMERIC':
    case 'BIGNUMERIC':
    case 'DECIMAL':
    case 'BIGDECIMAL':
      return normalizeDecimalText(text);
    case 'BOOLEAN':
    case 'BOOL':
      return text === 'true';
    case 'TIMESTAMP':
      return /^-?\d+$/.test(text) ? timestampValue(text) : text;
    case 'DATETIME':
      return normalizeNaiveTimestampText(text);
    case 'BYTES':
      return blobPlaceholder(Buffer.from(text, 'base64').byteLength);
    case 'JSON':
      try {
        return JSON.parse(text) as JsonValue;
      } catch {
        return text;
      }
    default:
      // STRING, DATE, TIME, GEOGRAPHY, INTERVAL, RANGE: their text is the value.
      return text;
  }
}

export function bigQueryValue(value: unknown, field: BigQuerySchemaField): JsonValue {
  if (value === null || value === undefined) return null;
  if (field.mode === 'REPEATED') {
    const element: BigQuerySchemaField = { ...field, mode: 'NULLABLE' };
    return (value as Cell[]).map((cell) => bigQueryValue(cell.v, element));
  }
  if (field.type === 'RECORD' || field.type === 'STRUCT') {
    const cells = (value as { f?: Cell[] }).f ?? [];
    const record: { [key: string]: JsonValue } = {};
    (field.fields ?? []).forEach((inner, index) => {
      record[inner.name] = bigQueryValue(cells[index]?.v, inner);
    });
    return record;
  }
  return scalarValue(String(value), field.type);
}

/** One row of `{ f: [{ v }] }` cells as an array aligned with the schema's fields. */
export function bigQueryRow(row: { f?: Cell[] }, fields: readonly BigQuerySchemaField[]): JsonValue[] {
  const cells = row.f ?? [];
  return fields.map((field, index) => bigQueryValue(cells[index]?.v, field));
}
