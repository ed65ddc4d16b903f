// The statement gate with the ClickHouse and Trino rules: what each dialect lets through and what
// it refuses before anything reaches the server.
import { beforeAll, describe, expect, it } from 'vitest';
import { checkReadOnly, initStatementGate } from '../../src/sql/statement-gate.js';

beforeAll(async () => {
  await initStatementGate();
});

function verdict(sql: string, dialect: 'clickhouse' | 'trino') {
  return checkReadOnly(sql, { dialect, allowFileAccess: false });
}

describe('ClickHouse gate', () => {
  it.each([
    'SELECT toStartOfMonth(sold_on) AS month, countIf(amount > 1), uniqExact(region) FROM sales GROUP BY month ORDER BY month LIMIT 10',
    'SELECT arrayMap(x -> x * 2, [1, 2, 3])',
    'SELECT number FROM numbers(10)',
    'SELECT * FROM system.tables LIMIT 5',
    'WITH t AS (SELECT 1 AS a) SELECT a FROM t',
    "SELECT 'it\\'s' AS quoted",
    'SHOW TABLES',
    'DESCRIBE TABLE sales',
    'EXISTS TABLE analytics.sales',
    'SELECT region, count() FROM sales GROUP BY region SETTINGS max_threads = 1',
    "SELECT s.id FROM sales AS s LEFT JOIN returns AS r ON r.id = s.id SETTINGS join_use_nulls = 1, join_algorithm = 'hash'",
    "SELECT now() AS at FROM sales SETTINGS session_timezone = 'Europe/Berlin', FINAL = true",
  ])('allows %s', (sql) => {
    expect(verdict(sql, 'clickhouse')).toMatchObject({ allowed: true });
  });

  it.each([
    ["SELECT * FROM url('http://example.com/x.csv', CSV)", 'Function url is not allowed'],
    ["SELECT * FROM file('/etc/passwd', 'LineAsString')", 'Function file is not allowed'],
    ["SELECT * FROM s3('https://bucket/x.parquet')", 'Function s3 is not allowed'],
    ["SELECT * FROM remote('other:9000', db.t)", 'Function remote is not allowed'],
    ["SELECT * FROM mysql('h:3306', 'db', 't', 'u', 'p')", 'Function mysql is not allowed'],
    ["SELECT * FROM postgresql('h:5432', 'db', 't', 'u', 'p')", 'Function postgresql is not allowed'],
    ["SELECT dictGet('d', 'v', toUInt64(1))", 'Function dictget is not allowed'],
    ['SELECT sleep(3)', 'Function sleep is not allowed'],
    ["INSERT INTO FUNCTION file('x.csv') SELECT 1", 'INSERT statements change data'],
    ['ALTER TABLE sales DELETE WHERE 1', 'ALTER'],
    ['SYSTEM SHUTDOWN', 'SYSTEM statements act on the server'],
    ['KILL QUERY WHERE 1', 'KILL statements stop other queries'],
    ['OPTIMIZE TABLE sales FINAL', 'OPTIMIZE statements rewrite table data'],
    ['RENAME TABLE sales TO old_sales', 'RENAME statements change the schema'],
    ['SET readonly = 0', 'SET'],
    ['SELECT count() FROM sales SETTINGS readonly = 0', 'Setting readonly is not allowed'],
    ['SELECT count() FROM sales SETTINGS max_execution_time = 0', 'Setting max_execution_time is not allowed'],
    ['SELECT count() FROM sales SETTINGS max_threads = 1, max_result_rows = 0', 'Setting max_result_rows is not allowed'],
    ["SELECT count() FROM sales SETTINGS result_overflow_mode = 'throw'", 'Setting result_overflow_mode is not allowed'],
    ['SELECT count() FROM sales SETTINGS max_memory_usage = 0', 'Setting max_memory_usage is not allowed'],
    ['SELECT count() FROM sales SETTINGS use_query_cache = 1', 'Setting use_query_cache is not allowed'],
    ['SELECT count() FROM sales SETTINGS max_bytes_before_external_group_by = 1', 'Setting max_bytes_before_external_group_by is not allowed'],
    ['SELECT count() FROM sales SETTINGS max_threads = 1 + 1', 'must be set to a plain number'],
    ['EXPLAIN SELECT count() FROM sales SETTINGS max_execution_time = 0', 'Setting max_execution_time is not allowed'],
    ['WITH t AS (SELECT 1 AS a) SELECT a FROM t SETTINGS readonly = 2', 'Setting readonly is not allowed'],
  ])('refuses %s', (sql, reason) => {
    const result = verdict(sql, 'clickhouse');
    expect(result.allowed).toBe(false);
    expect(result.allowed ? '' : result.reason).toContain(reason);
  });

  // ClickHouse takes a SETTINGS clause on every SELECT; the parser reads one only at the very end.
  it.each([
    'SELECT * FROM (SELECT 1 SETTINGS max_threads = 1)',
    'SELECT region FROM sales WHERE id IN (SELECT id FROM returns SETTINGS max_threads = 1)',
    'WITH t AS (SELECT 1 AS a SETTINGS join_use_nulls = 1) SELECT a FROM t',
    'SELECT 1 AS a SETTINGS max_threads = 1 UNION ALL SELECT 2 SETTINGS join_use_nulls = 1',
    'SELECT * FROM (SELECT * FROM (SELECT 1 SETTINGS max_threads = 2) SETTINGS final = 1) SETTINGS max_threads = 4',
    'SELECT * FROM (SELECT 1 SETTINGS `max_threads` = 1, "join_use_nulls" = true)',
    'SELECT * FROM (SELECT 1 SETTINGS join_use_nulls)',
    'SELECT * FROM (SELECT 1 SETTINGS /* why */ max_threads = 1 -- note\n, join_use_nulls = 1)',
    "SELECT * FROM (SELECT 'SETTINGS readonly = 0' AS text) -- SETTINGS readonly = 0",
    'SELECT * FROM (SELECT 1 /* SETTINGS max_execution_time = 0 */)',
    'SELECT `SETTINGS` FROM (SELECT 1 AS `SETTINGS`) SETTINGS max_threads = 1',
    'SELECT Settings FROM system.query_log ORDER BY Settings DESC LIMIT 1',
    'SELECT s.settings FROM sales AS s',
  ])('allows a SETTINGS clause at any depth, and SETTINGS that is no clause: %s', (sql) => {
    expect(verdict(sql, 'clickhouse')).toMatchObject({ allowed: true });
  });

  it.each([
    ['SELECT * FROM (SELECT 1 SETTINGS readonly = 0)', 'Setting readonly is not allowed'],
    ['SELECT * FROM (SELECT count() FROM sales SETTINGS max_execution_time = 0)', 'Setting max_execution_time is not allowed'],
    ['WITH t AS (SELECT 1 AS a SETTINGS max_execution_time = 0) SELECT a FROM t', 'Setting max_execution_time is not allowed'],
    ['SELECT region FROM sales WHERE id IN (SELECT id FROM returns SETTINGS max_result_rows = 0)', 'Setting max_result_rows is not allowed'],
    ['SELECT 1 SETTINGS max_threads = 1 UNION ALL SELECT 2 SETTINGS use_query_cache = 1', 'Setting use_query_cache is not allowed'],
    ['SELECT * FROM (SELECT * FROM (SELECT 1 SETTINGS max_execution_time = 0) SETTINGS max_threads = 1)', 'Setting max_execution_time is not allowed'],
    ['SELECT * FROM (SELECT 1 SETTINGS max_threads = 1 /* , */, max_memory_usage = 0)', 'Setting max_memory_usage is not allowed'],
    ['SELECT * FROM (SELECT 1 SETTINGS `readonly` = 0)', 'Setting readonly is not allowed'],
    ['SELECT * FROM (SELECT 1 SETTINGS use_query_cache)', 'Setting use_query_cache is not allowed'],
    ['SELECT * FROM (SELECT 1 SETTINGS max_threads = 1 + 1)', 'Setting max_threads must be set to a plain number'],
    ['SELECT * FROM (SELECT 1 SETTINGS max_threads = toUInt8(1))', 'Setting max_threads must be set to a plain number'],
    ['SELECT * FROM (SELECT 1 SETTINGS max_threads = DEFAULT)', 'Setting max_threads must be set to a plain number'],
    ['SELECT * FROM (SELECT 1 SETTINGS max_threads = 1 LIMIT 1)', 'The SETTINGS clause could not be read'],
    ['SELECT * FROM (SELECT 1 SETTINGS max_threads = 1, )', 'The SETTINGS clause could not be read'],
  ])('refuses a SETTINGS clause at any depth with the same reasons as the outer one: %s', (sql, reason) => {
    const result = verdict(sql, 'clickhouse');
    expect(result.allowed).toBe(false);
    expect(result.allowed ? '' : result.reason).toContain(reason);
  });

  it.each([
    'SELECT number FROM numbers(10) WHERE number % 2 = 0',
    'SELECT * FROM numbers(3) AS n CROSS JOIN primes(2) AS p',
    "SELECT * FROM generateRandom('id UInt32, name String', 1, 10) LIMIT 5",
    "SELECT * FROM values('region String, amount UInt32', ('North', 1), ('South', 2))",
    "SELECT * FROM null('x UInt8')",
    "SELECT count() FROM merge(currentDatabase(), '^sales')",
    'SELECT * FROM generate_series(1, 10)',
    'SELECT * FROM numbers_mt(5) SETTINGS max_threads = 2',
  ])('allows a table function that makes its rows inside the database: %s', (sql) => {
    expect(verdict(sql, 'clickhouse')).toMatchObject({ allowed: true });
  });

  it.each([
    "SELECT * FROM fileCluster('default', 'x.csv', 'LineAsString') SETTINGS max_threads = 1",
    "SELECT line AS settings FROM fileCluster('default', '/etc/hostname', 'LineAsString')",
    "SELECT * FROM urlCluster('default', 'http://169.254.169.254/latest/meta-data/')",
    "SELECT * FROM s3Cluster('default', 'https://bucket.s3.amazonaws.com/x.parquet')",
    "SELECT * FROM sales AS s JOIN icebergLocal('/var/lib/data/t') AS i ON i.id = s.id",
    "SELECT * FROM arrowstream('/tmp/x.arrow')",
    'SELECT * FROM zeros(3)',
    "SELECT * FROM format(JSONEachRow, '{\"a\": 1}')",
    "SELECT * FROM timeSeriesData(db.metrics)",
    "SELECT * FROM aTableFunctionFromANewerRelease('x')",
    "SELECT * FROM TABLE(fileCluster('default', 'x.csv'))",
    "SELECT * FROM sales WHERE id IN (SELECT id FROM azureBlobStorageCluster('default', 'x'))",
  ])('refuses every other table function, whatever its name: %s', (sql) => {
    const result = verdict(sql, 'clickhouse');
    expect(result).toMatchObject({ allowed: false, reason: expect.stringMatching(/^(Table function|Function) \S+ is not allowed/) });
  });

  it('names the refused table function and the ones that may run', () => {
    const result = verdict("SELECT * FROM fileCluster('default', 'x.csv', 'LineAsString')", 'clickhouse');
    expect(result.allowed ? '' : result.reason).toMatch(/^Table function fileCluster is not allowed on ClickHouse: .*numbers.*generateRandom.*; others read files, URLs or other servers/);
  });

  it.each([
    ["SELECT catboostEvaluate('/var/lib/clickhouse/model.bin', 1, 2)", 'Function catboostevaluate is not allowed: it loads a model file'],
    ["SELECT generateSerialID('orders')", 'Function generateserialid is not allowed: it writes a counter to ClickHouse Keeper'],
  ])('refuses functions that load files or write to Keeper: %s', (sql, reason) => {
    const result = verdict(sql, 'clickhouse');
    expect(result.allowed ? '' : result.reason).toContain(reason);
  });

  it('counts only SETTINGS clauses the gate read, never the word elsewhere', () => {
    expect(verdict('SELECT count() FROM sales SETTINGS max_threads = 1', 'clickhouse')).toMatchObject({ allowed: true, querySettingsClauses: 1 });
    expect(verdict('SELECT * FROM (SELECT 1 SETTINGS max_threads = 1) SETTINGS join_use_nulls = 1', 'clickhouse')).toMatchObject({ querySettingsClauses: 2 });
    for (const sql of ['SELECT 1 AS settings', 'SELECT s.settings FROM sales AS s', "SELECT 'SETTINGS max_threads = 1' AS text"]) {
      expect(verdict(sql, 'clickhouse'), sql).toEqual({ allowed: true, statementCount: 1 });
    }
  });

  it('refuses a backslash in a quoted name, which ClickHouse reads past and could hide a SETTINGS clause behind', () => {
    // ClickHouse reads `a\`, ` as one name, so its SETTINGS is max_execution_time = 0 and the rest is
    // a comment; the parser ends the name at the second backtick and sees max_threads = 1 only.
    const hidden = "SELECT 1 AS `a\\`, ` SETTINGS max_execution_time = 0 -- ` FROM sales SETTINGS max_threads = 1";
    expect(verdict(hidden, 'clickhouse')).toMatchObject({ allowed: false, reason: expect.stringContaining('Backslashes in quoted names') });
    expect(verdict('SELECT 1 AS "a\\"b"', 'clickhouse')).toMatchObject({ allowed: false, reason: expect.stringContaining('Backslashes in quoted names') });
  });

  it('does not let a # comment hide a file read from the gate', () => {
    expect(verdict("SELECT 1 # '\n, (SELECT * FROM file('x'))", 'clickhouse').allowed).toBe(false);
  });

  it('reads a backslash-escaped quote as ClickHouse does: still inside the string', () => {
    // ClickHouse reads one string here; a reader without backslash escapes would see a file() call.
    expect(verdict("SELECT 'a\\' , file(\\'x\\') -- '", 'clickhouse')).toMatchObject({ allowed: true });
    expect(verdict("SELECT 'a\\\\' , file('x') -- '", 'clickhouse').allowed).toBe(false);
  });
});

