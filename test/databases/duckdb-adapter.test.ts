import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createDatabaseAdapter } from '../../src/databases/create-database-adapter.js';
import { DatabaseUnavailableError, QueryFailedError, QueryTimeoutError } from '../../src/databases/errors.js';
import type { DatabaseAdapter } from '../../src/databases/types.js';
import { databaseConfig, memorySnapshot, QUERY_OPTIONS } from './database-test-helpers.js';

let directory: string;
let databasePath: string;
let adapter: DatabaseAdapter;

const CHECKSUM_SQL = `SELECT count(*) AS row_count, md5(string_agg(id || ':' || label, ',' ORDER BY id)) AS checksum FROM t`;

async function checksum(target: DatabaseAdapter = adapter): Promise<unknown[]> {
  return (await target.runQuery(CHECKSUM_SQL, QUERY_OPTIONS)).rows[0]!;
}

beforeAll(async () => {
  directory = await mkdtemp(join(tmpdir(), 'datathread-duckdb-'));
  databasePath = join(directory, 'warehouse.duckdb');
  const instance = await DuckDBInstance.create(databasePath);
  const connection = await instance.connect();
  await connection.run(`CREATE TABLE t AS SELECT range::INTEGER AS id, 'row ' || range AS label FROM range(1, 101)`);
  await connection.run(`CREATE SCHEMA sales`);
  await connection.run(`CREATE TABLE sales.invoices (invoice_id BIGINT, amount DECIMAL(12, 2), issued_on DATE)`);
  connection.disconnectSync();
  instance.closeSync();
  adapter = await createDatabaseAdapter(databaseConfig({ type: 'duckdb', name: 'warehouse', path: databasePath }));
});

afterAll(async () => {
  await adapter?.close();
  await rm(directory, { recursive: true, force: true });
});

describe('DuckDB adapter: results', () => {
  test('normalises types and reports columns with lower-case type names', async () => {
    const result = await adapter.runQuery(
      `SELECT 9007199254740993::BIGINT AS big, 42::BIGINT AS small, 12.50::DECIMAL(10,2) AS price,
              DATE '2024-02-29' AS day, TIMESTAMP '2024-01-02 03:04:05.123' AS at,
              TIMESTAMPTZ '2024-01-02 03:04:05+00' AS at_utc, 'nan'::DOUBLE AS not_a_number,
              'abc'::BLOB AS bytes, NULL::INTEGER AS nothing, [1, 2] AS list, {'x': 1, 'y': 'z'} AS record,
              INTERVAL 1 DAY AS span, '5b1c9d6e-2f7a-4a41-9d59-04a2f5f1c001'::UUID AS id`,
      QUERY_OPTIONS,
    );
    expect(result.columns.map((column) => [column.name, column.type])).toEqual([
      ['big', 'bigint'], ['small', 'bigint'], ['price', 'decimal(10,2)'], ['day', 'date'], ['at', 'timestamp'],
      ['at_utc', 'timestamp with time zone'], ['not_a_number', 'double'], ['bytes', 'blob'], ['nothing', 'integer'],
      ['list', 'integer[]'], ['record', 'struct("x" integer, "y" varchar)'], ['span', 'interval'], ['id', 'uuid'],
    ]);
    expect(result.rows).toEqual([[
      '9007199254740993', 42, 12.5, '2024-02-29', '2024-01-02T03:04:05.123', '2024-01-02T03:04:05.000Z', null,
      '<blob 3 bytes>', null, [1, 2], { x: 1, y: 'z' }, '1 day', '5b1c9d6e-2f7a-4a41-9d59-04a2f5f1c001',
    ]]);
    expect(result).toMatchObject({ rowCount: 1, truncated: false });
    expect(JSON.parse(JSON.stringify(result.rows))).toEqual(result.rows);
  });

  test('introspection lists tables and columns, skipping system schemas', async () => {
    const schema = await adapter.introspect();
    expect(schema.tables).toEqual([
      { schema: 'main', name: 't', columns: [{ name: 'id', type: 'integer' }, { name: 'label', type: 'varchar' }] },
      {
        schema: 'sales',
        name: 'invoices',
        columns: [{ name: 'invoice_id', type: 'bigint' }, { name: 'amount', type: 'decimal(12,2)' }, { name: 'issued_on', type: 'date' }],
      },
    ]);
  });

  test('an unknown column is a QueryFailedError carrying DuckDB\'s message', async () => {
    const failure = adapter.runQuery('SELECT no_such_column FROM t', QUERY_OPTIONS);
    await expect(failure).rejects.toBeInstanceOf(QueryFailedError);
    await expect(failure).rejects.toThrow(/no_such_column/);
  });

  test('a missing file is a DatabaseUnavailableError that names it', async () => {
    const missing = await createDatabaseAdapter(databaseConfig({ type: 'duckdb', name: 'gone', path: join(directory, 'missing.duckdb') }));
    await expect(missing.runQuery('SELECT 1', QUERY_OPTIONS)).rejects.toThrow(DatabaseUnavailableError);
    await expect(missing.runQuery('SELECT 1', QUERY_OPTIONS)).rejects.toThrow(/missing\.duckdb does not exist/);
    expect(existsSync(join(directory, 'missing.duckdb'))).toBe(false);
    await missing.close();
  });
});

