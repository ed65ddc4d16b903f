// The SQL Server family adapter, through the real tedious driver, against a local server that
// speaks TDS and executes on DuckDB (test/fakes/tds-server.ts). The Entra token is checked where
// SQL Server reads it (LOGIN7's FEDAUTH feature) against the local Entra authority.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { databaseConfigSchema } from '../../src/databases/database-config.js';
import { DatabaseUnavailableError, QueryFailedError, QueryTimeoutError, UserCredentialRequiredError } from '../../src/databases/errors.js';
import { MssqlAdapter } from '../../src/databases/mssql/mssql-adapter.js';
import { checkReadOnly, initStatementGate } from '../../src/sql/statement-gate.js';
import { startFakeEntra, type FakeEntra } from '../fakes/entra-server.js';
import { startFakeTds, type FakeTds } from '../fakes/tds-server.js';
import { databaseConfig, failureOf, memorySnapshot, QUERY_OPTIONS } from './database-test-helpers.js';

const ALICE = 'alice@contoso.com';
const BOB = 'bob@contoso.com';
const SERVICE_PASSWORD = 'service-sql-password';
const SETUP = [
  'CREATE TABLE sales_all (owner VARCHAR, region VARCHAR, amount INTEGER)',
  `INSERT INTO sales_all VALUES ('${ALICE}', 'North', 100), ('${ALICE}', 'South', 150), ('${BOB}', 'North', 900)`,
  'CREATE TABLE typed (id BIGINT, price DECIMAL(19,4), ref UUID, sold_at TIMESTAMPTZ, on_day DATE, ok BOOLEAN, ratio DOUBLE, label VARCHAR)',
  "INSERT INTO typed VALUES (9007199254740993, 12.3456, '6F9619FF-8B86-D011-B42D-00C04FC964FF', TIMESTAMPTZ '2024-01-31 10:00:00.5+00', DATE '2024-02-29', true, 0.25, 'héllo'), (NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL)",
  'CREATE TABLE thousands AS SELECT range AS id FROM range(10000)',
];

let entra: FakeEntra;
let tds: FakeTds;
let adapter: MssqlAdapter;
let federated: MssqlAdapter;

function tokenFor(upn: string, scope = 'https://database.windows.net/.default'): string {
  return entra.issueUserToken(upn, { audience: scope.replace(/\/\.default$/, '') });
}

async function salesSnapshot(): Promise<unknown> {
  return {
    data: await tds.inspect("SELECT count(*)::INTEGER, sum(amount)::INTEGER, string_agg(region, ',' ORDER BY region, amount) FROM sales_all"),
    tables: await tds.inspect("SELECT table_name FROM information_schema.tables WHERE table_schema = 'main' ORDER BY 1"),
  };
}

beforeAll(async () => {
  entra = await startFakeEntra();
  tds = await startFakeTds({
    setup: SETUP,
    logins: { datathread_reader: SERVICE_PASSWORD },
    verifyToken: entra.verifyToken,
    // Row-level security as a per-login view: each person sees only their own rows.
    sessionSetup: (login) => [`CREATE TEMP VIEW sales AS SELECT * FROM main.sales_all WHERE owner = '${login.replaceAll("'", "''")}' OR '${login}' = 'datathread_reader'`],
  });
  const config = databaseConfig({ type: 'mssql', name: 'azure-sql', host: tds.host, port: tds.port, database: 'shop', user: 'datathread_reader', password: SERVICE_PASSWORD });
  adapter = new MssqlAdapter(config);
  federated = new MssqlAdapter({ ...config, auth_mode: 'azure_entra_id', entra_scope: 'https://database.windows.net/.default' });
  await initStatementGate();
});

afterAll(async () => {
  await adapter?.close();
  await federated?.close();
  await tds?.close();
  await entra?.close();
});

