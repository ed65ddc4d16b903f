// The Snowflake adapter, through the real snowflake-sdk, against a local server that speaks
// Snowflake's REST API (login-request, query-request, result chunks, abort-request) and executes
// on DuckDB (test/fakes/snowflake-server.ts). OAuth tokens are checked at login against the local
// Entra authority.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DatabaseUnavailableError, QueryFailedError, QueryTimeoutError, UserCredentialRequiredError } from '../../src/databases/errors.js';
import { SnowflakeAdapter } from '../../src/databases/snowflake/snowflake-adapter.js';
import { checkReadOnly, initStatementGate } from '../../src/sql/statement-gate.js';
import { startFakeEntra, type FakeEntra } from '../fakes/entra-server.js';
import { startFakeSnowflake, type FakeSnowflake } from '../fakes/snowflake-server.js';
import { databaseConfig, failureOf, memorySnapshot, QUERY_OPTIONS } from './database-test-helpers.js';

const ALICE = 'alice@contoso.com';
const BOB = 'bob@contoso.com';
const AUDIENCE = 'https://analysis.windows.net/powerbi/connector/Snowflake';
const SERVICE_PASSWORD = 'service-snowflake-password';
const SETUP = [
  'CREATE TABLE sales_all (owner VARCHAR, region VARCHAR, amount INTEGER)',
  `INSERT INTO sales_all VALUES ('${ALICE}', 'North', 100), ('${ALICE}', 'South', 150), ('${BOB}', 'North', 900)`,
  'CREATE TABLE typed (id BIGINT, price DECIMAL(12,2), doc JSON, on_day DATE, ok BOOLEAN, ratio DOUBLE, label VARCHAR)',
  `INSERT INTO typed VALUES (9007199254740993, 12.34, '{"a": [1, 2], "b": "x"}', DATE '2024-02-29', true, 0.25, 'héllo'), (NULL, NULL, NULL, NULL, NULL, NULL, NULL)`,
  'CREATE TABLE thousands AS SELECT range AS id FROM range(10000)',
];

let entra: FakeEntra;
let server: FakeSnowflake;
let adapter: SnowflakeAdapter;
let federated: SnowflakeAdapter;
const warnings: string[] = [];

async function salesSnapshot(): Promise<unknown> {
  return server.inspect("SELECT count(*)::INTEGER, sum(amount)::INTEGER, string_agg(region, ',' ORDER BY region, amount) FROM sales_all");
}

beforeAll(async () => {
  entra = await startFakeEntra();
  server = await startFakeSnowflake({
    setup: SETUP,
    passwords: { DATATHREAD: SERVICE_PASSWORD },
    verifyToken: entra.verifyToken,
    oauthAudience: AUDIENCE,
    grants: { ANALYST_READ: ['USAGE', 'SELECT'], SYSADMIN: ['USAGE', 'SELECT', 'INSERT', 'OWNERSHIP'] },
    sessionSetup: (user) => [`CREATE TEMP VIEW sales AS SELECT * FROM main.sales_all WHERE owner = '${user.replaceAll("'", "''")}' OR '${user}' = 'DATATHREAD'`],
  });
  const config = databaseConfig({ type: 'snowflake', name: 'snow', host: '127.0.0.1', port: server.port, account_id: 'contoso-analytics', database: 'SHOP', schema_name: 'PUBLIC', warehouse: 'REPORTING', role: 'ANALYST_READ', user: 'DATATHREAD', password: SERVICE_PASSWORD });
  adapter = new SnowflakeAdapter(config, { logger: { warn: (message) => warnings.push(message) } });
  federated = new SnowflakeAdapter({ ...config, auth_mode: 'azure_entra_id', entra_scope: `${AUDIENCE}/session:scope:ANALYST_READ` });
  await initStatementGate();
});

afterAll(async () => {
  await server?.close();
  await entra?.close();
});

