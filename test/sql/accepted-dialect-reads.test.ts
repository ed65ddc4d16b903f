// Read syntax analysts type on each warehouse that the gate accepts, each beside the nearest thing
// it still refuses, and refusals that name what was refused and why.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Dialect } from '../../src/databases/dialects.js';
import { checkReadOnly, initStatementGate } from '../../src/sql/statement-gate.js';

beforeAll(async () => {
  await initStatementGate();
});

function verdict(sql: string, dialect: Dialect) {
  return checkReadOnly(sql, { dialect, allowFileAccess: false });
}

const ACCEPTED: Array<[Dialect, string]> = [
  ['snowflake', "SELECT * FROM analytics.public.orders AT(TIMESTAMP => '2024-06-01 00:00:00'::timestamp_ltz)"],
  ['snowflake', "SELECT o.id FROM orders BEFORE(STATEMENT => '8e5d0ca9-005e-44e6-b858-a8f5b37c5726') AS o"],
  ['snowflake', 'SELECT count(*) FROM orders AT(OFFSET => -60 * 5)'],
  ['snowflake', 'DESCRIBE TABLE analytics.public.orders'],
  ['snowflake', "SELECT 'it\\'s' AS quoted, payload:customer.name::string AS name FROM events"],
  ['databricks', 'DESCRIBE TABLE main.sales.orders'],
  ['databricks', 'DESCRIBE TABLE EXTENDED main.sales.orders'],
  ['databricks', 'SHOW PARTITIONS main.sales.orders'],
  ['databricks', "SELECT 'it\\'s' AS quoted, \"say \\\"hi\\\"\" AS greeting FROM main.sales.orders"],
  ['athena', 'SHOW PARTITIONS web.clicks'],
  ['mysql', 'SHOW CREATE TABLE sales'],
  ['mysql', 'SHOW INDEX FROM sales'],
  ['mysql', 'SHOW KEYS IN shop.sales'],
  ['starrocks', 'SHOW CREATE TABLE sales'],
  ['clickhouse', 'SHOW CREATE TABLE sales'],
];

describe('read syntax the gate accepts', () => {
  it.each(ACCEPTED)('on %s: %s', (dialect, sql) => {
    expect(verdict(sql, dialect)).toMatchObject({ allowed: true, statementCount: 1 });
  });
});

const STILL_REFUSED: Array<[Dialect, string, string]> = [
  ['snowflake', "SELECT * FROM orders AT(TIMESTAMP => (SELECT system$wait(10)))", 'Function system$wait is not allowed'],
  ['snowflake', 'SELECT $1 FROM @raw_stage/orders.csv', 'Reading a stage (@name) is not allowed'],
  ['databricks', 'DESCRIBE TABLE `parquet`.`/mnt/raw/orders`', 'could not be parsed'],
  ['databricks', "SELECT 'it\\'s' FROM `parquet`.`/mnt/raw/orders`", "Reading the file '/mnt/raw/orders' as a table is not allowed"],
  ['databricks', "SELECT 'a\\\\', read_files('/mnt/raw') -- '", 'Function read_files is not allowed'],
  ['databricks', 'DESCRIBE TABLE main.sales.orders; DROP TABLE main.sales.orders', 'DROP'],
  ['mysql', 'SHOW INDEX FROM sales; DELETE FROM sales', 'SHOW INDEX'],
];

describe('what stays refused beside them', () => {
  it.each(STILL_REFUSED)('on %s: %s', (dialect, sql, reason) => {
    const result = verdict(sql, dialect);
    expect(result.allowed).toBe(false);
    expect(result.allowed ? '' : result.reason).toContain(reason);
  });
});

describe('refusals name what was refused and why', () => {
  it.each([
    ['clickhouse', 'SHOW INDEX FROM sales', 'SHOW INDEX'],
    ['mysql', 'SHOW GRANTS', 'SHOW GRANTS'],
    ['duckdb', "SHOW 'orders.csv'", 'This SHOW statement'],
  ] as Array<[Dialect, string, string]>)('on %s: %s', (dialect, sql, label) => {
    const result = verdict(sql, dialect);
    expect(result.allowed ? '' : result.reason).toMatch(new RegExp(`^${label} is not run here: the statement gate cannot check what this SHOW statement reads\\.`));
    expect(result.allowed ? '' : result.reason).not.toContain('VARIABLE');
  });
});
