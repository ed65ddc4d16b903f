// The ClickHouse adapter against a real ClickHouse engine (chdb) behind its HTTP interface,
// driven by the real @clickhouse/client.
import { createClient, type ClickHouseClient } from '@clickhouse/client';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ClickHouseAdapter } from '../../src/databases/clickhouse/clickhouse-adapter.js';
import { DatabaseUnavailableError, QueryFailedError, QueryTimeoutError, UserCredentialRequiredError } from '../../src/databases/errors.js';
import { checkReadOnly, initStatementGate } from '../../src/sql/statement-gate.js';
import { clickhouseEngineAvailable, startClickHouseServer, type ClickHouseServer } from '../support/clickhouse-engine.js';
import { databaseConfig, failureOf, memorySnapshot, QUERY_OPTIONS } from './database-test-helpers.js';

const available = clickhouseEngineAvailable();
const READER_PASSWORD = 'reader-secret-password';
const ALICE_TOKEN = 'alice-jwt-token-value';
/** Minutes of work for the engine: long enough to be cut by a timeout or an abort. */
const SLOW_SQL = 'SELECT sum(cityHash64(number)) AS total FROM numbers(100000000000)';
/** Rows in blocks of about 2.6 s each: chdb stops a query between blocks, as ClickHouse checks KILL between blocks. */
const STREAMING_SLOW_SQL = 'SELECT number, sleepEachRow(0.00004) AS pause FROM numbers(1000000)';

let server: ClickHouseServer;
let adapter: ClickHouseAdapter;
let federated: ClickHouseAdapter;
/** A client without readonly, as an operator would use, to look at the data behind the adapter. */
let operator: ClickHouseClient;
let nextQueryId = 0;

async function snapshot(): Promise<unknown> {
  const tables = await operator.query({ query: 'SELECT name FROM system.tables WHERE database = currentDatabase() ORDER BY name', format: 'JSONEachRow' });
  const data = await operator.query({ query: 'SELECT count() AS n, sum(amount) AS total, groupArray(region) AS regions FROM (SELECT * FROM sales ORDER BY id)', format: 'JSONEachRow' });
  return { tables: await tables.json(), data: await data.json() };
}

beforeAll(async () => {
  if (!available) return;
  server = await startClickHouseServer({
    users: { reader: READER_PASSWORD, default: '' },
    tokens: { [ALICE_TOKEN]: 'alice' },
    setup: [
      'CREATE TABLE sales (id UInt32, region String, amount Decimal(10, 2), big UInt64, sold_on Date, tags Array(String)) ENGINE = MergeTree ORDER BY id',
      "INSERT INTO sales VALUES (1, 'North', 100.50, 9007199254740993, '2024-01-31', ['a', 'b']), (2, 'South', 50.25, 7, '2024-02-29', [])",
    ],
  });
  const config = databaseConfig({ type: 'clickhouse', name: 'events', host: '127.0.0.1', port: server.port, user: 'reader', password: READER_PASSWORD });
  adapter = new ClickHouseAdapter(config, { createQueryId: () => `datathread-test-${++nextQueryId}` });
  federated = new ClickHouseAdapter({ ...config, auth_mode: 'azure_entra_id' });
  operator = createClient({ url: server.url, username: 'default', password: '' });
  await initStatementGate();
}, 90_000);

afterAll(async () => {
  await adapter?.close();
  await federated?.close();
  await operator?.close();
  await server?.close();
});