describe('Snowflake adapter over its REST API', () => {
  test('logs in with the configured warehouse and role and reads JSON-safe values (NUMBER, VARIANT, DATE)', async () => {
    const result = await adapter.runQuery('SELECT id, price, doc, on_day, ok, ratio, label FROM typed ORDER BY id NULLS LAST', QUERY_OPTIONS);
    expect(result.columns.map((column) => column.type)).toEqual(['fixed', 'fixed', 'variant', 'date', 'boolean', 'real', 'text']);
    expect(result.rows).toEqual([
      ['9007199254740993', 12.34, { a: [1, 2], b: 'x' }, '2024-02-29', true, 0.25, 'héllo'],
      [null, null, null, null, null, null, null],
    ]);
    expect(server.logins.at(-1)).toMatchObject({ authenticator: 'SNOWFLAKE', user: 'DATATHREAD', accepted: true, role: 'ANALYST_READ', database: 'SHOP', warehouse: 'REPORTING' });
    expect(warnings).toEqual([]);
  });

  test('DATE is YYYY-MM-DD on both sides of 1970 and at the ends of the calendar', async () => {
    const result = await adapter.runQuery(
      "SELECT DATE '1969-12-31' AS before_epoch, DATE '1970-01-01' AS epoch, DATE '1582-10-15' AS gregorian, DATE '0001-01-01' AS first_day, DATE '9999-12-31' AS last_day, DATE '2000-02-29' AS leap",
      QUERY_OPTIONS,
    );
    expect(result.rows).toEqual([['1969-12-31', '1970-01-01', '1582-10-15', '0001-01-01', '9999-12-31', '2000-02-29']]);
  });

  test('DATE is YYYY-MM-DD whatever DATE_OUTPUT_FORMAT the account sets', async () => {
    const european = await startFakeSnowflake({ setup: [], passwords: { DATATHREAD: SERVICE_PASSWORD }, resultParameters: { DATE_OUTPUT_FORMAT: 'DD/MM/YYYY' } });
    try {
      const reader = new SnowflakeAdapter(databaseConfig({ type: 'snowflake', host: '127.0.0.1', port: european.port, user: 'DATATHREAD', password: SERVICE_PASSWORD }));
      const result = await reader.runQuery("SELECT DATE '2024-02-29' AS on_day, NULL::DATE AS missing", QUERY_OPTIONS);
      expect(result.rows).toEqual([['2024-02-29', null]]);
    } finally {
      await european.close();
    }
  });

  test('two columns with the same name each keep their own value', async () => {
    const result = await adapter.runQuery("SELECT 1 AS id, 'a' AS label, 2 AS id", QUERY_OPTIONS);
    expect(result.columns.map((column) => column.name)).toEqual(['id', 'label', 'id']);
    expect(result.rows).toEqual([[1, 'a', 2]]);
  });

  test('a role that can write is named in a warning at the first connection', async () => {
    const messages: string[] = [];
    const admin = new SnowflakeAdapter(databaseConfig({ type: 'snowflake', host: '127.0.0.1', port: server.port, role: 'SYSADMIN', user: 'DATATHREAD', password: SERVICE_PASSWORD }), { logger: { warn: (message) => messages.push(message) } });
    await admin.runQuery('SELECT 1 AS one', QUERY_OPTIONS);
    await admin.runQuery('SELECT 1 AS one', QUERY_OPTIONS);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatch(/role SYSADMIN can write \(INSERT, OWNERSHIP\).*SELECT only/);
  });

  test('caps a ten-million-row result without downloading the remaining chunks', async () => {
    const growth = memorySnapshot();
    const result = await adapter.runQuery('SELECT a.id * 1000 + b.id AS n FROM thousands a CROSS JOIN thousands b WHERE b.id < 1000 ORDER BY n', { rowCap: 3000, timeoutMs: 60_000 });
    expect(result.rows).toHaveLength(3000);
    expect(result.rows[2999]).toEqual([2999]);
    expect(result.truncated).toBe(true);
    // The sdk prefetches a few chunks ahead; the other two thousand are never asked for.
    expect(server.queries.at(-1)!.chunksServed).toBeLessThan(10);
    expect(growth().heapUsedMb).toBeLessThan(80);
  });

  test('STATEMENT_TIMEOUT_IN_SECONDS ends a slow query as a timeout, and the next query runs', async () => {
    await expect(adapter.runQuery('SELECT count(*) FROM range(100000000000) a', { rowCap: 10, timeoutMs: 1000 })).rejects.toThrow(QueryTimeoutError);
    expect(server.queries.at(-1)!.state).toBe('timed out');
    expect((await adapter.runQuery('SELECT count(*) AS n FROM sales', QUERY_OPTIONS)).rows).toEqual([[3]]);
  });

  test('a Stop cancels the statement with abort-request', async () => {
    const controller = new AbortController();
    const reason = new Error('stopped by the asker');
    const running = adapter.runQuery('SELECT count(*) FROM range(100000000000) a', { rowCap: 10, timeoutMs: 60_000, signal: controller.signal });
    await expect.poll(() => server.queries.at(-1)?.sql === 'SELECT count(*) FROM range(100000000000) a' && server.queries.at(-1)?.state, { timeout: 15_000 }).toBe('running');
    controller.abort(reason);
    await expect(running).rejects.toBe(reason);
    await expect.poll(() => server.queries.at(-1)!.state, { timeout: 10_000 }).toBe('cancelled');
    expect(server.aborts.length).toBeGreaterThan(0);
  });

  test('a SQL error is a repairable QueryFailedError with Snowflake’s code', async () => {
    const failure = await failureOf(adapter.runQuery('SELECT * FROM missing_table', QUERY_OPTIONS));
    expect(failure).toBeInstanceOf(QueryFailedError);
    expect(failure.message).toMatch(/missing_table.*\(002003\)/s);
  });

  test('introspection lists tables and columns', async () => {
    const summary = await adapter.introspect();
    expect(summary.tables.find((table) => table.name === 'sales_all')?.columns.map((column) => column.name)).toEqual(['owner', 'region', 'amount']);
  });

  test('a wrong password is an unreachable database whose message carries no secret', async () => {
    const wrong = new SnowflakeAdapter(databaseConfig({ type: 'snowflake', host: '127.0.0.1', port: server.port, user: 'DATATHREAD', password: 'guessed-password' }));
    const failure = await failureOf(wrong.runQuery('SELECT 1', QUERY_OPTIONS));
    expect(failure).toBeInstanceOf(DatabaseUnavailableError);
    expect(failure.message).toContain('refused the credentials');
    expect(failure.message).not.toContain('guessed-password');
  });
});

