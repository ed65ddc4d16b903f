// The BigQuery adapter, through the real @google-cloud/bigquery client and google-auth-library's
// service-account JWT, against a server that speaks BigQuery's REST API and executes on DuckDB
// (test/fakes/bigquery-server.ts).
import { generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { databaseConfigSchema } from '../../src/databases/database-config.js';
import { BigQueryAdapter } from '../../src/databases/bigquery/bigquery-adapter.js';
import { DatabaseUnavailableError, QueryFailedError, QueryTimeoutError } from '../../src/databases/errors.js';
import { checkReadOnly, initStatementGate } from '../../src/sql/statement-gate.js';
import { startFakeBigQuery, type FakeBigQuery } from '../fakes/bigquery-server.js';
import { databaseConfig, failureOf, memorySnapshot, QUERY_OPTIONS } from './database-test-helpers.js';

const PROJECT = 'acme-analytics';
const CLIENT_EMAIL = 'datathread-reader@acme-analytics.iam.gserviceaccount.com';
const SETUP = [
  'CREATE SCHEMA shop',
  'CREATE TABLE shop.sales (id INTEGER, region VARCHAR, amount DECIMAL(10, 2), precise DECIMAL(38, 20), sold_on DATE, sold_at TIMESTAMPTZ, tags VARCHAR[], buyer STRUCT(name VARCHAR, vip BOOLEAN), big BIGINT)',
  "INSERT INTO shop.sales VALUES (1, 'North', 100.50, 12345678901234567.12345678901234567891, DATE '2024-01-31', TIMESTAMPTZ '2024-01-31 10:00:00+00', ['a', 'b'], {'name': 'Ann', 'vip': true}, 9007199254740993), (2, 'South', 50.25, 1.5, DATE '2024-02-29', TIMESTAMPTZ '2024-02-29 12:30:00.5+00', [], NULL, 7)",
  'CREATE TABLE shop.thousands AS SELECT range AS id FROM range(10000)',
  'CREATE TABLE shop.clickstream (id INTEGER)',
];

function serviceAccountKey(): { json: Record<string, string>; publicKeyPem: string } {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    json: { type: 'service_account', project_id: PROJECT, client_email: CLIENT_EMAIL, private_key_id: 'key-1', private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString() },
    publicKeyPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  };
}

let bigquery: FakeBigQuery;
let adapter: BigQueryAdapter;
let key: ReturnType<typeof serviceAccountKey>;

function config(overrides: Record<string, unknown> = {}) {
  return databaseConfig({ type: 'bigquery', name: 'warehouse', host: '127.0.0.1', port: Number(new URL(bigquery.url).port), project_id: PROJECT, dataset_id: 'shop', credentials_json: key.json, ...overrides });
}

async function snapshot(): Promise<unknown> {
  return {
    data: await bigquery.inspect('SELECT count(*)::INTEGER, sum(amount)::VARCHAR FROM shop.sales'),
    tables: await bigquery.inspect(`SELECT table_name FROM information_schema.tables WHERE table_catalog = '${PROJECT}' ORDER BY 1`),
  };
}

beforeAll(async () => {
  key = serviceAccountKey();
  // The clickstream table counts as 50 GB in the dry-run estimate: over the 10 GB default budget.
  bigquery = await startFakeBigQuery({ projectId: PROJECT, setup: SETUP, serviceAccount: { clientEmail: CLIENT_EMAIL, publicKeyPem: key.publicKeyPem }, tableBytes: { clickstream: 50e9 }, readOnly: true, pageRows: 2000 });
  adapter = new BigQueryAdapter(config());
  await initStatementGate();
});

afterAll(async () => {
  await adapter?.close();
  await bigquery?.close();
});

