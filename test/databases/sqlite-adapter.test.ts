import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sqlite3 from 'sqlite3';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createDatabaseAdapter } from '../../src/databases/create-database-adapter.js';
import { DatabaseUnavailableError, QueryFailedError, QueryTimeoutError } from '../../src/databases/errors.js';
import type { DatabaseAdapter } from '../../src/databases/types.js';
import { databaseConfig, memorySnapshot, QUERY_OPTIONS } from './database-test-helpers.js';

let directory: string;
let databasePath: string;
let adapter: DatabaseAdapter;

// A recursive CTE big enough to run for many seconds.
const HEAVY_SQL = `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 1000000000) SELECT count(*) FROM n`;

function execute(path: string, sql: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const database = new sqlite3.Database(path, (openError) => {
      if (openError) return reject(openError);
      database.exec(sql, (error) => database.close(() => (error ? reject(error) : resolve())));
    });
  });
}

async function checksum(target: DatabaseAdapter = adapter): Promise<unknown[]> {
  const result = await target.runQuery(`SELECT count(*) AS row_count, group_concat(id || ':' || label, ',') AS rows_text FROM (SELECT * FROM t ORDER BY id)`, QUERY_OPTIONS);
  return result.rows[0]!;
}

beforeAll(async () => {
  directory = await mkdtemp(join(tmpdir(), 'datathread-sqlite-'));
  databasePath = join(directory, 'app.sqlite');
  await execute(
    databasePath,
    `CREATE TABLE t (id INTEGER PRIMARY KEY, label TEXT NOT NULL);
     WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 100) INSERT INTO t SELECT i, 'row ' || i FROM n;
     CREATE TABLE invoices (invoice_id INTEGER, amount NUMERIC(12, 2), issued_on DATE);
     CREATE TABLE counters (total INTEGER, reading REAL, code TEXT);
     INSERT INTO counters VALUES (9223372036854775807, 9007199254740993, '9007199254740993');`,
  );
  adapter = await createDatabaseAdapter(databaseConfig({ type: 'sqlite', name: 'app', path: databasePath }));
});

afterAll(async () => {
  await adapter?.close();
  await rm(directory, { recursive: true, force: true });
});

describe('SQLite adapter: results', () => {
  test('normalises values; types are inferred from the values', async () => {
    const result = await adapter.runQuery(
      `SELECT 42 AS small, 12.5 AS price, '2024-02-29' AS day, x'616263' AS bytes, NULL AS empty_value, 9007199254740991 AS largest_exact`,
      QUERY_OPTIONS,
    );
    expect(result.columns).toEqual([
      { name: 'small', type: 'integer' }, { name: 'price', type: 'real' }, { name: 'day', type: 'text' },
      { name: 'bytes', type: 'blob' }, { name: 'empty_value', type: 'null' }, { name: 'largest_exact', type: 'integer' },
    ]);
    expect(result.rows).toEqual([[42, 12.5, '2024-02-29', '<blob 3 bytes>', null, 9007199254740991]]);
  });

  test('introspection lists tables with their declared column types', async () => {
    const schema = await adapter.introspect();
    expect(schema.tables).toEqual([
      { schema: 'main', name: 'counters', columns: [{ name: 'total', type: 'integer' }, { name: 'reading', type: 'real' }, { name: 'code', type: 'text' }] },
      { schema: 'main', name: 'invoices', columns: [{ name: 'invoice_id', type: 'integer' }, { name: 'amount', type: 'numeric(12, 2)' }, { name: 'issued_on', type: 'date' }] },
      { schema: 'main', name: 't', columns: [{ name: 'id', type: 'integer' }, { name: 'label', type: 'text' }] },
    ]);
  });

  test('bad SQL is a QueryFailedError with SQLite\'s message', async () => {
    await expect(adapter.runQuery('SELECT nope FROM t', QUERY_OPTIONS)).rejects.toThrow(new QueryFailedError('no such column: nope'));
  });

  test('a missing file is a DatabaseUnavailableError, and no file is created', async () => {
    const missingPath = join(directory, 'missing.sqlite');
    const missing = await createDatabaseAdapter(databaseConfig({ type: 'sqlite', name: 'gone', path: missingPath }));
    await expect(missing.runQuery('SELECT 1', QUERY_OPTIONS)).rejects.toBeInstanceOf(DatabaseUnavailableError);
    expect(existsSync(missingPath)).toBe(false);
    await missing.close();
  });
});

