// The stored-rows format on its own: which columns take which form, and that decoding gives back
// exactly the rows that were encoded (the store contract checks the same through both stores).
import { describe, expect, it } from 'vitest';
import type { JsonValue } from '../../src/databases/types.js';
import { COLUMNS_V1_FORMAT, decodeResultRows, encodeResultRows, JSON_ROWS_FORMAT } from '../../src/store/result-rows-encoding.js';

function roundTrip(rows: JsonValue[][], columnCount: number): { format: string; rows: JsonValue[][] } {
  const encoded = encodeResultRows(rows, columnCount);
  return { format: encoded.format, rows: decodeResultRows(encoded.format, encoded.data) };
}

describe('stored result rows', () => {
  it('keeps numbers, nulls, -0 and values beyond float precision as the driver gave them', () => {
    const rows: JsonValue[][] = [[0, -0, null], [1.1, 2 ** 53 + 2, 1e-300], [null, -7, Number.MAX_VALUE]];
    const decoded = roundTrip(rows, 3);
    expect(decoded.format).toBe(COLUMNS_V1_FORMAT);
    expect(decoded.rows).toEqual(rows);
    expect(Object.is(decoded.rows[0]![1], -0)).toBe(true);
  });

  it('stores a column of 32-bit integers in 4 bytes a value, and a -0 among integers still as -0', () => {
    const integers: JsonValue[][] = Array.from({ length: 1000 }, (_, index) => [index - 500, index % 10 === 0 ? null : 2 ** 31 - 1]);
    expect(encodeResultRows(integers, 2).data.length).toBeLessThan(1000 * 2 * 4 + 600);
    expect(roundTrip(integers, 2).rows).toEqual(integers);
    const withMinusZero = roundTrip([[1], [-0], [2 ** 31]], 1).rows;
    expect(Object.is(withMinusZero[1]![0], -0)).toBe(true);
    expect(withMinusZero[2]![0]).toBe(2 ** 31);
  });

  it('keeps strings with any characters, empty strings and nulls apart', () => {
    const rows: JsonValue[][] = [[''], [null], ['a\u0000b'], ['😀 “x” \\ \n'], ['null'], ['']];
    expect(roundTrip(rows, 1)).toEqual({ format: COLUMNS_V1_FORMAT, rows });
  });

  it('keeps strings longer than one or two bytes can count, next to short ones and nulls', () => {
    for (const long of ['y'.repeat(300), 'z'.repeat(70_000)]) {
      const rows: JsonValue[][] = [['a'], [long], [null], ['']];
      expect(roundTrip(rows, 1)).toEqual({ format: COLUMNS_V1_FORMAT, rows });
    }
  });

  it('keeps a high and a low surrogate in neighbouring rows as two values, not one character', () => {
    const rows: JsonValue[][] = [['\ud83d'], ['\ude00']];
    expect(roundTrip(rows, 1).rows).toEqual(rows);
  });

  it('stores a result holding a lone surrogate as JSON, which escapes it', () => {
    const rows: JsonValue[][] = [['a\ud800b', 1]];
    expect(roundTrip(rows, 2)).toEqual({ format: JSON_ROWS_FORMAT, rows });
  });

  it('keeps objects as plain data: a "__proto__" key stays a key and sets no prototype', () => {
    const rows = [[JSON.parse('{"__proto__": {"polluted": true}, "a": [1, {"b": null}]}') as JsonValue, true]];
    const decoded = roundTrip(rows, 2).rows;
    expect(decoded).toEqual(rows);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.getPrototypeOf(decoded[0]![0])).toBe(Object.prototype);
  });

  it('gives rows with every column for a result without rows', () => {
    expect(roundTrip([], 4)).toEqual({ format: COLUMNS_V1_FORMAT, rows: [] });
  });

  it('reads results stored as JSON text before the column format', () => {
    expect(decodeResultRows(JSON_ROWS_FORMAT, Buffer.from('[[1,"a"],[null,true]]'))).toEqual([[1, 'a'], [null, true]]);
  });

  it('refuses a format it does not know rather than guessing', () => {
    expect(() => decodeResultRows('arrow-v9', Buffer.alloc(0))).toThrow('unknown format "arrow-v9"');
  });
});