describe('BigQuery adapter', () => {
  test('dry-runs, then runs the job with maximumBytesBilled, reading NUMERIC, BIGNUMERIC, STRUCT, ARRAY and TIMESTAMP as JSON values', async () => {
    const before = bigquery.jobs.length;
    const result = await adapter.runQuery('SELECT id, region, amount, precise, sold_on, sold_at, tags, buyer, big FROM sales ORDER BY id', QUERY_OPTIONS);
    expect(result.columns).toEqual([
      { name: 'id', type: 'int64' },
      { name: 'region', type: 'string' },
      { name: 'amount', type: 'numeric' },
      { name: 'precise', type: 'bignumeric' },
      { name: 'sold_on', type: 'date' },
      { name: 'sold_at', type: 'timestamp' },
      { name: 'tags', type: 'array<string>' },
      { name: 'buyer', type: 'struct<name string, vip bool>' },
      { name: 'big', type: 'int64' },
    ]);
    expect(result.rows).toEqual([
      [1, 'North', 100.5, '12345678901234567.12345678901234567891', '2024-01-31', '2024-01-31T10:00:00.000Z', ['a', 'b'], { name: 'Ann', vip: true }, '9007199254740993'],
      [2, 'South', 50.25, 1.5, '2024-02-29', '2024-02-29T12:30:00.500Z', [], null, 7],
    ]);
    const [dryRun, job] = bigquery.jobs.slice(before);
    expect(dryRun).toMatchObject({ dryRun: true, sql: expect.stringContaining('FROM sales') });
    expect(job).toMatchObject({ dryRun: false, maximumBytesBilled: String(10 * 1000 ** 3), state: 'DONE' });
    expect(result.bytesScanned).toEqual({ bytes: dryRun!.estimatedBytes, estimated: true });
    expect(result.bytesScanned!.bytes).toBeGreaterThan(0);
    // Every request was signed by the service account.
    expect(bigquery.requests.slice(-3).every((request) => request.principal === CLIENT_EMAIL)).toBe(true);
  });

  test('a query over maximum_bytes_billed is refused with its estimate after the dry run, and never runs', async () => {
    const before = bigquery.jobs.length;
    const failure = await failureOf(adapter.runQuery('SELECT count(*) FROM clickstream', QUERY_OPTIONS));
    expect(failure).toBeInstanceOf(QueryFailedError);
    expect(failure.message).toContain('would scan 50.0 GB');
    expect(failure.message).toContain('maximum_bytes_billed of 10.0 GB');
    expect(bigquery.jobs.slice(before).map((job) => job.dryRun)).toEqual([true]);
  });

  test('a configured maximum_bytes_billed is sent with the job, and BigQuery enforces it too', async () => {
    const roomy = new BigQueryAdapter(config({ maximum_bytes_billed: 100e9 }));
    const result = await roomy.runQuery('SELECT count(*) AS n FROM clickstream', QUERY_OPTIONS);
    expect(result.rows).toEqual([[0]]);
    expect(bigquery.jobs.at(-1)!.maximumBytesBilled).toBe(String(100e9));
  });

  test('max_scan_bytes, the cap every engine shares, is the maximum_bytes_billed BigQuery checks and enforces', async () => {
    const capped = new BigQueryAdapter(config({ max_scan_bytes: 20e9, maximum_bytes_billed: 100e9 }));
    const failure = await failureOf(capped.runQuery('SELECT count(*) FROM clickstream', QUERY_OPTIONS));
    expect(failure.message).toContain('maximum_bytes_billed of 20.0 GB');
    const roomy = new BigQueryAdapter(config({ max_scan_bytes: 60e9 }));
    await roomy.runQuery('SELECT count(*) AS n FROM clickstream', QUERY_OPTIONS);
    expect(bigquery.jobs.at(-1)!.maximumBytesBilled).toBe(String(60e9));
  });

  test('a write that passes the statement gate is stopped by the dry run’s statementType', async () => {
    const before = await snapshot();
    const jobsBefore = bigquery.jobs.length;
    const failure = await failureOf(adapter.runQuery("INSERT INTO sales (id, region) VALUES (3, 'West')", QUERY_OPTIONS));
    expect(failure).toBeInstanceOf(QueryFailedError);
    expect(failure.message).toContain('reads this as a INSERT statement, not a SELECT');
    expect(bigquery.jobs.slice(jobsBefore).every((job) => job.dryRun)).toBe(true);
    expect(await snapshot()).toEqual(before);
  });

  test('caps a ten-million-row result after a few pages', async () => {
    const growth = memorySnapshot();
    const result = await adapter.runQuery('SELECT a.id * 1000 + b.id AS n FROM thousands a CROSS JOIN thousands b WHERE b.id < 1000', QUERY_OPTIONS);
    expect(result.rows).toHaveLength(1000);
    expect(result.truncated).toBe(true);
    expect(bigquery.jobs.at(-1)!.rowsServed).toBeLessThanOrEqual(1001);
    expect(growth().heapUsedMb).toBeLessThan(50);
  });

  test('reads every page through pageToken until the result ends', async () => {
    const result = await adapter.runQuery('SELECT id FROM thousands ORDER BY id', { rowCap: 20_000, timeoutMs: 10_000 });
    expect(result.rows).toHaveLength(10_000);
    expect(result.rows[9_999]).toEqual([9_999]);
    expect(result.truncated).toBe(false);
    expect(bigquery.jobs.at(-1)!.pagesServed).toBeGreaterThan(1);
  });

  test('a missing table is a repairable QueryFailedError', async () => {
    const failure = await failureOf(adapter.runQuery('SELECT * FROM missing_table', QUERY_OPTIONS));
    expect(failure).toBeInstanceOf(QueryFailedError);
    expect(failure.message).toContain('missing_table');
  });

  test('jobTimeoutMs ends a slow job as a timeout, and the next query runs', async () => {
    await expect(adapter.runQuery('SELECT count(*) FROM range(100000000000) a', { rowCap: 10, timeoutMs: 1000 })).rejects.toThrow(QueryTimeoutError);
    expect(bigquery.jobs.at(-1)!.errorReason).toBe('timeout');
    expect((await adapter.runQuery('SELECT count(*) AS n FROM sales', QUERY_OPTIONS)).rows).toEqual([[2]]);
  });

  test('an abort cancels the job with jobs.cancel and the adapter stays usable', async () => {
    const controller = new AbortController();
    const reason = new Error('stopped by the asker');
    const running = adapter.runQuery('SELECT count(*) FROM range(100000000000) a', { rowCap: 10, timeoutMs: 60_000, signal: controller.signal });
    await expect.poll(() => bigquery.jobs.at(-1)?.state).toBe('RUNNING');
    controller.abort(reason);
    await expect(running).rejects.toBe(reason);
    const job = bigquery.jobs.at(-1)!;
    await expect.poll(() => job.cancelled).toBe(true);
    expect(bigquery.requests.some((request) => request.path.endsWith(`/jobs/${job.jobId}/cancel`))).toBe(true);
    expect((await adapter.runQuery('SELECT count(*) AS n FROM sales', QUERY_OPTIONS)).rows).toEqual([[2]]);
  });

  test('introspection lists the dataset’s tables and columns with BigQuery type names', async () => {
    const summary = await adapter.introspect();
    const sales = summary.tables.find((table) => table.name === 'sales');
    expect(sales?.schema).toBe('shop');
    expect(sales?.columns.slice(0, 3)).toEqual([{ name: 'id', type: 'int64' }, { name: 'region', type: 'string' }, { name: 'amount', type: 'numeric' }]);
  });

  test('a key the service does not know is an unreachable database whose message carries no key material', async () => {
    const other = serviceAccountKey();
    const stranger = new BigQueryAdapter(config({ credentials_json: JSON.stringify(other.json) }));
    const failure = await failureOf(stranger.runQuery('SELECT 1', QUERY_OPTIONS));
    expect(failure).toBeInstanceOf(DatabaseUnavailableError);
    expect(failure.message).toContain('refused the credentials');
    expect(failure.message).not.toContain('PRIVATE KEY');
  });

  test('the config needs project_id and keeps nao’s field names', () => {
    expect(databaseConfigSchema.safeParse({ name: 'bq', type: 'bigquery' }).error?.issues.map((issue) => issue.path.join('.'))).toEqual(['project_id']);
    expect(databaseConfigSchema.parse({ name: 'bq', type: 'bigquery', project_id: PROJECT, dataset_id: 'shop', credentials_path: '/etc/key.json', location: 'EU', maximum_bytes_billed: '5000000000' })).toMatchObject({ maximum_bytes_billed: 5e9 });
    expect(databaseConfigSchema.safeParse({ name: 'bq', type: 'bigquery', project_id: PROJECT, auth_mode: 'azure_entra_id' }).success).toBe(false);
  });
});