describe('SQLite adapter: result columns', () => {
  test('two columns with the same name, as in a self-join, each keep their own values', async () => {
    const result = await adapter.runQuery(
      'SELECT T1.id, T1.label, T2.id, T2.label FROM t AS T1 JOIN t AS T2 ON T2.id = T1.id + 1 WHERE T1.id IN (1, 2) ORDER BY T1.id',
      QUERY_OPTIONS,
    );
    expect(result.columns).toEqual([
      { name: 'id', type: 'integer' }, { name: 'label', type: 'text' }, { name: 'id', type: 'integer' }, { name: 'label', type: 'text' },
    ]);
    expect(result.rows).toEqual([[1, 'row 1', 2, 'row 2'], [2, 'row 2', 3, 'row 3']]);
  });

  test('three columns with one name keep their order, and a name that merely ends in ":1" is kept', async () => {
    const result = await adapter.runQuery(`SELECT 1 AS n, 2 AS n, 3 AS n, 4 AS "total:1"`, QUERY_OPTIONS);
    expect(result.columns.map((column) => column.name)).toEqual(['n', 'n', 'n', 'total:1']);
    expect(result.rows).toEqual([[1, 2, 3, 4]]);
  });

  test('integer-like column names keep their place', async () => {
    const result = await adapter.runQuery(`SELECT 1 AS x, 2 AS "1", 'b' AS "0"`, QUERY_OPTIONS);
    expect(result.columns.map((column) => column.name)).toEqual(['x', '1', '0']);
    expect(result.rows).toEqual([[1, 2, 'b']]);
  });

  test('an empty result keeps its columns, with the declared types of table columns', async () => {
    const result = await adapter.runQuery('SELECT invoice_id, amount AS total, issued_on, invoice_id * 2 AS doubled FROM invoices', QUERY_OPTIONS);
    expect(result).toMatchObject({ rows: [], rowCount: 0, truncated: false });
    expect(result.columns).toEqual([
      { name: 'invoice_id', type: 'integer' }, { name: 'total', type: 'numeric(12, 2)' }, { name: 'issued_on', type: 'date' }, { name: 'doubled', type: 'null' },
    ]);
  });

  test('a table column has the same type with or without rows', async () => {
    const withRow = await adapter.runQuery('SELECT id, label FROM t WHERE id = 3', QUERY_OPTIONS);
    const empty = await adapter.runQuery('SELECT id, label FROM t WHERE id = 0', QUERY_OPTIONS);
    expect(withRow.rows).toEqual([[3, 'row 3']]);
    expect(empty.rows).toEqual([]);
    expect(empty.columns).toEqual([{ name: 'id', type: 'integer' }, { name: 'label', type: 'text' }]);
    expect(empty.columns).toEqual(withRow.columns);
  });

  test('integers past 2^53 keep every digit, as text; smaller ones stay numbers', async () => {
    const result = await adapter.runQuery(
      'SELECT 9007199254740993 AS big, -9223372036854775808 AS lowest, 9007199254740991 AS largest_exact, -9007199254740991 AS smallest_exact',
      QUERY_OPTIONS,
    );
    expect(result.rows).toEqual([['9007199254740993', '-9223372036854775808', 9007199254740991, -9007199254740991]]);
  });

  test('a large integer in a table keeps its digits; REAL and TEXT columns keep their own values', async () => {
    const result = await adapter.runQuery('SELECT total, reading, code FROM counters', QUERY_OPTIONS);
    expect(result.rows).toEqual([['9223372036854775807', 9007199254740992, '9007199254740993']]);
  });

  test('unicode names and values come back unchanged', async () => {
    const result = await adapter.runQuery(`SELECT 'héllo wörld — 日本語 🎉' AS "prix €", 'x' AS "prix €"`, QUERY_OPTIONS);
    expect(result.columns.map((column) => column.name)).toEqual(['prix €', 'prix €']);
    expect(result.rows).toEqual([['héllo wörld — 日本語 🎉', 'x']]);
  });

  test('a catalogue PRAGMA, which cannot be described as a query, still returns its rows', async () => {
    const result = await adapter.runQuery('PRAGMA table_info(t)', QUERY_OPTIONS);
    expect(result.columns.map((column) => column.name)).toEqual(['cid', 'name', 'type', 'notnull', 'dflt_value', 'pk']);
    expect(result.rows).toEqual([[0, 'id', 'INTEGER', 0, null, 1], [1, 'label', 'TEXT', 1, null, 0]]);
  });

  test('only the first statement runs, and a DELETE after it changes nothing', async () => {
    const before = await checksum();
    const result = await adapter.runQuery('SELECT 1 AS one; DELETE FROM t', QUERY_OPTIONS);
    expect(result.rows).toEqual([[1]]);
    expect(await checksum()).toEqual(before);
  });
});

