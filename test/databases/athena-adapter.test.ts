// The Athena adapter, through the real @aws-sdk/client-athena (SigV4-signed AWS JSON 1.1), against
// a server that speaks Athena's API and executes on DuckDB (test/fakes/athena-server.ts).
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { databaseConfigSchema } from '../../src/databases/database-config.js';
import { AthenaAdapter } from '../../src/databases/athena/athena-adapter.js';
import { DatabaseUnavailableError, QueryFailedError, QueryTimeoutError } from '../../src/databases/errors.js';
import { checkReadOnly, initStatementGate } from '../../src/sql/statement-gate.js';
import { startFakeAthena, type FakeAthena } from '../fakes/athena-server.js';
import { databaseConfig, failureOf, memorySnapshot, QUERY_OPTIONS } from './database-test-helpers.js';

const ACCESS_KEY_ID = 'AKIADATATHREADREADER';
const SECRET_ACCESS_KEY = 'reader-secret-access-key-0123456789';
const SETUP = [
  'CREATE SCHEMA shop',
  'CREATE TABLE shop.sales (id INTEGER, region VARCHAR, amount DECIMAL(10, 2), ratio DOUBLE, sold_on DATE, paid BOOLEAN, big BIGINT, tags VARCHAR[])',
  "INSERT INTO shop.sales VALUES (1, 'North', 100.50, 0.25, DATE '2024-01-31', true, 9007199254740993, ['a', 'b']), (2, 'South', 50.25, 'NaN', DATE '2024-02-29', false, 7, [])",
  'CREATE TABLE shop.thousands AS SELECT range AS id FROM range(10000)',
];

let athena: FakeAthena;
let adapter: AthenaAdapter;

function config(overrides: Record<string, unknown> = {}) {
  return databaseConfig({ type: 'athena', name: 'lake', host: '127.0.0.1', port: Number(new URL(athena.url).port), region_name: 'eu-west-1', s3_staging_dir: 's3://acme-athena-results/datathread/', work_group: 'analysts', schema_name: 'shop', aws_access_key_id: ACCESS_KEY_ID, aws_secret_access_key: SECRET_ACCESS_KEY, ...overrides });
}

async function snapshot(): Promise<unknown> {
  return {
    data: await athena.inspect('SELECT count(*)::INTEGER, sum(amount)::VARCHAR FROM shop.sales'),
    tables: await athena.inspect("SELECT table_name FROM information_schema.tables WHERE table_schema = 'shop' ORDER BY 1"),
  };
}

beforeAll(async () => {
  athena = await startFakeAthena({ setup: SETUP, accessKeys: { [ACCESS_KEY_ID]: SECRET_ACCESS_KEY }, workGroups: { analysts: {}, primary: {} }, readOnly: true });
  adapter = new AthenaAdapter(config());
  await initStatementGate();
});

afterAll(async () => {
  await adapter?.close();
  await athena?.close();
});