const WRITES = [
  "INSERT INTO sales (id, region) VALUES (3, 'West')",
  'DELETE FROM sales WHERE true',
  'UPDATE sales SET amount = 0 WHERE true',
  'CREATE TABLE copy AS SELECT * FROM sales',
  'DROP TABLE sales',
  'TRUNCATE TABLE sales',
  "MERGE sales t USING sales s ON t.id = s.id WHEN MATCHED THEN UPDATE SET amount = 0",
];

describe('BigQuery refuses writes at the gate and, past it, in the dry run', () => {
  test.each(WRITES)('%s', async (sql) => {
    const before = await snapshot();
    expect(checkReadOnly(sql, { dialect: 'bigquery', allowFileAccess: false }).allowed).toBe(false);
    await expect(adapter.runQuery(sql, QUERY_OPTIONS)).rejects.toThrow(QueryFailedError);
    expect(await snapshot()).toEqual(before);
  });

  test('BigQuery’s own side-effect statements and pass-through functions are refused at the gate', () => {
    for (const sql of [
      "EXPORT DATA OPTIONS (uri = 'gs://bucket/*.csv', format = 'CSV') AS SELECT * FROM sales",
      "LOAD DATA INTO shop.sales FROM FILES (format = 'CSV', uris = ['gs://bucket/a.csv'])",
      "EXECUTE IMMEDIATE 'DELETE FROM sales WHERE true'",
      'CALL shop.cleanup()',
      'DECLARE x INT64 DEFAULT 1',
      "SET @@dataset_id = 'other'",
      "SELECT * FROM EXTERNAL_QUERY('acme.us.pg', 'DELETE FROM t RETURNING *')",
      'BEGIN TRANSACTION',
      'SELECT 1; DELETE FROM sales WHERE true',
    ]) {
      expect(checkReadOnly(sql, { dialect: 'bigquery', allowFileAccess: false }).allowed, sql).toBe(false);
    }
    for (const sql of ['SELECT region, SUM(amount) FROM `acme-analytics.shop.sales` GROUP BY region', "SELECT * FROM shop.sales # comment\nWHERE region = \"North\"", 'SELECT ARRAY_LENGTH(tags), buyer.name FROM sales LIMIT 5',
      // BigQuery reads \' as a quote inside the string: this is one SELECT of one string, as the gate reads it.
      "SELECT 'a\\' ; DELETE FROM sales WHERE true; --'"]) {
      expect(checkReadOnly(sql, { dialect: 'bigquery', allowFileAccess: false }).allowed, sql).toBe(true);
    }
  });
});