describe('SQL Server adapter over TDS', () => {
  test('the config accepts the family’s names and defaults the port to 1433', () => {
    for (const type of ['mssql', 'sqlserver', 'azure_sql', 'fabric', 'synapse']) {
      expect(databaseConfigSchema.parse({ name: 'w', type, host: 'example.database.windows.net' }).type).toBe('mssql');
    }
    const configuration = new MssqlAdapter(databaseConfig({ type: 'mssql', host: 'example.database.windows.net', user: 'u', password: 'p' })).connectionConfiguration(undefined, 10_000);
    expect(configuration.options).toMatchObject({ port: 1433, readOnlyIntent: true, encrypt: false });
  });

  test('reads rows with SQL Server type names and JSON-safe values (bigint, money, uniqueidentifier, datetimeoffset)', async () => {
    const result = await adapter.runQuery('SELECT id, price, ref, sold_at, on_day, ok, ratio, label FROM typed ORDER BY id NULLS LAST', QUERY_OPTIONS);
    expect(result.columns).toEqual([
      { name: 'id', type: 'bigint' },
      { name: 'price', type: 'money' },
      { name: 'ref', type: 'uniqueidentifier' },
      { name: 'sold_at', type: 'datetimeoffset' },
      { name: 'on_day', type: 'date' },
      { name: 'ok', type: 'bit' },
      { name: 'ratio', type: 'float' },
      { name: 'label', type: 'nvarchar' },
    ]);
    expect(result.rows).toEqual([
      ['9007199254740993', 12.3456, '6f9619ff-8b86-d011-b42d-00c04fc964ff', '2024-01-31T10:00:00.500Z', '2024-02-29', true, 0.25, 'héllo'],
      [null, null, null, null, null, null, null, null],
    ]);
    expect(JSON.parse(JSON.stringify(result.rows))).toEqual(result.rows);
  });

  test('every query runs in a READ COMMITTED transaction that is rolled back, with readOnlyIntent on the login', async () => {
    const before = tds.connections.length;
    await adapter.runQuery('SELECT count(*) AS n FROM sales', QUERY_OPTIONS);
    const connection = tds.connections[before]!;
    expect(connection).toMatchObject({ login: 'datathread_reader', authentication: 'sql', readOnlyIntent: true, database: 'shop', appName: 'datathread' });
    const [sessionOptions, ...batches] = connection.batches;
    // The gate reads "…" as a name, as the session does with QUOTED_IDENTIFIER on.
    expect(sessionOptions).toMatch(/^set quoted_identifier on$/m);
    expect(batches).toEqual(['SET TRANSACTION ISOLATION LEVEL READ COMMITTED; BEGIN TRANSACTION;', 'SELECT count(*) AS n FROM sales', 'IF @@TRANCOUNT > 0 ROLLBACK TRANSACTION;']);
    await expect.poll(() => connection.closed).toBe(true);
  });

  test('caps a ten-million-row result and stops the server with an attention', async () => {
    const growth = memorySnapshot();
    const before = tds.connections.length;
    const result = await adapter.runQuery('SELECT a.id * 10000 + b.id AS n FROM thousands a CROSS JOIN thousands b', QUERY_OPTIONS);
    expect(result.rows).toHaveLength(1000);
    expect(result.truncated).toBe(true);
    expect(tds.connections[before]!.attentions).toBe(1);
    expect(growth().heapUsedMb).toBeLessThan(50);
  });

  test('a slow query is cancelled at the timeout through an attention, and the next query runs', async () => {
    const before = tds.connections.length;
    await expect(adapter.runQuery('SELECT count(*) FROM range(100000000000) a', { rowCap: 10, timeoutMs: 500 })).rejects.toThrow(QueryTimeoutError);
    expect(tds.connections[before]!.attentions).toBe(1);
    expect((await adapter.runQuery('SELECT count(*) AS n FROM sales', QUERY_OPTIONS)).rows).toEqual([[3]]);
  });

  test('a Stop aborts the running query with the caller’s reason', async () => {
    const controller = new AbortController();
    const reason = new Error('stopped by the asker');
    const before = tds.connections.length;
    const running = adapter.runQuery('SELECT count(*) FROM range(100000000000) a', { rowCap: 10, timeoutMs: 60_000, signal: controller.signal });
    await expect.poll(() => tds.connections[before]?.batches.includes('SELECT count(*) FROM range(100000000000) a')).toBe(true);
    controller.abort(reason);
    await expect(running).rejects.toBe(reason);
    expect(tds.connections[before]!.attentions).toBe(1);
  });

  test('a SQL error is a repairable QueryFailedError with the server’s error number', async () => {
    const failure = await failureOf(adapter.runQuery('SELECT * FROM missing_table', QUERY_OPTIONS));
    expect(failure).toBeInstanceOf(QueryFailedError);
    expect(failure.message).toMatch(/missing_table.*\(error 102\)/s);
  });

  test('introspection lists tables and columns', async () => {
    const fakeCatalog = await startFakeTds({
      setup: ['CREATE TABLE orders (id INTEGER, total DOUBLE)'],
      logins: { reader: 'pw' },
    });
    try {
      const catalogAdapter = new MssqlAdapter(databaseConfig({ type: 'mssql', host: fakeCatalog.host, port: fakeCatalog.port, user: 'reader', password: 'pw' }));
      const summary = await catalogAdapter.introspect();
      expect(summary.tables.find((table) => table.name === 'orders')?.columns.map((column) => column.name)).toEqual(['id', 'total']);
    } finally {
      await fakeCatalog.close();
    }
  });

  test('a wrong password is an unreachable database whose message names the login failure and no secret', async () => {
    const wrong = new MssqlAdapter(databaseConfig({ type: 'mssql', host: tds.host, port: tds.port, user: 'datathread_reader', password: 'guessed-password' }));
    const failure = await failureOf(wrong.runQuery('SELECT 1', QUERY_OPTIONS));
    expect(failure).toBeInstanceOf(DatabaseUnavailableError);
    expect(failure.message).toContain("Login failed for user 'datathread_reader'");
    expect(failure.message).not.toContain('guessed-password');
  });
});

