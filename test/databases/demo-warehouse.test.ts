import { readFile, mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createDatabaseAdapter } from '../../src/databases/create-database-adapter.js';
import { ensureDemoWarehouse } from '../../src/databases/demo-warehouse.js';
import type { Clock } from '../../src/support/clock-and-ids.js';
import { databaseConfig, QUERY_OPTIONS } from './database-test-helpers.js';

let directory: string;

// A fixed clock: the demo's two years end the day before it.
const DECEMBER_THIRD: Clock = () => new Date('2026-12-03T12:26:00Z');

const CHECKSUM_SQL = `
SELECT
  (SELECT md5(string_agg(c::VARCHAR, '|' ORDER BY customer_id)) FROM customers c) ||
  (SELECT md5(string_agg(o::VARCHAR, '|' ORDER BY order_id)) FROM orders o) ||
  (SELECT md5(string_agg(l::VARCHAR, '|' ORDER BY order_line_id)) FROM order_lines l) AS checksum`;

async function inspect(path: string): Promise<{ counts: number[]; checksum: string; dateRange: string[] }> {
  const adapter = await createDatabaseAdapter(databaseConfig({ type: 'duckdb', name: 'demo', path }));
  try {
    const counts = await adapter.runQuery(
      `SELECT (SELECT count(*) FROM regions), (SELECT count(*) FROM customers), (SELECT count(*) FROM products),
              (SELECT count(*) FROM orders), (SELECT count(*) FROM order_lines)`,
      QUERY_OPTIONS,
    );
    const checksum = await adapter.runQuery(CHECKSUM_SQL, QUERY_OPTIONS);
    const dates = await adapter.runQuery(`SELECT min(order_date), max(order_date) FROM orders`, QUERY_OPTIONS);
    return { counts: counts.rows[0] as number[], checksum: String(checksum.rows[0]![0]), dateRange: dates.rows[0] as string[] };
  } finally {
    await adapter.close();
  }
}

beforeAll(async () => {
  directory = await mkdtemp(join(tmpdir(), 'datathread-demo-'));
});

afterAll(async () => {
  await rm(directory, { recursive: true, force: true });
});

test('builds a realistic sales warehouse of the two years up to yesterday, leaving only the final file', async () => {
  const path = join(directory, 'nested', 'demo.duckdb');
  await ensureDemoWarehouse(path, DECEMBER_THIRD);
  expect(await readdir(join(directory, 'nested'))).toEqual(['demo.duckdb']);

  const { counts, dateRange } = await inspect(path);
  const [regions, customers, products, orders, orderLines] = counts;
  expect(regions).toBeGreaterThanOrEqual(5);
  expect(regions).toBeLessThanOrEqual(8);
  expect(customers).toBe(500);
  expect(products).toBe(40);
  expect(orders).toBeGreaterThan(2_000);
  expect(orders).toBeLessThan(6_000);
  expect(orderLines).toBeGreaterThan(orders!);
  expect(dateRange).toEqual(['2024-12-03', '2026-12-02']);
});

test('the data has shape: growth year over year, a Q4 peak, no orders before signup', async () => {
  const path = join(directory, 'shape.duckdb');
  await ensureDemoWarehouse(path, DECEMBER_THIRD);
  const adapter = await createDatabaseAdapter(databaseConfig({ type: 'duckdb', name: 'demo', path }));
  const yearly = await adapter.runQuery(
    `SELECT CASE WHEN order_date < DATE '2025-12-03' THEN 1 ELSE 2 END AS fiscal_year, count(*) AS orders
     FROM orders GROUP BY 1 ORDER BY 1`,
    QUERY_OPTIONS,
  );
  const [first, second] = yearly.rows.map((row) => row[1] as number);
  expect(second).toBeGreaterThan(first! * 1.15);
  const quarters = await adapter.runQuery(`SELECT quarter(order_date) AS q, count(*) FROM orders GROUP BY 1 ORDER BY 2 DESC`, QUERY_OPTIONS);
  expect(quarters.rows[0]![0]).toBe(4);
  const impossible = await adapter.runQuery(
    `SELECT count(*) FROM orders o JOIN customers c USING (customer_id) WHERE c.signup_date > o.order_date`,
    QUERY_OPTIONS,
  );
  expect(impossible.rows).toEqual([[0]]);
  await adapter.close();
});

test('is deterministic, and a second call leaves the existing file alone', async () => {
  const firstPath = join(directory, 'first.duckdb');
  const secondPath = join(directory, 'second.duckdb');
  await ensureDemoWarehouse(firstPath, DECEMBER_THIRD);
  await ensureDemoWarehouse(secondPath, DECEMBER_THIRD);
  expect((await inspect(firstPath)).checksum).toBe((await inspect(secondPath)).checksum);

  const before = await stat(firstPath);
  const bytesBefore = await readFile(firstPath);
  await ensureDemoWarehouse(firstPath, DECEMBER_THIRD);
  const after = await stat(firstPath);
  expect(after.mtimeMs).toBe(before.mtimeMs);
  expect((await readFile(firstPath)).equals(bytesBefore)).toBe(true);
});

test('the last quarter before today has orders, and a file built on an earlier day is rebuilt to end yesterday', async () => {
  const path = join(directory, 'ages.duckdb');
  await ensureDemoWarehouse(path, DECEMBER_THIRD);
  const lastQuarter = async () => {
    const adapter = await createDatabaseAdapter(databaseConfig({ type: 'duckdb', name: 'demo', path }));
    try {
      const result = await adapter.runQuery(
        `SELECT count(*), max(order_date) FROM orders
         WHERE order_date >= date_trunc('quarter', DATE '2026-12-03') - INTERVAL 3 MONTH AND order_date < date_trunc('quarter', DATE '2026-12-03')`,
        QUERY_OPTIONS,
      );
      return result.rows[0]!;
    } finally {
      await adapter.close();
    }
  };
  const [ordersLastQuarter, lastDay] = await lastQuarter();
  expect(ordersLastQuarter).toBeGreaterThan(300);
  expect(lastDay).toBe('2026-09-30');

  await ensureDemoWarehouse(path, () => new Date('2027-03-15T08:00:00Z'));
  const { dateRange, counts } = await inspect(path);
  expect(dateRange).toEqual(['2025-03-15', '2027-03-14']);
  expect(counts[1]).toBe(500);
  expect(await readdir(directory)).not.toContainEqual(expect.stringMatching(/\.tmp/));
});