describe('SQLite adapter: limits', () => {
  test('a 10-million-row recursive CTE is stepped and capped', async () => {
    const growth = memorySnapshot();
    const result = await adapter.runQuery(
      `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 10000000) SELECT i FROM n`,
      { rowCap: 1000, timeoutMs: 10_000 },
    );
    const grown = growth();
    console.info(`sqlite 10M capped: ${result.durationMs.toFixed(1)} ms, heap +${grown.heapUsedMb.toFixed(1)} MB, rss +${grown.rssMb.toFixed(1)} MB`);
    expect(result).toMatchObject({ rowCount: 1000, truncated: true });
    expect(result.rows[999]).toEqual([1000]);
    expect(result.durationMs).toBeLessThan(2_000);
    expect(grown.rssMb).toBeLessThan(200);
  });

  test('exactly rowCap rows is not truncated', async () => {
    expect(await adapter.runQuery('SELECT * FROM t', { rowCap: 100, timeoutMs: 5_000 })).toMatchObject({ rowCount: 100, truncated: false });
  });

  test('a heavy recursive CTE is interrupted at the timeout and the adapter keeps working', async () => {
    const started = performance.now();
    await expect(adapter.runQuery(HEAVY_SQL, { rowCap: 1, timeoutMs: 300 })).rejects.toBeInstanceOf(QueryTimeoutError);
    expect(performance.now() - started).toBeLessThan(2_000);
    expect((await adapter.runQuery('SELECT 7 AS seven', QUERY_OPTIONS)).rows).toEqual([[7]]);
  });

  test('a deadline that passes before the query starts stepping still stops it', async () => {
    await expect(adapter.runQuery(HEAVY_SQL, { rowCap: 1, timeoutMs: 0 })).rejects.toBeInstanceOf(QueryTimeoutError);
    expect((await adapter.runQuery('SELECT 7 AS seven', QUERY_OPTIONS)).rows).toEqual([[7]]);
  });

  test('an abort while the file opens stops the query with its reason', async () => {
    const controller = new AbortController();
    const reason = new Error('asker left');
    const running = adapter.runQuery(HEAVY_SQL, { rowCap: 1, timeoutMs: 60_000, signal: controller.signal });
    controller.abort(reason);
    await expect(running).rejects.toBe(reason);
    expect((await adapter.runQuery('SELECT 7 AS seven', QUERY_OPTIONS)).rows).toEqual([[7]]);
  });

  test('an AbortSignal interrupts with its reason', async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(new Error('user left')), 100);
    await expect(adapter.runQuery(HEAVY_SQL, { rowCap: 1, timeoutMs: 60_000, signal: controller.signal })).rejects.toThrow('user left');
  });
});

describe('SQLite adapter: read-only without the SQL gate (layer 2)', () => {
  const attached = () => join(directory, 'attached.sqlite');
  const vacuumed = () => join(directory, 'copy.sqlite');
  const attempts: [string, () => string][] = [
    ['INSERT', () => `INSERT INTO t VALUES (1000, 'new')`],
    ['UPDATE', () => `UPDATE t SET label = 'changed'`],
    ['DELETE', () => `DELETE FROM t`],
    ['DROP TABLE', () => `DROP TABLE t`],
    ['CREATE TABLE', () => `CREATE TABLE u (x INTEGER)`],
    ['ATTACH a new file', () => `ATTACH '${attached()}' AS other`],
    ['VACUUM INTO a new file', () => `VACUUM INTO '${vacuumed()}'`],
  ];

  test.each(attempts)('%s is refused and changes nothing', async (_label, statement) => {
    const before = await checksum();
    await expect(adapter.runQuery(statement(), QUERY_OPTIONS)).rejects.toBeInstanceOf(QueryFailedError);
    expect(await checksum()).toEqual(before);
    expect(before[0]).toBe(100);
    expect(existsSync(attached())).toBe(false);
    expect(existsSync(vacuumed())).toBe(false);
  });

  test('PRAGMA query_only = 0; DELETE runs only the PRAGMA, and the next DELETE is still refused', async () => {
    const before = await checksum();
    await adapter.runQuery('PRAGMA query_only = 0; DELETE FROM t', QUERY_OPTIONS).catch(() => undefined);
    expect(await checksum()).toEqual(before);
    await adapter.runQuery('PRAGMA query_only = 0', QUERY_OPTIONS);
    await expect(adapter.runQuery('DELETE FROM t', QUERY_OPTIONS)).rejects.toBeInstanceOf(QueryFailedError);
    expect(await checksum()).toEqual(before);
  });

  test('with dangerously_allow_writes the same INSERT works', async () => {
    const writablePath = join(directory, 'writable.sqlite');
    await execute(writablePath, `CREATE TABLE t (id INTEGER PRIMARY KEY, label TEXT NOT NULL); INSERT INTO t VALUES (1, 'row 1');`);
    const writable = await createDatabaseAdapter(databaseConfig({ type: 'sqlite', name: 'writable', path: writablePath, dangerously_allow_writes: true }));
    await writable.runQuery(`INSERT INTO t VALUES (1000, 'new')`, QUERY_OPTIONS);
    expect((await checksum(writable))[0]).toBe(2);
    await writable.close();
  });
});