describe.skipIf(!available)('ClickHouse adapter', () => {
  test('reads rows with ClickHouse type names and JSON-safe values, with readonly=1 and max_execution_time on the query', async () => {
    const result = await adapter.runQuery('SELECT id, region, amount, big, sold_on, tags FROM sales ORDER BY id', QUERY_OPTIONS);
    expect(result.columns).toEqual([
      { name: 'id', type: 'uint32' },
      { name: 'region', type: 'string' },
      { name: 'amount', type: 'decimal(10, 2)' },
      { name: 'big', type: 'uint64' },
      { name: 'sold_on', type: 'date' },
      { name: 'tags', type: 'array(string)' },
    ]);
    expect(result.rows).toEqual([
      [1, 'North', 100.5, '9007199254740993', '2024-01-31', ['a', 'b']],
      [2, 'South', 50.25, 7, '2024-02-29', []],
    ]);
    expect(result.truncated).toBe(false);
    const entry = (await server.log()).find((logged) => logged.queryId === `datathread-test-${nextQueryId}`);
    expect(entry).toMatchObject({ user: 'reader', settings: { readonly: '1', max_execution_time: '10' } });
  });

  test('a query’s own SETTINGS clause with harmless read settings runs with readonly=2, and the engine applies it', async () => {
    const result = await adapter.runQuery(
      "SELECT getSetting('max_threads') AS threads, getSetting('join_use_nulls') AS nulls, getSetting('max_execution_time') AS limit_s FROM sales LIMIT 1 SETTINGS max_threads = 1, join_use_nulls = 1",
      QUERY_OPTIONS,
    );
    expect(result.rows).toEqual([[1, true, 10]]);
    const entry = (await server.log()).find((logged) => logged.queryId === `datathread-test-${nextQueryId}`);
    expect(entry).toMatchObject({ settings: { readonly: '2', max_execution_time: '10' }, outcome: 'finished' });
  });

  test('a SETTINGS clause that would lift a limit, write or change readonly never reaches the server, even past execute_sql', async () => {
    const refused = [
      'SELECT count() FROM sales SETTINGS readonly = 0',
      'SELECT count() FROM sales SETTINGS max_threads = 1, max_execution_time = 0',
      'SELECT number FROM numbers(100000) SETTINGS max_result_rows = 0',
      "SELECT number FROM numbers(100000) SETTINGS result_overflow_mode = 'throw'",
      'SELECT count() FROM sales SETTINGS use_query_cache = 1',
      'SELECT count() FROM sales SETTINGS max_memory_usage = 0',
      'SELECT * FROM (SELECT count() FROM sales SETTINGS max_execution_time = 0)',
    ];
    const logged = (await server.log()).length;
    for (const sql of refused) await expect(adapter.runQuery(sql, QUERY_OPTIONS), sql).rejects.toThrow(/Refused before reaching the database/);
    expect((await server.log()).length).toBe(logged);
  });

  test('SETTINGS clauses in a CTE, an IN list, a subquery and UNION branches run with readonly=2, and the engine applies each', async () => {
    const nested = await adapter.runQuery(
      `WITH north AS (SELECT id FROM sales WHERE region = 'North' SETTINGS max_threads = 1)
       SELECT region, threads FROM (
         SELECT region, getSetting('max_threads') AS threads FROM sales WHERE id IN (SELECT id FROM north SETTINGS join_use_nulls = 1) SETTINGS max_threads = 3
       )`,
      QUERY_OPTIONS,
    );
    expect(nested.rows).toEqual([['North', 3]]);
    const nestedEntry = (await server.log()).find((logged) => logged.queryId === `datathread-test-${nextQueryId}`);
    expect(nestedEntry).toMatchObject({ settings: { readonly: '2', max_execution_time: '10' }, outcome: 'finished' });

    // Aggregated into one row: chdb streams each UNION branch as its own block with its own header,
    // which the HTTP front passes on as is.
    const branches = await adapter.runQuery(
      `SELECT arraySort(groupArray(threads)) AS threads, count() AS branch_rows FROM (
         SELECT getSetting('max_threads') AS threads FROM sales WHERE region = 'North' SETTINGS max_threads = 3
         UNION ALL
         SELECT getSetting('max_threads') AS threads FROM sales WHERE region = 'South' SETTINGS max_threads = 2
       )`,
      QUERY_OPTIONS,
    );
    expect(branches.rows).toEqual([[[2, 3], 2]]);
    const branchesEntry = (await server.log()).find((logged) => logged.queryId === `datathread-test-${nextQueryId}`);
    expect(branchesEntry).toMatchObject({ settings: { readonly: '2', max_execution_time: '10' }, outcome: 'finished' });
  });

  test('a nested SETTINGS clause that would lift a limit, or one hidden behind a backslash in a quoted name, is refused at the adapter and changes nothing', async () => {
    const refused = [
      'WITH t AS (SELECT count() AS n FROM sales SETTINGS max_execution_time = 0) SELECT n FROM t',
      'SELECT id FROM sales WHERE id IN (SELECT id FROM sales SETTINGS readonly = 0)',
      'SELECT 1 AS n SETTINGS max_threads = 1 UNION ALL SELECT count() FROM sales SETTINGS max_result_rows = 0',
      'SELECT * FROM (SELECT * FROM (SELECT number FROM numbers(10) SETTINGS max_threads = 1, use_query_cache = 1))',
      // ClickHouse reads `a\`, ` as one name and so sets max_execution_time = 0; a reader that ends the
      // name at the second backtick sees max_threads = 1 only.
      "SELECT getSetting('max_execution_time') AS `a\\`, ` SETTINGS max_execution_time = 0 -- ` FROM sales SETTINGS max_threads = 1",
    ];
    const before = await snapshot();
    const logged = (await server.log()).length;
    for (const sql of refused) await expect(adapter.runQuery(sql, QUERY_OPTIONS), sql).rejects.toThrow(/Refused before reaching the database/);
    expect((await server.log()).length).toBe(logged);
    expect(await snapshot()).toEqual(before);
  });

  test('file table functions never run, with or without a SETTINGS clause, although the engine reads files at readonly=2', async () => {
    // What readonly=2 means on the engine: file table functions run there.
    const direct = await operator.query({ query: "SELECT line FROM file('/etc/hostname', 'LineAsString')", format: 'JSONEachRow', clickhouse_settings: { readonly: '2' } });
    expect(await direct.json()).toHaveLength(1);
    const refused = [
      "SELECT * FROM fileCluster('default', '/etc/hostname', 'LineAsString') SETTINGS max_threads = 1",
      "SELECT line AS settings FROM fileCluster('default', '/etc/hostname', 'LineAsString')",
      "SELECT * FROM (SELECT line FROM file('/etc/hostname', 'LineAsString') SETTINGS max_threads = 1)",
    ];
    const logged = (await server.log()).length;
    for (const sql of refused) await expect(adapter.runQuery(sql, QUERY_OPTIONS), sql).rejects.toThrow(/Refused before reaching the database: (Table function|Function) file/);
    expect((await server.log()).length).toBe(logged);
  });

  test('table functions that make their rows inside the database pass the gate and answer', async () => {
    const answers: Array<[string, unknown[][]]> = [
      ['SELECT count() AS n FROM numbers(10)', [[10]]],
      ['SELECT * FROM primes(3)', [[2], [3], [5]]],
      ['SELECT * FROM generate_series(1, 2)', [[1], [2]]],
      ["SELECT a FROM values('a UInt8', 1, 2) ORDER BY a", [[1], [2]]],
      ["SELECT count() AS n FROM (SELECT * FROM generateRandom('a UInt8', 1) LIMIT 4)", [[4]]],
      ["SELECT count() AS n FROM merge(currentDatabase(), '^sales$')", [[2]]],
      ["SELECT * FROM null('a UInt8')", []],
    ];
    for (const [sql, rows] of answers) {
      expect(checkReadOnly(sql, { dialect: 'clickhouse', allowFileAccess: false }), sql).toMatchObject({ allowed: true });
      expect((await adapter.runQuery(sql, QUERY_OPTIONS)).rows, sql).toEqual(rows);
    }
  });

  test('the word settings outside a SETTINGS clause keeps readonly=1', async () => {
    const result = await adapter.runQuery("SELECT region AS settings, getSetting('readonly') AS level FROM sales ORDER BY id LIMIT 1", QUERY_OPTIONS);
    expect(result.rows).toEqual([['North', 1]]);
    const entry = (await server.log()).find((logged) => logged.queryId === `datathread-test-${nextQueryId}`);
    expect(entry?.settings.readonly).toBe('1');
  });

  test('without a SETTINGS clause the query keeps readonly=1, under which the engine refuses any setting change', async () => {
    await adapter.runQuery("SELECT 'SETTINGS max_execution_time = 0' AS text", QUERY_OPTIONS);
    const entry = (await server.log()).find((logged) => logged.queryId === `datathread-test-${nextQueryId}`);
    expect(entry?.settings.readonly).toBe('1');
    // What readonly=1 means on the engine: a query's own SETTINGS clause is an error there.
    const direct = operator.query({ query: 'SELECT count() FROM sales SETTINGS max_threads = 1', format: 'JSONEachRow', clickhouse_settings: { readonly: '1' } });
    await expect(direct).rejects.toThrow(/Cannot modify 'max_threads' setting in readonly mode/);
  });

  test('catalogue statements answer through the adapter as on a real server: SHOW TABLES, SHOW CREATE TABLE, DESCRIBE, EXISTS, EXPLAIN', async () => {
    const gated = async (sql: string) => {
      expect(checkReadOnly(sql, { dialect: 'clickhouse', allowFileAccess: false }), sql).toMatchObject({ allowed: true });
      return (await adapter.runQuery(sql, QUERY_OPTIONS)).rows;
    };
    expect(await gated('SHOW TABLES')).toEqual([['sales']]);
    expect(await gated('DESCRIBE TABLE sales')).toEqual(expect.arrayContaining([expect.arrayContaining(['id', 'UInt32']), expect.arrayContaining(['region', 'String'])]));
    expect(await gated('EXISTS TABLE sales')).toEqual([[1]]);
    expect((await gated('SHOW CREATE TABLE sales'))[0]?.[0]).toMatch(/^CREATE TABLE default\.sales/);
    expect((await gated('EXPLAIN SELECT count() FROM sales')).flat().join('\n')).toContain('ReadFrom');
    const entry = (await server.log()).find((logged) => logged.queryId === `datathread-test-${nextQueryId}`);
    expect(entry).toMatchObject({ settings: { readonly: '1' }, outcome: 'finished' });
  });

  test('reads a result of several blocks as one: every row once, no header line taken for a row', async () => {
    const result = await adapter.runQuery('SELECT number AS n FROM numbers(150000)', { ...QUERY_OPTIONS, rowCap: 200_000 });
    expect(result.rows).toHaveLength(150_000);
    expect(result.rows.every((row, index) => row.length === 1 && row[0] === index)).toBe(true);
    expect(result.truncated).toBe(false);
  });

  test('caps a ten-million-row result: the server stops early and memory stays bounded', async () => {
    const growth = memorySnapshot();
    const result = await adapter.runQuery('SELECT number AS n, toString(number) AS label FROM numbers(10000000)', QUERY_OPTIONS);
    expect(result.rows).toHaveLength(1000);
    expect(result.rows[999]).toEqual([999, '999']);
    expect(result.truncated).toBe(true);
    const entry = (await server.log()).find((logged) => logged.queryId === `datathread-test-${nextQueryId}`);
    // 10M rows as JSON would be about 200 MB; the server sent a few blocks at most.
    expect(entry!.bytesSent).toBeLessThan(5_000_000);
    expect(growth().heapUsedMb).toBeLessThan(50);
  });

  test('a ClickHouse error comes back as a repairable QueryFailedError with its name', async () => {
    await expect(adapter.runQuery('SELECT nope FROM sales', QUERY_OPTIONS)).rejects.toThrow(QueryFailedError);
    await expect(adapter.runQuery('SELECT * FROM missing_table', QUERY_OPTIONS)).rejects.toThrow(/UNKNOWN_TABLE/);
  });

  test('max_execution_time ends a slow query as a timeout, and the next query runs', async () => {
    const started = Date.now();
    await expect(adapter.runQuery(SLOW_SQL, { rowCap: 100, timeoutMs: 1000 })).rejects.toThrow(QueryTimeoutError);
    expect(Date.now() - started).toBeLessThan(8000);
    expect((await adapter.runQuery('SELECT count() AS n FROM sales', QUERY_OPTIONS)).rows).toEqual([[2]]);
  });

  test('an abort stops the query with KILL QUERY for its id, and the adapter stays usable', async () => {
    const controller = new AbortController();
    const reason = new Error('stopped by the asker');
    const running = adapter.runQuery(STREAMING_SLOW_SQL, { rowCap: 100_000, timeoutMs: 60_000, signal: controller.signal });
    const queryId = `datathread-test-${nextQueryId}`;
    await new Promise((resolve) => setTimeout(resolve, 600));
    controller.abort(reason);
    await expect(running).rejects.toBe(reason);
    await expect.poll(async () => (await server.log()).find((entry) => entry.queryId === queryId)?.outcome, { timeout: 5000 }).toMatch(/killed|client closed/);
    const log = await server.log();
    expect(log.some((entry) => entry.outcome === 'kill' && entry.sql.includes(queryId))).toBe(true);
    expect((await adapter.runQuery('SELECT count() AS n FROM sales', QUERY_OPTIONS)).rows).toEqual([[2]]);
  });

  test('introspection lists tables and columns from system.columns', async () => {
    const summary = await adapter.introspect();
    const sales = summary.tables.find((table) => table.name === 'sales');
    expect(sales?.columns.map((column) => `${column.name} ${column.type}`)).toEqual(['id uint32', 'region string', 'amount decimal(10, 2)', 'big uint64', 'sold_on date', 'tags array(string)']);
  });

  test('a wrong password is an unreachable database whose message carries no secret', async () => {
    const wrong = new ClickHouseAdapter(databaseConfig({ type: 'clickhouse', host: '127.0.0.1', port: server.port, user: 'reader', password: 'not-the-password' }));
    const failure = await failureOf(wrong.runQuery('SELECT 1', QUERY_OPTIONS));
    await wrong.close();
    expect(failure).toBeInstanceOf(DatabaseUnavailableError);
    expect(failure.message).toContain('Authentication failed');
    expect(failure.message).not.toContain('not-the-password');
  });

  test('auth_mode azure_entra_id sends the asker’s token as Bearer and never the configured password', async () => {
    await expect(federated.runQuery('SELECT 1', QUERY_OPTIONS)).rejects.toThrow(UserCredentialRequiredError);
    const result = await federated.runQuery('SELECT count() AS n FROM sales', { ...QUERY_OPTIONS, credential: { userName: 'alice@example.com', accessToken: ALICE_TOKEN } });
    expect(result.rows).toEqual([[2]]);
    const failure = await failureOf(federated.runQuery('SELECT 1', { ...QUERY_OPTIONS, credential: { userName: 'mallory@example.com', accessToken: 'forged-token' } }));
    expect(failure).toBeInstanceOf(DatabaseUnavailableError);
    expect(failure.message).not.toContain('forged-token');
    expect((await server.log()).filter((entry) => entry.user === 'alice').length).toBeGreaterThan(0);
  });
});

