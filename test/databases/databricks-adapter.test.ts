// The Databricks adapter, through the real @databricks/sql driver (Thrift over HTTPS), against a
// server that answers with the driver package's own TCLIService processor and executes on DuckDB
// (test/fakes/databricks-server.ts). Federated queries use tokens issued by the local Entra ID.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { databaseConfigSchema } from '../../src/databases/database-config.js';
import { DatabricksAdapter } from '../../src/databases/databricks/databricks-adapter.js';
import { DatabaseUnavailableError, QueryFailedError, QueryTimeoutError, UserCredentialRequiredError } from '../../src/databases/errors.js';
import { checkReadOnly, initStatementGate } from '../../src/sql/statement-gate.js';
import { AZURE_DATABRICKS_RESOURCE, startFakeDatabricks, type FakeDatabricks } from '../fakes/databricks-server.js';
import { startFakeEntra, type FakeEntra } from '../fakes/entra-server.js';
import { databaseConfig, failureOf, memorySnapshot, QUERY_OPTIONS } from './database-test-helpers.js';

const SERVICE_TOKEN = 'dapi-service-principal-token-0123456789';
const HTTP_PATH = '/sql/1.0/warehouses/abc123';
const ALICE = 'alice@contoso.com';
const BOB = 'bob@contoso.com';
const SETUP = [
  'CREATE SCHEMA shop',
  'CREATE TABLE shop.sales_data (owner VARCHAR, region VARCHAR, amount DECIMAL(10, 2), big BIGINT, attributes MAP(VARCHAR, INTEGER), tags VARCHAR[], sold_on DATE)',
  `INSERT INTO shop.sales_data VALUES ('${ALICE}', 'North', 100.50, 9007199254740991, MAP {'units': 3}, ['a', 'b'], DATE '2024-01-31'), ('${ALICE}', 'South', 150.00, 7, MAP {}, [], DATE '2024-02-29'), ('${BOB}', 'North', 900.25, 1, NULL, NULL, NULL)`,
  // A Unity Catalog row filter: each person sees their own rows; the service principal sees all.
  "CREATE VIEW shop.sales AS SELECT region, amount, big, attributes, tags, sold_on FROM shop.sales_data WHERE owner = getvariable('current_user') OR getvariable('current_user') = 'service-principal' ORDER BY owner, region",
  'CREATE TABLE shop.thousands AS SELECT range AS id FROM range(10000)',
];

let databricks: FakeDatabricks;
let entra: FakeEntra;
let adapter: DatabricksAdapter;
let federated: DatabricksAdapter;
let directory: string;

function config(overrides: Record<string, unknown> = {}) {
  return databaseConfig({ type: 'databricks', name: 'lakehouse', server_hostname: '127.0.0.1', port: databricks.port, http_path: HTTP_PATH, catalog: 'lakehouse', schema_name: 'shop', access_token: SERVICE_TOKEN, ssl_ca_path: join(directory, 'ca.pem'), ...overrides });
}

async function entraToken(upn: string): Promise<string> {
  return entra.issueUserToken(upn, { audience: AZURE_DATABRICKS_RESOURCE });
}

async function snapshot(): Promise<unknown> {
  return {
    data: await databricks.inspect('SELECT count(*)::INTEGER, sum(amount)::VARCHAR FROM lakehouse.shop.sales_data'),
    tables: await databricks.inspect("SELECT table_name FROM information_schema.tables WHERE table_catalog = 'lakehouse' ORDER BY 1"),
  };
}

beforeAll(async () => {
  entra = await startFakeEntra();
  databricks = await startFakeDatabricks({ catalog: 'lakehouse', setup: SETUP, httpPath: HTTP_PATH, tokens: { [SERVICE_TOKEN]: 'service-principal' }, verifyEntraToken: entra.verifyToken, readOnly: true });
  directory = await mkdtemp(join(tmpdir(), 'datathread-databricks-'));
  await writeFile(join(directory, 'ca.pem'), databricks.certificatePem);
  adapter = new DatabricksAdapter(config());
  federated = new DatabricksAdapter(config({ auth_mode: 'azure_entra_id', access_token: undefined }));
  await initStatementGate();
}, 60_000);

afterAll(async () => {
  await adapter?.close();
  await federated?.close();
  await databricks?.close();
  await entra?.close();
  if (directory) await rm(directory, { recursive: true, force: true });
});