describe('Athena adapter', () => {
  test('starts the query in the workgroup with the output location, polls it and reads JSON-safe values without the header row', async () => {
    const result = await adapter.runQuery('SELECT id, region, amount, ratio, sold_on, paid, big, tags FROM sales ORDER BY id', QUERY_OPTIONS);
    expect(result.columns).toEqual([
      { name: 'id', type: 'integer' },
      { name: 'region', type: 'varchar' },
      { name: 'amount', type: 'decimal' },
      { name: 'ratio', type: 'double' },
      { name: 'sold_on', type: 'date' },
      { name: 'paid', type: 'boolean' },
      { name: 'big', type: 'bigint' },
      { name: 'tags', type: 'array' },
    ]);
    expect(result.rows).toEqual([
      [1, 'North', 100.5, 0.25, '2024-01-31', true, '9007199254740993', '[a, b]'],
      [2, 'South', 50.25, null, '2024-02-29', false, 7, '[]'],
    ]);
    const query = athena.queries.at(-1)!;
    expect(query).toMatchObject({ workGroup: 'analysts', outputLocation: 's3://acme-athena-results/datathread/', database: 'shop', state: 'SUCCEEDED' });
    expect(result.bytesScanned).toEqual({ bytes: query.scannedBytes, estimated: false });
    expect(query.scannedBytes).toBeGreaterThan(0);
    expect(athena.requests.slice(-4).every((request) => request.accessKeyId === ACCESS_KEY_ID)).toBe(true);
    expect(athena.requests.some((request) => request.operation === 'GetQueryExecution')).toBe(true);
  });

  test('caps a ten-million-row result after a couple of pages', async () => {
    const growth = memorySnapshot();
    const result = await adapter.runQuery('SELECT a.id * 1000 + b.id AS n FROM thousands a CROSS JOIN thousands b WHERE b.id < 1000', QUERY_OPTIONS);
    expect(result.rows).toHaveLength(1000);
    expect(result.truncated).toBe(true);
    expect(athena.queries.at(-1)!.rowsServed).toBeLessThanOrEqual(1001);
    expect(growth().heapUsedMb).toBeLessThan(50);
  });

  test('follows NextToken across pages until the result ends', async () => {
    const result = await adapter.runQuery('SELECT id FROM thousands ORDER BY id', { rowCap: 20_000, timeoutMs: 10_000 });
    expect(result.rows).toHaveLength(10_000);
    expect(result.rows[0]).toEqual([0]);
    expect(result.rows[9_999]).toEqual([9_999]);
    expect(result.truncated).toBe(false);
    expect(athena.queries.at(-1)!.pagesServed).toBeGreaterThan(9);
  });

  test('a failed query is a repairable QueryFailedError with Athena’s reason', async () => {
    const failure = await failureOf(adapter.runQuery('SELECT * FROM missing_table', QUERY_OPTIONS));
    expect(failure).toBeInstanceOf(QueryFailedError);
    expect(failure.message).toContain('TABLE_NOT_FOUND');
  });

  test('the timeout stops the query with StopQueryExecution, and the next query runs', async () => {
    await expect(adapter.runQuery('SELECT count(*) FROM range(100000000000) a', { rowCap: 10, timeoutMs: 1000 })).rejects.toThrow(QueryTimeoutError);
    const query = athena.queries.at(-1)!;
    await expect.poll(() => query.state).toBe('CANCELLED');
    expect(athena.requests.some((request) => request.operation === 'StopQueryExecution' && request.body.QueryExecutionId === query.id)).toBe(true);
    expect((await adapter.runQuery('SELECT count(*) AS n FROM sales', QUERY_OPTIONS)).rows).toEqual([[2]]);
  });

  test('an abort stops the query and the adapter stays usable', async () => {
    const controller = new AbortController();
    const reason = new Error('stopped by the asker');
    const running = adapter.runQuery('SELECT count(*) FROM range(100000000000) a', { rowCap: 10, timeoutMs: 60_000, signal: controller.signal });
    await expect.poll(() => athena.queries.at(-1)?.state).toBe('RUNNING');
    controller.abort(reason);
    await expect(running).rejects.toBe(reason);
    await expect.poll(() => athena.queries.at(-1)!.state).toBe('CANCELLED');
    expect((await adapter.runQuery('SELECT count(*) AS n FROM sales', QUERY_OPTIONS)).rows).toEqual([[2]]);
  });

  test('introspection lists the database’s tables and columns', async () => {
    const summary = await adapter.introspect();
    const sales = summary.tables.find((table) => table.name === 'sales');
    expect(sales?.schema).toBe('shop');
    expect(sales?.columns.map((column) => column.name)).toEqual(['id', 'region', 'amount', 'ratio', 'sold_on', 'paid', 'big', 'tags']);
  });

  test('a wrong secret or an unknown workgroup is an unreachable database whose message carries no secret', async () => {
    const wrong = new AthenaAdapter(config({ aws_secret_access_key: 'guessed-secret-key' }));
    const signature = await failureOf(wrong.runQuery('SELECT 1', QUERY_OPTIONS));
    expect(signature).toBeInstanceOf(DatabaseUnavailableError);
    expect(signature.message).toContain('AWS refused the credentials (InvalidSignatureException');
    expect(signature.message).not.toContain('guessed-secret-key');
    const lost = new AthenaAdapter(config({ work_group: 'nobody' }));
    const workGroup = await failureOf(lost.runQuery('SELECT 1', QUERY_OPTIONS));
    expect(workGroup).toBeInstanceOf(DatabaseUnavailableError);
    expect(workGroup.message).toContain('WorkGroup nobody is not found');
  });

  test('the config needs region_name and an s3:// s3_staging_dir, with nao’s field names', () => {
    expect(databaseConfigSchema.safeParse({ name: 'lake', type: 'athena' }).error?.issues.map((issue) => issue.path.join('.')).sort()).toEqual(['region_name', 's3_staging_dir']);
    expect(databaseConfigSchema.safeParse({ name: 'lake', type: 'athena', region_name: 'eu-west-1', s3_staging_dir: '/tmp/results' }).success).toBe(false);
    expect(databaseConfigSchema.parse({ name: 'lake', type: 'athena', region_name: 'eu-west-1', s3_staging_dir: 's3://bucket/prefix/', work_group: 'analysts', profile_name: 'readonly' })).toMatchObject({ work_group: 'analysts' });
  });
});

const WRITES = [
  "INSERT INTO sales (id, region) VALUES (3, 'West')",
  'DELETE FROM sales',
  'UPDATE sales SET amount = 0',
  'CREATE TABLE copy AS SELECT * FROM sales',
  'DROP TABLE sales',
  'ALTER TABLE sales ADD COLUMN note VARCHAR',
];

describe('Athena refuses writes at the gate and, past it, through the read-only grant', () => {
  test.each(WRITES)('%s', async (sql) => {
    const before = await snapshot();
    expect(checkReadOnly(sql, { dialect: 'athena', allowFileAccess: false }).allowed).toBe(false);
    await expect(adapter.runQuery(sql, QUERY_OPTIONS)).rejects.toThrow(/PERMISSION_DENIED/);
    expect(await snapshot()).toEqual(before);
  });

  test('Athena’s own S3 and catalog writes are refused at the gate', () => {
    for (const sql of [
      "UNLOAD (SELECT * FROM sales) TO 's3://bucket/out/' WITH (format = 'PARQUET')",
      'MSCK REPAIR TABLE sales',
      'VACUUM sales',
      'OPTIMIZE sales REWRITE DATA USING BIN_PACK',
      "CALL system.sync_partition_metadata('shop', 'sales', 'FULL')",
    ]) {
      expect(checkReadOnly(sql, { dialect: 'athena', allowFileAccess: false }).allowed, sql).toBe(false);
    }
    expect(checkReadOnly('SHOW TABLES IN shop', { dialect: 'athena', allowFileAccess: false }).allowed).toBe(true);
  });
});
