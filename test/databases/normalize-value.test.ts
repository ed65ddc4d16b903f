import { describe, expect, test } from 'vitest';
import {
  blobPlaceholder,
  formatDateOnly,
  normalizeBigInt,
  normalizeDecimalText,
  normalizeIntegerText,
  normalizeNaiveTimestampText,
  normalizeValue,
  normalizeZonedTimestampText,
} from '../../src/databases/normalize-value.js';

describe('normalizeValue', () => {
  test('bigints stay exact: numbers within 2^53, strings beyond', () => {
    expect(normalizeValue(42n)).toBe(42);
    expect(normalizeValue(-9007199254740991n)).toBe(-9007199254740991);
    expect(normalizeValue(9007199254740993n)).toBe('9007199254740993');
    expect(normalizeBigInt(-9007199254740993n)).toBe('-9007199254740993');
    expect(normalizeIntegerText('9007199254740993')).toBe('9007199254740993');
    expect(normalizeIntegerText('-17')).toBe(-17);
  });

  test('NaN and infinities become null; other numbers pass', () => {
    expect(normalizeValue(Number.NaN)).toBeNull();
    expect(normalizeValue(Number.POSITIVE_INFINITY)).toBeNull();
    expect(normalizeValue(Number.NEGATIVE_INFINITY)).toBeNull();
    expect(normalizeValue(1.5)).toBe(1.5);
  });

  test('dates, buffers, nested values', () => {
    expect(normalizeValue(new Date('2024-03-05T06:07:08.009Z'))).toBe('2024-03-05T06:07:08.009Z');
    expect(normalizeValue(new Date('invalid'))).toBeNull();
    expect(formatDateOnly(new Date('2024-03-05T00:00:00Z'))).toBe('2024-03-05');
    expect(normalizeValue(Buffer.from([1, 2, 3]))).toBe('<blob 3 bytes>');
    expect(blobPlaceholder(0)).toBe('<blob 0 bytes>');
    expect(normalizeValue({ a: [1n, Number.NaN, null], b: { c: undefined } })).toEqual({ a: [1, null, null], b: { c: null } });
    expect(normalizeValue(undefined)).toBeNull();
    expect(normalizeValue(true)).toBe(true);
  });

  test('objects with their own printing (intervals, ranges) become their text', () => {
    class Interval {
      toString(): string {
        return '1 day';
      }
    }
    expect(normalizeValue(new Interval())).toBe('1 day');
  });

  test('decimal text: a number while a double prints it back, the digits past that, null for NaN and infinities', () => {
    expect(normalizeDecimalText('12.50')).toBe(12.5);
    expect(normalizeDecimalText('-0.10')).toBe(-0.1);
    expect(normalizeDecimalText('12345678901234567890.5')).toBe('12345678901234567890.5');
    expect(normalizeDecimalText('NaN')).toBeNull();
    expect(normalizeDecimalText('-Infinity')).toBeNull();
    expect(normalizeDecimalText(`1${'0'.repeat(400)}`)).toBe(`1${'0'.repeat(400)}`);
  });

  test('timestamps without a zone become ISO 8601 with milliseconds and no offset', () => {
    expect(normalizeNaiveTimestampText('2024-01-02 03:04:05')).toBe('2024-01-02T03:04:05.000');
    expect(normalizeNaiveTimestampText('2024-01-02T03:04:05.5')).toBe('2024-01-02T03:04:05.500');
    expect(normalizeNaiveTimestampText('2024-01-02 03:04:05.123456')).toBe('2024-01-02T03:04:05.123');
    expect(normalizeNaiveTimestampText('infinity')).toBe('infinity');
  });

  test('timestamps with a zone or offset become the instant in UTC with Z', () => {
    expect(normalizeZonedTimestampText('2024-01-02 03:04:05.123 UTC')).toBe('2024-01-02T03:04:05.123Z');
    expect(normalizeZonedTimestampText('2024-01-02 03:04:05+00')).toBe('2024-01-02T03:04:05.000Z');
    expect(normalizeZonedTimestampText('2024-01-02 03:04:05.5 +01:30')).toBe('2024-01-02T01:34:05.500Z');
    expect(normalizeZonedTimestampText('2024-07-02 03:04:05.250 Europe/Paris')).toBe('2024-07-02T01:04:05.250Z');
    expect(normalizeZonedTimestampText('2024-01-02 03:04:05 America/Argentina/Buenos_Aires')).toBe('2024-01-02T06:04:05.000Z');
    expect(normalizeZonedTimestampText('2024-01-02 03:04:05 Nowhere/Atlantis')).toBe('2024-01-02 03:04:05 Nowhere/Atlantis');
  });
});
