// Tables for people: one formatter for Slack, Teams and story files. Raw values stay as they are
// in the store and the CSV; only what the table shows changes.
import { describe, expect, it } from 'vitest';
import type { JsonValue, QueryColumn } from '../../src/databases/types.js';
import { formatResultTable } from '../../src/tables/format-result-table.js';

function table(columns: [string, string][], rows: JsonValue[][], options = {}) {
  const queryColumns: QueryColumn[] = columns.map(([name, type]) => ({ name, type }));
  return formatResultTable({ columns: queryColumns, rows }, options);
}

describe('formatResultTable', () => {
  it('writes dates at the granularity of their column', () => {
    const monthly = table([['month', 'timestamp']], [['2025-01-01T00:00:00.000'], ['2025-02-01T00:00:00.000'], ['2025-03-01T00:00:00.000']]);
    expect(monthly.rows.map((row) => row[0])).toEqual(['2025-01', '2025-02', '2025-03']);
    const daily = table([['day', 'date']], [['2025-01-03'], ['2025-01-04']]);
    expect(daily.rows.map((row) => row[0])).toEqual(['2025-01-03', '2025-01-04']);
    const lone = table([['day', 'date']], [['2025-01-01']]);
    expect(lone.rows[0]).toEqual(['2025-01-01']);
    const timed = table([['at', 'timestamp']], [['2025-01-03T09:30:00.000'], ['2025-01-03T00:00:00.000']]);
    expect(timed.rows.map((row) => row[0])).toEqual(['2025-01-03 09:30', '2025-01-03 00:00']);
    const seconds = table([['at', 'timestamp']], [['2025-01-03 09:30:15']]);
    expect(seconds.rows[0]).toEqual(['2025-01-03 09:30:15']);
    expect(monthly.alignments).toEqual(['left']);
  });

  it('writes money with thousands separators and two decimals, right-aligned', () => {
    const result = table([['region', 'varchar'], ['revenue', 'decimal(18,2)']], [['Singapore', '4885141.34'], ['Oslo', 1200.5], ['Lima', -73.456]]);
    expect(result.rows).toEqual([['Singapore', '4,885,141.34'], ['Oslo', '1,200.50'], ['Lima', '−73.46']]);
    expect(result.alignments).toEqual(['left', 'right']);
  });

  it('writes counts as whole numbers with separators, and plain decimals with at most two places', () => {
    const result = table([['orders', 'bigint'], ['avg_items', 'double']], [['1234567', 2.3456], [42, 0.004321]]);
    expect(result.rows).toEqual([['1,234,567', '2.35'], ['42', '0.0043']]);
  });

  it('writes percentages with a % sign: shares (0–1) times 100, percent columns as they are', () => {
    const result = table([['conversion_rate', 'double'], ['growth_pct', 'double']], [[0.1234, 12.345], [1, -3]]);
    expect(result.rows).toEqual([['12.3%', '12.3%'], ['100%', '−3%']]);
  });

  it('shows NULL as a dash, and keeps the column format for the values beside it', () => {
    const result = table([['month', 'date'], ['revenue', 'decimal'], ['note', 'varchar']], [['2025-01-01', null, null], ['2025-02-01', '10.5', 'ok']]);
    expect(result.rows).toEqual([['2025-01', '—', '—'], ['2025-02', '10.50', 'ok']]);
  });

  it('writes numbers short when space is short, and leaves text alone', () => {
    const result = table([['city', 'varchar'], ['revenue', 'double'], ['visits', 'integer']], [['Singapore', 4885141.34, 12500], ['Oslo', 950.5, 999]], { compact: true });
    expect(result.rows).toEqual([['Singapore', '4.9M', '12.5k'], ['Oslo', '950.50', '999']]);
  });

  it('gives a wide table column widths from its content, never narrower than its longest word', () => {
    const columns: [string, string][] = [['country', 'varchar'], ['id', 'integer'], ['description', 'varchar'], ['a', 'integer'], ['b', 'integer'], ['c', 'integer'], ['d', 'integer'], ['e', 'integer'], ['f', 'integer']];
    const result = table(columns, [['Singapore', 1, 'A long free-text description of the account', 1, 2, 3, 4, 5, 6]], { maxColumns: 8 });
    expect(result.header).toHaveLength(8);
    expect(result.widths[0]).toBe('Singapore'.length);
    expect(result.widths[1]).toBe(2);
    expect(result.widths[2]).toBeGreaterThan(result.widths[0]!);
    expect(result.rows[0]![0]).toBe('Singapore');
  });

  it('cuts long cells with an ellipsis and caps the rows', () => {
    const result = table([['text', 'varchar']], [['x'.repeat(100)], ['y'], ['z']], { maxCellCharacters: 10, maxRows: 2 });
    expect(result.rows).toEqual([[`${'x'.repeat(9)}…`], ['y']]);
  });
});