describe('Databricks adapter', () => {
  test('reads rows with Databricks type names, DECIMAL exact, BIGINT, MAP and ARRAY as JSON', async () => {
    const result = await adapter.runQuery('SELECT region, amount, big, attributes, tags, sold_on FROM sales', QUERY_OPTIONS);
    expect(result.columns).toEqual([
      { name: 'region', type: 'string' },
      { name: 'amount', type: 'decimal(10,2)' },
      { name: 'big', type: 'bigint' },
      { name: 'attributes', type: 'map' },
      { name: 'tags', type: 'array' },
      { name: 'sold_on', type: 'date' },
    ]);
    expect(result.rows).toEqual([
      ['North', 100.5, 9007199254740991, { units: 3 }, ['a', 'b'], '2024-01-31'],
      ['South', 150, 7, {}, [], '2024-02-29'],
      ['North', 900.25, 1, null, null, null],
    ]);
    const statement = databricks.statements.at(-1)!;
    expect(statement).toMatchObject({ identity: 'service-principal', queryTimeoutSeconds: 10, state: 'FINISHED' });
    expect(databricks.requests.at(-1)!.authorization).toBe(`Bearer ${SERVICE_TOKEN}`);
  });

  test('caps a ten-million-row result with fetchChunk and cancels the rest', async () => {
    const growth = memorySnapshot();
    const result = await adapter.runQuery('SELECT a.id * 1000 + b.id AS n FROM thousands a CROSS JOIN thousands b WHERE b.id < 1000', QUERY_OPTIONS);
    expect(result.rows).toHaveLength(1000);
    expect(result.truncated).toBe(true);
    const statement = databricks.statements.at(-1)!;
    expect(statement.rowsServed).toBeLessThanOrEqual(1001);
    await expect.poll(() => databricks.statements.at(-1)!.cancelled).toBe(true);
    expect(growth().heapUsedMb).toBeLessThan(50);
  });

  test('fetches chunk after chunk until the result ends', async () => {
    const result = await adapter.runQuery('SELECT id FROM thousands ORDER BY id', { rowCap: 20_000, timeoutMs: 10_000 });
    expect(result.rows).toHaveLength(10_000);
    expect(result.rows[9_999]).toEqual([9_999]);
    expect(result.truncated).toBe(false);
  });

  test('a missing table is a repairable QueryFailedError with Databricks’ error class', async () => {
    const failure = await failureOf(adapter.runQuery('SELECT * FROM missing_table', QUERY_OPTIONS));
    expect(failure).toBeInstanceOf(QueryFailedError);
    expect(failure.message).toContain('TABLE_OR_VIEW_NOT_FOUND');
  });

  test('the warehouse’s statement timeout ends a slow query as a timeout, and the next query runs', async () => {
    await expect(adapter.runQuery('SELECT count(*) FROM range(100000000000) a', { rowCap: 10, timeoutMs: 1000 })).rejects.toThrow(QueryTimeoutError);
    expect(databricks.statements.at(-1)!.state).toBe('TIMEDOUT');
    expect((await adapter.runQuery('SELECT count(*) AS n FROM sales', QUERY_OPTIONS)).rows).toEqual([[3]]);
  });

  test('an abort cancels the operation and the adapter stays usable', async () => {
    const controller = new AbortController();
    const reason = new Error('stopped by the asker');
    const running = adapter.runQuery('SELECT count(*) FROM range(100000000000) a', { rowCap: 10, timeoutMs: 60_000, signal: controller.signal });
    await expect.poll(() => databricks.statements.at(-1)?.sql).toContain('range(100000000000)');
    controller.abort(reason);
    await expect(running).rejects.toBe(reason);
    await expect.poll(() => databricks.statements.at(-1)!.state).toBe('CANCELED');
    expect((await adapter.runQuery('SELECT count(*) AS n FROM sales', QUERY_OPTIONS)).rows).toEqual([[3]]);
  });

  test('introspection names tables with Unity Catalog’s three parts', async () => {
    const summary = await adapter.introspect();
    const sales = summary.tables.find((table) => table.name === 'sales');
    expect(sales?.schema).toBe('lakehouse.shop');
    expect(sales?.columns.slice(0, 2)).toEqual([{ name: 'region', type: 'string' }, { name: 'amount', type: 'decimal(10,2)' }]);
  });

  test('a refused token is an unreachable database whose message carries no token', async () => {
    const wrong = new DatabricksAdapter(config({ access_token: 'dapi-guessed-token-000' }));
    const failure = await failureOf(wrong.runQuery('SELECT 1', QUERY_OPTIONS));
    expect(failure).toBeInstanceOf(DatabaseUnavailableError);
    expect(failure.message).not.toContain('dapi-guessed-token-000');
    await wrong.close();
  });

  test('the config needs server_hostname and http_path, with nao’s field names', () => {
    expect(databaseConfigSchema.safeParse({ name: 'dbx', type: 'databricks' }).error?.issues.map((issue) => issue.path.join('.')).sort()).toEqual(['http_path', 'server_hostname']);
    expect(databaseConfigSchema.parse({ name: 'dbx', type: 'databricks', server_hostname: 'adb-1.azuredatabricks.net', http_path: HTTP_PATH, access_token: 'dapi', catalog: 'main' })).toMatchObject({ catalog: 'main' });
  });
});

