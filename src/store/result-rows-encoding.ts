// How a query result's rows are kept in the store. Every execute_sql writes up to row-cap rows (by
// default 10,000) while the turn runs, so this is on the hot path of every answer: JSON of the
// rows cost more than the rest of execute_sql together (2–4 ms per 10,000 rows, npm run bench).
//
// The `columns-v1` format stores the rows column by column inside one MessagePack value (msgpackr):
//   - a column of numbers (and nulls): the values as little-endian int32 when every one is a
//     32-bit integer, float64 otherwise, plus the positions of its nulls; the bytes are copied
//     from a typed array, not formatted as text;
//   - a column of strings (and nulls): the strings joined into one text, plus each one's length
//     in UTF-16 units (-1 for null), so the text is encoded as UTF-8 once, not string by string;
//   - any other column (booleans, lists, objects, mixed types): the column's JSON text, so such
//     values round-trip exactly as they did when whole results were JSON.
// Results stored before this format keep `json-rows` (one JSON array of row arrays) and still load.
import { Packr } from 'msgpackr';
import type { JsonValue } from '../databases/types.js';

export const JSON_ROWS_FORMAT = 'json-rows';
export const COLUMNS_V1_FORMAT = 'columns-v1';

export interface EncodedResultRows {
  format: typeof JSON_ROWS_FORMAT | typeof COLUMNS_V1_FORMAT;
  data: Buffer;
}

type EncodedColumn =
  | [kind: 'int32' | 'float64', littleEndianValues: Buffer, nullPositions: number[]]
  | [kind: 'strings', littleEndianLengths: Buffer, text: string]
  | [kind: 'json', text: string];

const LITTLE_ENDIAN_HOST = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

/** Record-free MessagePack: plain arrays, strings and binary only, nothing that builds objects. */
const packer = new Packr({ useRecords: false, mapsAsObjects: true });

export function encodeResultRows(rows: readonly JsonValue[][], columnCount: number): EncodedResultRows {
  const columns: EncodedColumn[] = [];
  for (let column = 0; column < columnCount; column += 1) {
    const encoded = encodeColumn(rows, column);
    // A string that is not well-formed UTF-16 (a lone surrogate) would change when encoded as
    // UTF-8 and shift the lengths; JSON escapes it, so the whole result falls back to JSON.
    if (encoded === null) return { format: JSON_ROWS_FORMAT, data: Buffer.from(JSON.stringify(rows)) };
    columns.push(encoded);
  }
  return { format: COLUMNS_V1_FORMAT, data: packer.pack([rows.length, columns]) };
}

export function decodeResultRows(format: string, data: Buffer): JsonValue[][] {
  if (format === JSON_ROWS_FORMAT) return JSON.parse(data.toString('utf8')) as JsonValue[][];
  if (format !== COLUMNS_V1_FORMAT) throw new Error(`Stored query result has an unknown format "${format}".`);
  const [rowCount, columns] = packer.unpack(data) as [number, EncodedColumn[]];
  const rows: JsonValue[][] = new Array(rowCount);
  for (let row = 0; row < rowCount; row += 1) rows[row] = new Array(columns.length);
  columns.forEach((column, index) => decodeColumnInto(rows, index, column));
  return rows;
}

function encodeColumn(rows: readonly JsonValue[][], column: number): EncodedColumn | null {
  let numbers = true;
  let strings = true;
  for (let row = 0; row < rows.length && (numbers || strings); row += 1) {
    const value = rows[row]![column];
    if (value === null || value === undefined) continue;
    if (typeof value !== 'number') numbers = false;
    if (typeof value !== 'string') strings = false;
  }
  if (numbers) return encodeNumbers(rows, column);
  if (strings) return encodeStrings(rows, column);
  const values = new Array<JsonValue>(rows.length);
  for (let row = 0; row < rows.length; row += 1) values[row] = rows[row]![column] ?? null;
  return ['json', JSON.stringify(values)];
}

function encodeNumbers(rows: readonly JsonValue[][], column: number): EncodedColumn {
  const nullPositions: number[] = [];
  let int32 = true;
  for (let row = 0; row < rows.length && int32; row += 1) {
    const value = rows[row]![column];
    // -0 | 0 is 0: a -0 needs float64 to come back as -0.
    if (typeof value === 'number' && (value !== (value | 0) || Object.is(value, -0))) int32 = false;
  }
  const values = int32 ? new Int32Array(rows.length) : new Float64Array(rows.length);
  for (let row = 0; row < rows.length; row += 1) {
    const value = rows[row]![column];
    if (typeof value === 'number') values[row] = value;
    else nullPositions.push(row);
  }
  return [int32 ? 'int32' : 'float64', littleEndianBytes(values), nullPositions];
}

function encodeStrings(rows: readonly JsonValue[][], column: number): EncodedColumn | null {
  const lengths = new Int32Array(rows.length);
  let text = '';
  for (let row = 0; row < rows.length; row += 1) {
    const value = rows[row]![column];
    if (typeof value === 'string') {
      lengths[row] = value.length;
      text += value;
    } else lengths[row] = -1;
  }
  return isWellFormed(text) ? ['strings', littleEndianBytes(lengths), text] : null;
}

/** The typed array's own memory as little-endian bytes (swapped in place on a big-endian host). */
function littleEndianBytes(values: Int32Array | Float64Array): Buffer {
  const bytes = Buffer.from(values.buffer, values.byteOffset, values.byteLength);
  if (!LITTLE_ENDIAN_HOST) values instanceof Float64Array ? bytes.swap64() : bytes.swap32();
  return bytes;
}

/** A copy of stored little-endian values in the host's byte order, aligned for a typed array. */
function hostOrderCopy(bytes: Uint8Array, width: 4 | 8): ArrayBuffer {
  const copy = new Uint8Array(bytes.byteLength);
  copy.set(bytes);
  if (!LITTLE_ENDIAN_HOST) {
    const view = Buffer.from(copy.buffer);
    width === 8 ? view.swap64() : view.swap32();
  }
  return copy.buffer;
}

/** String.prototype.isWellFormed (Node 20 has it; TypeScript's ES2023 library does not declare it). */
function isWellFormed(text: string): boolean {
  return (text as string & { isWellFormed(): boolean }).isWellFormed();
}

function decodeColumnInto(rows: JsonValue[][], index: number, column: EncodedColumn): void {
  if (column[0] === 'json') {
    const values = JSON.parse(column[1]) as JsonValue[];
    for (let row = 0; row < rows.length; row += 1) rows[row]![index] = values[row] ?? null;
  } else if (column[0] === 'strings') {
    const lengths = new Int32Array(hostOrderCopy(column[1], 4));
    const text = column[2];
    let offset = 0;
    for (let row = 0; row < rows.length; row += 1) {
      const length = lengths[row]!;
      if (length < 0) rows[row]![index] = null;
      else {
        rows[row]![index] = text.slice(offset, offset + length);
        offset += length;
      }
    }
  } else {
    const values = column[0] === 'int32' ? new Int32Array(hostOrderCopy(column[1], 4)) : new Float64Array(hostOrderCopy(column[1], 8));
    for (let row = 0; row < rows.length; row += 1) rows[row]![index] = values[row]!;
    for (const row of column[2]) rows[row]![index] = null;
  }
}