describe('Trino gate', () => {
  it.each([
    'SELECT region, sum(amount) FROM hive.sales.orders GROUP BY 1 ORDER BY 2 DESC LIMIT 10',
    'SELECT transform(ARRAY[1, 2], x -> x * 2)',
    'SELECT x, n FROM UNNEST(ARRAY[10, 20]) WITH ORDINALITY AS t(x, n)',
    'SELECT approx_percentile(amount, 0.5) FILTER (WHERE amount > 0) FROM orders',
    'SELECT * FROM orders ORDER BY amount FETCH FIRST 5 ROWS ONLY',
    'SHOW TABLES',
    'SHOW CATALOGS',
    'SHOW SCHEMAS FROM hive',
    'EXPLAIN SELECT 1',
  ])('allows %s', (sql) => {
    expect(verdict(sql, 'trino')).toMatchObject({ allowed: true });
  });

  it.each([
    ["CALL system.sync_partition_metadata('s', 't', 'FULL')", 'CALL'],
    ["SELECT * FROM TABLE(pg.system.query(query => 'DELETE FROM t'))", 'Function query is not allowed'],
    ["SELECT * FROM TABLE(es.system.raw_query(schema => 's', index => 'i', query => '{}'))", 'Function raw_query is not allowed'],
    ["SET SESSION query_max_execution_time = '1h'", 'SET'],
    ['USE hive.other', 'USE'],
    ['INSERT INTO orders VALUES (1)', 'INSERT'],
    ['CREATE TABLE copy AS SELECT * FROM orders', 'CREATE'],
    ['MERGE INTO orders o USING t ON o.id = t.id WHEN MATCHED THEN DELETE', 'MERGE'],
    ['EXPLAIN ANALYZE DELETE FROM orders', 'DELETE'],
    ['EXECUTE IMMEDIATE \'DELETE FROM orders\'', 'EXECUTE'],
    ["SELECT E'a\\'' , 1", 'Escape strings'],
  ])('refuses %s', (sql, reason) => {
    const result = verdict(sql, 'trino');
    expect(result.allowed).toBe(false);
    expect(result.allowed ? '' : result.reason).toContain(reason);
  });
});