describe('auth_mode azure_entra_id: the asker’s token in LOGIN7 FEDAUTH', () => {
  test('without a token nothing connects; the configured login is never used', async () => {
    const before = tds.connections.length;
    await expect(federated.runQuery('SELECT 1', QUERY_OPTIONS)).rejects.toThrow(UserCredentialRequiredError);
    expect(tds.connections.length).toBe(before);
  });

  test('Alice’s query runs as Alice and sees only her rows; Bob sees only his', async () => {
    const before = tds.connections.length;
    const alice = await federated.runQuery('SELECT owner, region, amount FROM sales ORDER BY region', { ...QUERY_OPTIONS, credential: { userName: ALICE, accessToken: tokenFor(ALICE) } });
    expect(alice.rows).toEqual([
      [ALICE, 'North', 100],
      [ALICE, 'South', 150],
    ]);
    const bob = await federated.runQuery('SELECT owner, region, amount FROM sales ORDER BY region', { ...QUERY_OPTIONS, credential: { userName: BOB, accessToken: tokenFor(BOB) } });
    expect(bob.rows).toEqual([[BOB, 'North', 900]]);
    expect(tds.connections.slice(before).map((connection) => [connection.authentication, connection.login])).toEqual([
      ['fedauth', ALICE],
      ['fedauth', BOB],
    ]);
  });

  test('an expired token, or one for another resource, is refused at login and becomes a sign-in request', async () => {
    const expired = entra.issueUserToken(ALICE, { audience: 'https://database.windows.net', expiresInSeconds: -60 });
    const failure = await failureOf(federated.runQuery('SELECT 1', { ...QUERY_OPTIONS, credential: { userName: ALICE, accessToken: expired } }));
    expect(failure).toBeInstanceOf(UserCredentialRequiredError);
    expect(failure.message).not.toContain(expired);
    const otherResource = tokenFor(ALICE, 'https://ossrdbms-aad.database.windows.net/.default');
    await expect(federated.runQuery('SELECT 1', { ...QUERY_OPTIONS, credential: { userName: ALICE, accessToken: otherResource } })).rejects.toThrow(UserCredentialRequiredError);
    const refused = tds.connections.slice(-2);
    expect(refused.map((connection) => [connection.authentication, connection.accepted])).toEqual([
      ['fedauth', false],
      ['fedauth', false],
    ]);
  });
});

const WRITES = [
  "INSERT INTO sales_all VALUES ('x', 'West', 1)",
  'DELETE FROM sales_all',
  'UPDATE sales_all SET amount = 0',
  'DROP TABLE sales_all',
  'CREATE TABLE copy AS SELECT * FROM sales_all',
];

describe('SQL Server refuses writes at the gate, and a write sent straight to the adapter is rolled back', () => {
  test.each(WRITES)('%s', async (sql) => {
    const before = await salesSnapshot();
    expect(checkReadOnly(sql, { dialect: 'mssql', allowFileAccess: false }).allowed).toBe(false);
    await adapter.runQuery(sql, QUERY_OPTIONS).catch(() => undefined);
    expect(await salesSnapshot()).toEqual(before);
  });

  test.each([
    ['EXEC sp_executesql N\'DELETE FROM sales\'', 'EXEC statements'],
    ["EXECUTE ('DROP TABLE sales')", 'EXECUTE statements'],
    ["exec xp_cmdshell 'dir'", 'EXEC statements'],
    ["SELECT * FROM OPENROWSET('SQLNCLI', 'Server=x;', 'SELECT 1') AS r", 'Function openrowset'],
    ["SELECT * FROM OPENQUERY(linked, 'SELECT 1')", 'Function openquery'],
    ["SELECT * FROM OPENDATASOURCE('SQLNCLI', 'Data Source=x').db.dbo.t", 'could not be parsed'],
    ["BULK INSERT sales FROM 'C:\\data.csv'", 'BULK statements'],
    ['SELECT master.dbo.xp_fileexist(\'C:\\\\x\')', 'Function xp_fileexist'],
    ['SELECT * INTO sales_copy FROM sales', 'SELECT … INTO'],
    ["WAITFOR DELAY '00:01:00'", 'WAITFOR statements'],
    ['SET TRANSACTION ISOLATION LEVEL READ UNCOMMITTED', 'SET statements'],
    ['DECLARE @x INT; SELECT @x', 'DECLARE statements'],
    ['SELECT 1; DROP TABLE sales', 'DROP statements'],
  ])('refuses %s', (sql, reason) => {
    const verdict = checkReadOnly(sql, { dialect: 'mssql', allowFileAccess: false });
    expect(verdict.allowed).toBe(false);
    expect(verdict.allowed ? '' : verdict.reason).toContain(reason);
  });

  test.each([
    'SELECT TOP 10 region, SUM(amount) AS total FROM dbo.sales GROUP BY region ORDER BY total DESC',
    "SELECT [region], N'Nörth' AS label FROM [dbo].[sales] WHERE region = 'it''s'",
    'WITH c AS (SELECT region FROM sales) SELECT region FROM c ORDER BY region OFFSET 0 ROWS FETCH NEXT 5 ROWS ONLY',
    'SELECT * FROM sales WITH (NOLOCK)',
    'SELECT name FROM sys.tables',
  ])('allows %s', (sql) => {
    expect(checkReadOnly(sql, { dialect: 'mssql', allowFileAccess: false })).toMatchObject({ allowed: true });
  });
});
