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
  ['clickhouse', 'SELECT region FROM sales WHERE id GLOBAL IN (SELECT id FROM returns)'],
  ['clickhouse', 'SELECT region FROM sales WHERE id GLOBAL NOT IN (SELECT id FROM returns)'],
  ['clickhouse', 'SELECT t.symbol, q.price FROM trades AS t ASOF LEFT JOIN quotes AS q ON t.symbol = q.symbol AND t.at >= q.at'],
  ['clickhouse', 'SELECT s.id, r.reason FROM sales AS s LEFT ANY JOIN returns AS r USING (id)'],
  ['clickhouse', 'SELECT s.id FROM sales AS s GLOBAL ANY INNER JOIN returns AS r USING (id)'],
  ['clickhouse', 'SELECT s.id FROM sales AS s LEFT SEMI JOIN returns AS r USING (id)'],
  ['mysql', 'SELECT region, year, sum(amount) AS total FROM sales GROUP BY region, year WITH ROLLUP'],
  ['starrocks', 'SELECT region, sum(amount) FROM sales GROUP BY region WITH ROLLUP'],
  ['starrocks', "SELECT map{'north': 1, 'south': 2} AS regions, map{1: map{2: 3}}[1] AS nested"],
  ['mssql', 'SELECT o.id, c.name FROM orders AS o INNER HASH JOIN customers AS c ON c.id = o.customer_id'],
  ['mssql', 'SELECT o.id FROM orders AS o LEFT OUTER MERGE JOIN customers AS c ON c.id = o.customer_id OPTION (MAXDOP 1)'],
  ['mssql', "SELECT TOP 10 * FROM orders OPTION (RECOMPILE, MAXDOP 4, LABEL = 'weekly report');"],
  ['mssql', "SELECT * FROM orders OPTION (USE HINT ('DISABLE_OPTIMIZED_NESTED_LOOP'))"],
  ['redshift', 'SELECT APPROXIMATE COUNT(DISTINCT user_id) AS users FROM events'],
  ['redshift', 'SELECT APPROXIMATE PERCENTILE_DISC(0.5) WITHIN GROUP (ORDER BY amount) FROM sales'],
  ['trino', "SELECT * FROM iceberg.web.orders FOR TIMESTAMP AS OF TIMESTAMP '2024-01-01 00:00:00 UTC'"],
  ['trino', 'SELECT o.id FROM iceberg.web.orders FOR VERSION AS OF 8954597067493422955 o JOIN customers c ON c.id = o.customer_id'],
  ['trino', "SELECT count(*) FROM orders FOR TIMESTAMP AS OF current_timestamp - INTERVAL '1' DAY WHERE status = 'open'"],
  ['trino', 'SELECT CAST(tags AS ARRAY(VARCHAR)) FROM events'],
  ['trino', 'SELECT TRY_CAST(json_parse(payload) AS MAP(VARCHAR, ROW(a BIGINT, "b" DOUBLE))) FROM events'],
  ['athena', "SELECT * FROM web.orders FOR TIMESTAMP AS OF TIMESTAMP '2024-01-01 00:00:00 UTC'"],
  ['athena', 'SELECT CAST(tags AS ARRAY(VARCHAR)) FROM web.events'],
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
  ['clickhouse', "SELECT s.id FROM sales AS s ANY LEFT JOIN file('returns.csv') AS r USING (id)", 'Function file is not allowed'],
  ['clickhouse', "SELECT id FROM sales WHERE id GLOBAL IN (SELECT id FROM url('http://169.254.169.254/'))", 'Function url is not allowed'],
  ['mysql', "SELECT region, sum(amount) FROM sales GROUP BY region WITH ROLLUP INTO OUTFILE '/tmp/x'", 'INTO'],
  ['starrocks', "SELECT map{'a': files('s3://bucket/x')}", 'Function files is not allowed'],
  ['mssql', 'SELECT * FROM orders OPTION (TABLE HINT(orders, UPDLOCK))', 'Table hint UPDLOCK is not allowed'],
  ['mssql', 'SELECT * FROM orders OPTION (OPTIMIZE FOR (@p = 1))', 'could not be parsed'],
  ['mssql', 'SELECT * FROM orders OPTION (MAXDOP 1) UNION SELECT * FROM orders', 'could not be parsed'],
  ['mssql', 'SELECT * FROM a INNER HASH JOIN OPENQUERY(linked, \'SELECT 1\') AS b ON 1 = 1', 'Function openquery is not allowed'],
  ['redshift', "SELECT APPROXIMATE COUNT(DISTINCT pg_read_file('/etc/passwd'))", 'Function pg_read_file is not allowed'],
  ['trino', 'SELECT * FROM orders FOR TIMESTAMP AS OF (SELECT max(at) FROM audit)', 'could not be parsed'],
  ['trino', "SELECT CAST(x AS ARRAY(VARCHAR)) FROM TABLE(pg.system.query(query => 'DELETE FROM t'))", 'Function query is not allowed'],
];

describe('what stays refused beside them', () => {
  it.each(STILL_REFUSED)('on %s: %s', (dialect, sql, reason) => {
    const result = verdict(sql, dialect);
    expect(result.allowed).toBe(false);
    expect(result.allowed ? '' : result.reason).toContain(reason);
  });
});

describe('refusals name what was refused and why', () => {
  it('names an inline Trino function as what is refused, not a transaction statement', () => {
    for (const dialect of ['trino', 'athena'] as const) {
      const result = verdict('WITH FUNCTION doubled(x integer) RETURNS integer BEGIN RETURN x * 2; END SELECT doubled(amount) FROM orders', dialect);
      expect(result.allowed ? '' : result.reason).toBe(
        'Inline functions (WITH FUNCTION …) are not run: their body is code the statement gate cannot read. Write the logic as an expression in the SELECT instead.',
      );
    }
  });


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
