import { describe, expect, test } from 'vitest';
import { clickhouseValueConverter, dateTimeZone } from '../../src/databases/clickhouse/clickhouse-values.js';
import { wallTimeInZoneToUtc } from '../../src/databases/normalize-value.js';

describe('ClickHouse DateTime values', () => {
  test('the zone a DateTime type names, or none', () => {
    expect(dateTimeZone('datetime')).toBe('');
    expect(dateTimeZone('datetime64(3)')).toBe('');
    expect(dateTimeZone("datetime('europe/paris')")).toBe('europe/paris');
    expect(dateTimeZone("nullable(datetime64(6, 'utc'))")).toBe('utc');
    expect(dateTimeZone('date')).toBeNull();
    expect(dateTimeZone('string')).toBeNull();
  });

  test('wall-clock text in a named zone becomes the instant in UTC, on both sides of a daylight-saving change', () => {
    expect(wallTimeInZoneToUtc('2024-01-02 03:04:05.123', 'utc')).toBe('2024-01-02T03:04:05.123Z');
    expect(wallTimeInZoneToUtc('2024-01-02 03:04:05', 'Europe/Paris')).toBe('2024-01-02T02:04:05.000Z');
    expect(wallTimeInZoneToUtc('2024-07-02 03:04:05', 'europe/paris')).toBe('2024-07-02T01:04:05.000Z');
    expect(wallTimeInZoneToUtc('2024-03-31 04:00:00', 'Europe/Paris')).toBe('2024-03-31T02:00:00.000Z');
  });

  test('a DateTime without a zone keeps its wall-clock time in ISO form; with one it is an instant', () => {
    expect(clickhouseValueConverter('datetime64(3)')('2024-01-02 03:04:05.123')).toBe('2024-01-02T03:04:05.123');
    expect(clickhouseValueConverter("datetime('asia/tokyo')")('2024-01-02 09:00:00')).toBe('2024-01-02T00:00:00.000Z');
    expect(clickhouseValueConverter("nullable(datetime('utc'))")(null)).toBeNull();
  });
});
