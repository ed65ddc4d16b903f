// The execution-accuracy comparer on its own, on the cases that make naive comparers wrong.
import { describe, expect, it } from 'vitest';
import { compareResults, type ComparedResult } from '../../src/evaluation/result-comparer.js';
import { hasOuterOrderBy } from '../../src/evaluation/outer-order-by.js';

const result = (columns: string[], rows: ComparedResult['rows']): ComparedResult => ({ columns, rows });
const unordered = { ordered: false };
const ordered = { ordered: true };

describe('compareResults', () => {
  it('treats rows as a multiset: duplicates must occur as often on both sides', () => {
    const gold = result(['region'], [['North'], ['North'], ['South']]);
    expect(compareResults(gold, result(['r'], [['South'], ['North'], ['North']]), unordered).equal).toBe(true);
    const fewerDuplicates = compareResults(gold, result(['r'], [['South'], ['South'], ['North']]), unordered);
    expect(fewerDuplicates).toEqual({ equal: false, reason: 'no column holds the values of gold column "region"' });
    expect(compareResults(gold, result(['r'], [['North'], ['South']]), unordered)).toEqual({ equal: false, reason: '2 rows instead of 3' });
  });

  it('ignores column names and order, matching columns by their values', () => {
    const gold = result(['region', 'total'], [['North', 300], ['South', 50]]);
    const permuted = compareResults(gold, result(['sum_amount', 'name'], [[50, 'South'], [300, 'North']]), unordered);
    expect(permuted).toEqual({ equal: true, columnMapping: [1, 0] });
  });

  it('keeps rows together: the same column values combined into other rows are not equal', () => {
    const gold = result(['region', 'total'], [['North', 300], ['South', 50]]);
    const recombined = compareResults(gold, result(['region', 'total'], [['North', 50], ['South', 300]]), unordered);
    expect(recombined).toEqual({ equal: false, reason: 'the columns match one by one, but the rows combine them differently' });
  });

  it('allows extra columns in the agent result when every gold column is there, never fewer', () => {
    const gold = result(['total'], [[300], [50]]);
    expect(compareResults(gold, result(['region', 'orders', 'total'], [['North', 3, 300], ['South', 1, 50]]), unordered)).toEqual({ equal: true, columnMapping: [2] });
    expect(compareResults(result(['region', 'total'], [['North', 300]]), result(['total'], [[300]]), unordered)).toEqual({
      equal: false,
      reason: '1 columns, fewer than the 2 of the gold result',
    });
  });

  it('picks the right one of two agent columns holding the same values, so duplicate-looking columns do not confuse it', () => {
    const gold = result(['a', 'b'], [[1, 2], [2, 1]]);
    expect(compareResults(gold, result(['x', 'y'], [[2, 1], [1, 2]]), unordered).equal).toBe(true);
    expect(compareResults(gold, result(['x', 'y', 'z'], [[1, 1, 2], [2, 2, 1]]), unordered)).toEqual({ equal: true, columnMapping: [0, 2] });
  });

  it('accepts float noise within a relative 1e-6 and refuses real differences', () => {
    const gold = result(['average'], [[0.1 + 0.2], [1234567.891]]);
    expect(compareResults(gold, result(['avg'], [[0.3], [1234567.8915]]), unordered).equal).toBe(true);
    expect(compareResults(gold, result(['avg'], [[0.3], [1234570]]), unordered).equal).toBe(false);
    expect(compareResults(result(['zero'], [[0]]), result(['zero'], [[0.1 + 0.2 - 0.3]]), unordered).equal).toBe(true);
    // Decimals that a double cannot hold come as digits from the adapters.
    expect(compareResults(result(['total'], [['9007199254740993']]), result(['total'], [[9007199254740992]]), unordered).equal).toBe(true);
  });

  it('compares dates and timestamps as instants, whatever their written form', () => {
    const gold = result(['day'], [['2024-02-29'], ['2024-03-01T10:30:00.000Z']]);
    const agent = result(['day'], [['2024-03-01 12:30:00+02:00'], ['2024-02-29T00:00:00']]);
    expect(compareResults(gold, agent, unordered).equal).toBe(true);
    expect(compareResults(result(['day'], [['2024-02-29']]), result(['day'], [['2024-02-29T00:00:01']]), unordered).equal).toBe(false);
  });

  it('holds NULL equal to NULL and different from zero or empty text', () => {
    const gold = result(['region', 'total'], [[null, 5], ['North', null]]);
    expect(compareResults(gold, result(['r', 't'], [['North', null], [null, 5]]), unordered).equal).toBe(true);
    expect(compareResults(gold, result(['r', 't'], [['North', 0], ['', 5]]), unordered).equal).toBe(false);
  });

  it('requires the gold order only when asked to', () => {
    const gold = result(['region', 'total'], [['North', 300], ['South', 50]]);
    const reversed = result(['region', 'total'], [['South', 50], ['North', 300]]);
    expect(compareResults(gold, reversed, unordered).equal).toBe(true);
    expect(compareResults(gold, reversed, ordered)).toEqual({
      equal: false,
      reason: 'the same rows in another order; first difference at row 1: gold (region = North, total = 300), agent (region = South, total = 50)',
    });
    expect(compareResults(gold, result(['t', 'r'], [[300, 'North'], [50, 'South']]), ordered).equal).toBe(true);
  });

  describe('an ordered (top-N) result that is not the gold says where it first departs', () => {
    const top5 = result(['product', 'revenue'], [['A', 500], ['B', 400], ['C', 300], ['D', 200], ['E', 100]]);

    it('the same rows in another order: the first row out of place, gold against agent', () => {
      const swapped = result(['product', 'revenue'], [['A', 500], ['B', 400], ['D', 200], ['C', 300], ['E', 100]]);
      expect(compareResults(top5, swapped, unordered).equal).toBe(true);
      expect(compareResults(top5, swapped, ordered)).toEqual({
        equal: false,
        reason: 'the same rows in another order; first difference at row 3: gold (product = C, revenue = 300), agent (product = D, revenue = 200)',
      });
    });

    it("names the agent's own columns, lined up with the gold's, when they are named and placed otherwise", () => {
      const reordered = result(['net', 'name', 'orders'], [[500, 'A', 9], [400, 'B', 8], [200, 'D', 7], [300, 'C', 6], [100, 'E', 5]]);
      expect(compareResults(top5, reordered, ordered)).toEqual({
        equal: false,
        reason: 'the same rows in another order; first difference at row 3: gold (product = C, revenue = 300), agent (name = D, net = 200)',
      });
    });

    it('a row that differs: the reason, then the first differing row', () => {
      const oneWrong = result(['product', 'revenue'], [['A', 500], ['B', 400], ['C', 300], ['D', 250], ['E', 100]]);
      expect(compareResults(top5, oneWrong, ordered)).toEqual({
        equal: false,
        reason: 'no column holds the values of gold column "revenue" in the gold order; first difference at row 4: gold (product = D, revenue = 200), agent (product = D, revenue = 250)',
      });
      // Another product in second place, under another column name: still shown against the product column.
      const otherProduct = result(['revenue', 'item'], [[500, 'A'], [400, 'X'], [300, 'C'], [200, 'D'], [100, 'E']]);
      expect(compareResults(top5, otherProduct, ordered)).toEqual({
        equal: false,
        reason: 'no column holds the values of gold column "product" in the gold order; first difference at row 2: gold (product = B, revenue = 400), agent (item = X, revenue = 400)',
      });
    });

    it('keeps the row count as the reason when the agent returned more or fewer rows', () => {
      expect(compareResults(top5, result(['product', 'revenue'], [['A', 500], ['B', 400], ['C', 300]]), ordered)).toEqual({ equal: false, reason: '3 rows instead of 5' });
    });

    it('an unordered comparison keeps its reasons: no row position means anything there', () => {
      const oneWrong = result(['product', 'revenue'], [['A', 500], ['B', 400], ['C', 300], ['D', 250], ['E', 100]]);
      expect(compareResults(top5, oneWrong, unordered)).toEqual({ equal: false, reason: 'no column holds the values of gold column "revenue"' });
    });
  });

  it('holds two empty results equal, and an empty result unequal to a filled one', () => {
    expect(compareResults(result(['total'], []), result(['sum'], []), unordered).equal).toBe(true);
    expect(compareResults(result(['total'], []), result(['sum'], [[1]]), unordered)).toEqual({ equal: false, reason: '1 rows instead of 0' });
  });
});

describe('hasOuterOrderBy', () => {
  it('sees an ORDER BY of the outermost query only', () => {
    expect(hasOuterOrderBy('SELECT region, sum(amount) FROM sales GROUP BY 1 ORDER BY 2 DESC', 'duckdb')).toBe(true);
    expect(hasOuterOrderBy('SELECT a FROM t UNION ALL SELECT b FROM u ORDER BY 1', 'postgres')).toBe(true);
    expect(hasOuterOrderBy('SELECT * FROM (SELECT a FROM t ORDER BY a LIMIT 3) AS top', 'duckdb')).toBe(false);
    expect(hasOuterOrderBy('WITH r AS (SELECT a FROM t ORDER BY a) SELECT a FROM r', 'duckdb')).toBe(false);
    expect(hasOuterOrderBy('SELECT a, rank() OVER (ORDER BY b) FROM t', 'duckdb')).toBe(false);
    expect(hasOuterOrderBy("SELECT 'order by' AS note -- ORDER BY a\nFROM t", 'duckdb')).toBe(false);
  });
});