describe('Databricks with the asker’s Entra ID token (auth_mode azure_entra_id)', () => {
  test('Alice’s query runs as Alice and sees Alice’s rows; Bob’s runs as Bob and sees Bob’s', async () => {
    await expect(federated.runQuery('SELECT 1', QUERY_OPTIONS)).rejects.toThrow(UserCredentialRequiredError);
    const alice = await federated.runQuery('SELECT region, amount FROM sales', { ...QUERY_OPTIONS, credential: { userName: ALICE, accessToken: await entraToken(ALICE) } });
    expect(alice.rows).toEqual([['North', 100.5], ['South', 150]]);
    expect(databricks.statements.at(-1)!.identity).toBe(ALICE);
    const bob = await federated.runQuery('SELECT region, amount FROM sales', { ...QUERY_OPTIONS, credential: { userName: BOB, accessToken: await entraToken(BOB) } });
    expect(bob.rows).toEqual([['North', 900.25]]);
    expect(databricks.statements.at(-1)!.identity).toBe(BOB);
    expect(databricks.sessions.filter((session) => session.identity === ALICE || session.identity === BOB).map((session) => session.identity).sort()).toEqual([ALICE, BOB]);
  });

  test('a token for another resource is refused and becomes a sign-in request, never the configured token', async () => {
    const before = databricks.requests.length;
    const wrongAudience = entra.issueUserToken(ALICE, { audience: 'https://database.windows.net' });
    await expect(federated.runQuery('SELECT 1', { ...QUERY_OPTIONS, credential: { userName: ALICE, accessToken: wrongAudience } })).rejects.toThrow(UserCredentialRequiredError);
    const sent = databricks.requests.slice(before);
    expect(sent.some((request) => request.authorization === `Bearer ${wrongAudience}` && request.identity === null)).toBe(true);
    expect(sent.some((request) => request.authorization === `Bearer ${SERVICE_TOKEN}`)).toBe(false);
  });

  test('a token that expired mid-turn is refused and becomes a sign-in request; a fresh token then works', async () => {
    const expired = entra.issueUserToken(ALICE, { audience: AZURE_DATABRICKS_RESOURCE, expiresInSeconds: -60 });
    const failure = await failureOf(federated.runQuery('SELECT region FROM sales', { ...QUERY_OPTIONS, credential: { userName: ALICE, accessToken: expired } }));
    expect(failure).toBeInstanceOf(UserCredentialRequiredError);
    expect(databricks.requests.at(-1)!.authorization).toBe(`Bearer ${expired}`);
    const fresh = await federated.runQuery('SELECT count(*) AS n FROM sales', { ...QUERY_OPTIONS, credential: { userName: ALICE, accessToken: await entraToken(ALICE) } });
    expect(fresh.rows).toEqual([[2]]);
  });
});

const WRITES = [
  "INSERT INTO shop.sales_data VALUES ('x', 'West', 1, 1, NULL, NULL, NULL)",
  'DELETE FROM shop.sales_data',
  'UPDATE shop.sales_data SET amount = 0',
  'CREATE TABLE copy AS SELECT * FROM shop.sales_data',
  'DROP TABLE shop.sales_data',
];

describe('Databricks refuses writes at the gate and, past it, through the SELECT-only grant', () => {
  test.each(WRITES)('%s', async (sql) => {
    const before = await snapshot();
    expect(checkReadOnly(sql, { dialect: 'databricks', allowFileAccess: false }).allowed).toBe(false);
    await expect(adapter.runQuery(sql, QUERY_OPTIONS)).rejects.toThrow(/INSUFFICIENT_PERMISSIONS/);
    expect(await snapshot()).toEqual(before);
  });

  test('Databricks’ own file, Delta and session statements are refused at the gate', () => {
    for (const sql of [
      "COPY INTO shop.sales_data FROM 's3://bucket/path' FILEFORMAT = CSV",
      'OPTIMIZE shop.sales_data',
      'VACUUM shop.sales_data RETAIN 0 HOURS',
      'RESTORE TABLE shop.sales_data TO VERSION AS OF 1',
      "SET spark.sql.ansi.enabled = false",
      'USE CATALOG other',
      "SELECT * FROM read_files('s3://bucket/path')",
      "SELECT * FROM parquet.`s3://bucket/path`",
      "SELECT reflect('java.lang.Runtime', 'getRuntime')",
    ]) {
      expect(checkReadOnly(sql, { dialect: 'databricks', allowFileAccess: false }).allowed, sql).toBe(false);
    }
    expect(checkReadOnly('SELECT region, sum(amount) FROM lakehouse.shop.sales GROUP BY region', { dialect: 'databricks', allowFileAccess: false }).allowed).toBe(true);
  });
});
