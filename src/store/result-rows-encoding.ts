// How a query result's rows are kept in the store. Every execute_sql writes up to row-cap rows (by
// default 10,000) while the turn runs, so this is on the hot path of every answer: JSON of the
// rows cost more than the rest of execute_sql together (2–4 ms per 10,000 rows, npm run bench).
//
// The `columns-v1` format stores the rows column by column inside one MessagePack value (msgpackr):
//   - a column of numbers (and nulls): the values as little-endian int32 when every one is a
//     32-bit integer, float64 otherwise, plus the positions of its nulls; the bytes are copied
//     from a typed array, not formatted as text;
//   - a column of strings (and nulls): the strings joined into one text, plus each one's length
//     in UTF-16 units (in 1, 2 or 4 bytes, as the longest needs) and the positions of its nulls, so
//     the text is encoded as UTF-8 once, not string by string;
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
  | [kind: 'strings', lengthBytes: 1 | 2 | 4, littleEndianLengths: Buffer, text: string, nullPositions: number[]]
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
    if (encoded === NOT_WELL_FORMED) return { format: JSON_ROWS_FORMAT, data: Buffer.from(JSON.stringify(rows)) };
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

/** A column of another kind than its first value promised. */
const MIXED = Symbol('mixed');
const NOT_WELL_FORMED = Symbol('not well-formed');

/**
 * The column's first value picks the form; each form is filled in one pass over the rows and gives
 * up (MIXED) at the first value of another type, and the column is then stored as JSON.
 */
function encodeColumn(rows: readonly JsonValue[][], column: number): EncodedColumn | typeof NOT_WELL_FORMED {
  let first: JsonValue | undefined;
  for (let row = 0; row < rows.length && (first === null || first === undefined); row += 1) first = rows[row]![column];
  const encoded = typeof first === 'number' ? encodeNumbers(rows, column) : typeof first === 'string' ? encodeStrings(rows, column) : MIXED;
  if (encoded !== MIXED) return encoded;
  const values = new Array<JsonValue>(rows.length);
  for (let row = 0; row < rows.length; row += 1) values[row] = rows[row]![column] ?? null;
  return ['json', JSON.stringify(values)];
}

function encodeNumbers(rows: readonly JsonValue[][], column: number): EncodedColumn | typeof MIXED {
  const values = new Float64Array(rows.length);
  const nullPositions: number[] = [];
  let int32 = true;
  for (let row = 0; row < rows.length; row += 1) {
    const value = rows[row]![column];
    if (typeof value === 'number') {
      values[row] = value;
      // -0 | 0 is 0: a -0 needs float64 to come back as -0.
      if (int32 && (value !== (value | 0) || Object.is(value, -0))) int32 = false;
    } else if (value === null || value === undefined) nullPositions.push(row);
    else return MIXED;
  }
  return int32 ? ['int32', littleEndianBytes(Int32Array.from(values)), nullPositions] : ['float64', littleEndianBytes(values), nullPositions];
}

function encodeStrings(rows: readonly JsonValue[][], column: number): EncodedColumn | typeof MIXED | typeof NOT_WELL_FORMED {
  const lengths = new Uint32Array(rows.length);
  const nullPositions: number[] = [];
  let longest = 0;
  let text = '';
  for (let row = 0; row < rows.length; row += 1) {
    const value = rows[row]![column];
    if (typeof value === 'string') {
      lengths[row] = value.length;
      if (value.length > longest) longest = value.length;
      text += value;
    } else if (value === null || value === undefined) nullPositions.push(row);
    else return MIXED;
  }
  if (!isWellFormed(text)) return NOT_WELL_FORMED;
  // Most text columns hold short values: a byte or two per length, not four.
  const lengthBytes = longest < 2 ** 8 ? 1 : longest < 2 ** 16 ? 2 : 4;
  const narrowed = lengthBytes === 1 ? Buffer.from(Uint8Array.from(lengths)) : littleEndianBytes(lengthBytes === 2 ? Uint16Array.from(lengths) : lengths);
  return ['strings', lengthBytes, narrowed, text, nullPositions];
}

/** The typed array's own memory as little-endian bytes (swapped in place on a big-endian host). */
function littleEndianBytes(values: Uint16Array | Int32Array | Uint32Array | Float64Array): Buffer {
  const bytes = Buffer.from(values.buffer, values.byteOffset, values.byteLength);
  if (!LITTLE_ENDIAN_HOST) swapToHostOrder(bytes, values.BYTES_PER_ELEMENT);
  return bytes;
}

function swapToHostOrder(bytes: Buffer, width: number): void {
  if (width === 8) bytes.swap64();
  else if (width === 4) bytes.swap32();
  else if (width === 2) bytes.swap16();
}

/** A copy of stored little-endian values in the host's byte order, aligned for a typed array. */
function hostOrderCopy(bytes: Uint8Array, width: 1 | 2 | 4 | 8): ArrayBuffer {
  const copy = new Uint8Array(bytes.byteLength);
  copy.set(bytes);
  if (!LITTLE_ENDIAN_HOST) swapToHostOrder(Buffer.from(copy.buffer), width);
  return copy.buffer;
}

function lengthsFrom(bytes: Uint8Array, width: 1 | 2 | 4): Uint8Array | Uint16Array | Uint32Array {
  const buffer = hostOrderCopy(bytes, width);
  return width === 1 ? new Uint8Array(buffer) : width === 2 ? new Uint16Array(buffer) : new Uint32Array(buffer);
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
    const [, lengthBytes, lengthData, text, nullPositions] = column;
    const lengths = lengthsFrom(lengthData, lengthBytes);
    let offset = 0;
    for (let row = 0; row < rows.length; row += 1) {
      const length = lengths[row]!;
      rows[row]![index] = text.slice(offset, offset + length);
      offset += length;
    }
    for (const row of nullPositions) rows[row]![index] = null;
  } else {
    const values = column[0] === 'int32' ? new Int32Array(hostOrderCopy(column[1], 4)) : new Float64Array(hostOrderCopy(column[1], 8));
    for (let row = 0; row < rows.length; row += 1) rows[row]![index] = values[row]!;
    for (const row of column[2]) rows[row]![index] = null;
  }
}