describe('auth_mode azure_entra_id: authenticator OAUTH with the asker’s Entra token', () => {
  test('without a token nothing connects', async () => {
    const before = server.logins.length;
    await expect(federated.runQuery('SELECT 1', QUERY_OPTIONS)).rejects.toThrow(UserCredentialRequiredError);
    expect(server.logins.length).toBe(before);
  });

  test('Alice’s query runs as Alice and sees only her rows; Bob sees only his', async () => {
    const before = server.logins.length;
    const alice = await federated.runQuery('SELECT owner, region, amount FROM sales ORDER BY amount', { ...QUERY_OPTIONS, credential: { userName: ALICE, accessToken: entra.issueUserToken(ALICE, { audience: AUDIENCE }) } });
    expect(alice.rows).toEqual([
      [ALICE, 'North', 100],
      [ALICE, 'South', 150],
    ]);
    const bob = await federated.runQuery('SELECT owner, region, amount FROM sales ORDER BY amount', { ...QUERY_OPTIONS, credential: { userName: BOB, accessToken: entra.issueUserToken(BOB, { audience: AUDIENCE }) } });
    expect(bob.rows).toEqual([[BOB, 'North', 900]]);
    expect(server.logins.slice(before).map((login) => [login.authenticator, login.user, login.accepted])).toEqual([
      ['OAUTH', ALICE, true],
      ['OAUTH', BOB, true],
    ]);
  });

  test('an expired token is refused at login and becomes a sign-in request, never the configured password', async () => {
    const before = server.logins.length;
    const expired = entra.issueUserToken(ALICE, { audience: AUDIENCE, expiresInSeconds: -60 });
    const failure = await failureOf(federated.runQuery('SELECT 1', { ...QUERY_OPTIONS, credential: { userName: ALICE, accessToken: expired } }));
    expect(failure).toBeInstanceOf(UserCredentialRequiredError);
    expect(failure.message).not.toContain(expired);
    expect(server.logins.slice(before).map((login) => [login.authenticator, login.accepted])).toEqual([['OAUTH', false]]);
  });
});

const WRITES = ["INSERT INTO sales_all VALUES ('x', 'West', 1)", 'DELETE FROM sales_all', 'UPDATE sales_all SET amount = 0', 'DROP TABLE sales_all', 'CREATE TABLE copy AS SELECT * FROM sales_all'];

describe('Snowflake refuses writes at the gate, and the SELECT-only role refuses them at the server', () => {
  test.each(WRITES)('%s', async (sql) => {
    const before = await salesSnapshot();
    expect(checkReadOnly(sql, { dialect: 'snowflake', allowFileAccess: false }).allowed).toBe(false);
    await expect(adapter.runQuery(sql, QUERY_OPTIONS)).rejects.toThrow(/Insufficient privileges/);
    expect(await salesSnapshot()).toEqual(before);
  });

  test.each([
    ['PUT file:///etc/passwd @~/staged', 'PUT statements'],
    ['GET @~/staged file:///tmp/', 'GET statements'],
    ['COPY INTO @~/unload FROM sales', 'COPY statements'],
    ["CREATE STAGE exfil URL = 's3://bucket/'", 'CREATE statements'],
    ["EXECUTE IMMEDIATE 'DROP TABLE sales'", 'EXECUTE statements'],
    ['CALL cleanup()', 'CALL statements'],
    ['USE ROLE ACCOUNTADMIN', 'USE statements'],
    ['SELECT $1, $2 FROM @my_stage/exports/ (FILE_FORMAT => my_csv)', 'Reading a stage'],
    ['SELECT SYSTEM$CANCEL_ALL_QUERIES(1)', 'Function system$cancel_all_queries'],
    ["ALTER SESSION SET QUERY_TAG = 'x'", 'ALTER'],
    ["SELECT 'it\\'s'; DROP TABLE sales", 'DROP statements'],
  ])('refuses %s', (sql, reason) => {
    const verdict = checkReadOnly(sql, { dialect: 'snowflake', allowFileAccess: false });
    expect(verdict.allowed).toBe(false);
    expect(verdict.allowed ? '' : verdict.reason).toContain(reason);
  });

  test.each([
    'SELECT region, SUM(amount) AS total FROM sales GROUP BY region ORDER BY region LIMIT 10',
    "SELECT doc:a::string AS a FROM typed WHERE IFF(ok, 1, 0) = 1",
    "SELECT * FROM TABLE(FLATTEN(input => PARSE_JSON('[1, 2]')))",
    'SELECT * FROM sales QUALIFY ROW_NUMBER() OVER (PARTITION BY region ORDER BY amount) = 1',
    'SHOW TABLES',
  ])('allows %s', (sql) => {
    expect(checkReadOnly(sql, { dialect: 'snowflake', allowFileAccess: false })).toMatchObject({ allowed: true });
  });
});