const WRITES = [
  "INSERT INTO sales VALUES (3, 'West', 1, 1, '2024-03-01', [])",
  "INSERT INTO FUNCTION file('datathread-leak.csv', 'CSV') SELECT * FROM sales",
  'ALTER TABLE sales DELETE WHERE 1',
  'ALTER TABLE sales UPDATE amount = 0 WHERE 1',
  'TRUNCATE TABLE sales',
  'DROP TABLE sales',
  'CREATE TABLE copy ENGINE = Memory AS SELECT * FROM sales',
  'RENAME TABLE sales TO sales_old',
  'OPTIMIZE TABLE sales FINAL',
  'SYSTEM DROP MARK CACHE',
  "KILL QUERY WHERE query_id = 'anything'",
  'SET readonly = 0',
  "SELECT * FROM file('/etc/hostname', 'LineAsString')",
  "SELECT * FROM url('http://127.0.0.1:9/x.csv', 'CSV')",
];

describe.skipIf(!available)('ClickHouse refuses writes at the gate and on the server', () => {
  test.each(WRITES)('%s', async (sql) => {
    const before = await snapshot();
    const verdict = checkReadOnly(sql, { dialect: 'clickhouse', allowFileAccess: false });
    expect(verdict.allowed).toBe(false);
    // Straight to the adapter, past the gate: readonly=1 makes the server refuse it too.
    await expect(adapter.runQuery(sql, QUERY_OPTIONS)).rejects.toThrow(/READONLY|readonly/);
    expect(await snapshot()).toEqual(before);
  });
});