describe('DuckDB adapter: limits', () => {
  test('a 10-million-row result is streamed and capped', async () => {
    const growth = memorySnapshot();
    const result = await adapter.runQuery('SELECT * FROM range(10000000)', { rowCap: 1000, timeoutMs: 10_000 });
    const grown = growth();
    console.info(`duckdb 10M capped: ${result.durationMs.toFixed(1)} ms, heap +${grown.heapUsedMb.toFixed(1)} MB, rss +${grown.rssMb.toFixed(1)} MB`);
    expect(result.rows).toHaveLength(1000);
    expect(result).toMatchObject({ rowCount: 1000, truncated: true });
    expect(result.rows[999]).toEqual([999]);
    expect(result.durationMs).toBeLessThan(2_000);
    expect(grown.rssMb).toBeLessThan(200);
  });

  test('exactly rowCap rows is not truncated', async () => {
    const result = await adapter.runQuery('SELECT * FROM range(2048)', { rowCap: 2048, timeoutMs: 10_000 });
    expect(result).toMatchObject({ rowCount: 2048, truncated: false });
  });

  test('a heavy query is interrupted at the timeout and the adapter keeps working', async () => {
    const started = performance.now();
    const heavy = adapter.runQuery('SELECT count(*) FROM range(100000000) a, range(1000) b WHERE a.range % 7 = b.range', { rowCap: 10, timeoutMs: 300 });
    await expect(heavy).rejects.toBeInstanceOf(QueryTimeoutError);
    expect(performance.now() - started).toBeLessThan(2_000);
    expect((await adapter.runQuery('SELECT 42', QUERY_OPTIONS)).rows).toEqual([[42]]);
  });

  test('an AbortSignal cancels the query with its reason', async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(new Error('user left')), 100);
    const heavy = adapter.runQuery('SELECT count(*) FROM range(100000000) a, range(1000) b WHERE a.range % 7 = b.range', {
      rowCap: 10,
      timeoutMs: 60_000,
      signal: controller.signal,
    });
    await expect(heavy).rejects.toThrow('user left');
    expect((await adapter.runQuery('SELECT 1', QUERY_OPTIONS)).rows).toEqual([[1]]);
  });
});

describe('DuckDB adapter: read-only without the SQL gate (layer 2)', () => {
  const exportPath = () => join(directory, 'leak.csv');
  const attempts: [string, () => string][] = [
    ['INSERT', () => `INSERT INTO t VALUES (1000, 'new')`],
    ['UPDATE', () => `UPDATE t SET label = 'changed'`],
    ['DELETE', () => `DELETE FROM t`],
    ['DROP TABLE', () => `DROP TABLE t`],
    ['CREATE TABLE', () => `CREATE TABLE u (x INTEGER)`],
    ['COPY TO a file', () => `COPY t TO '${exportPath()}'`],
    ['EXPORT DATABASE', () => `EXPORT DATABASE '${join(directory, 'export')}'`],
    ['read_csv of a system file', () => `SELECT * FROM read_csv('/etc/passwd')`],
    ['ATTACH a new file', () => `ATTACH '${join(directory, 'other.duckdb')}' AS other`],
    ['re-enabling external access', () => `SET enable_external_access = true`],
    ['unlocking the configuration', () => `SET lock_configuration = false`],
    ['INSTALL an extension', () => `INSTALL httpfs`],
    ['LOAD an extension', () => `LOAD httpfs`],
  ];

  test.each(attempts)('%s is refused and changes nothing', async (_label, statement) => {
    const before = await checksum();
    await expect(adapter.runQuery(statement(), QUERY_OPTIONS)).rejects.toBeInstanceOf(QueryFailedError);
    expect(await checksum()).toEqual(before);
    expect(before[0]).toBe(100);
    for (const written of [exportPath(), join(directory, 'export'), join(directory, 'other.duckdb')]) expect(existsSync(written)).toBe(false);
  });

  test('with dangerously_allow_writes the same INSERT works, and the lift is announced', async () => {
    const scratchPath = join(directory, 'writable.duckdb');
    const instance = await DuckDBInstance.create(scratchPath);
    const connection = await instance.connect();
    await connection.run(`CREATE TABLE t AS SELECT range::INTEGER AS id, 'row ' || range AS label FROM range(1, 101)`);
    connection.disconnectSync();
    instance.closeSync();
    const warnings: string[] = [];
    const writable = await createDatabaseAdapter(databaseConfig({ type: 'duckdb', name: 'writable', path: scratchPath, dangerously_allow_writes: true }), {
      logger: { warn: (message) => warnings.push(message) },
    });
    expect(writable.allowsWrites).toBe(true);
    expect(warnings).toEqual([expect.stringContaining('"writable" has dangerously_allow_writes: true')]);
    await writable.runQuery(`INSERT INTO t VALUES (1000, 'new')`, QUERY_OPTIONS);
    expect((await checksum(writable))[0]).toBe(101);
    await writable.close();
  });
});
