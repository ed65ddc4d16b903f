import { existsSync } from 'node:fs';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createDatabaseAdapter } from '../../src/databases/create-database-adapter.js';
import { DatabaseUnavailableError, QueryFailedError, QueryTimeoutError } from '../../src/databases/errors.js';
import type { DatabaseAdapter } from '../../src/databases/types.js';
import { adminUrl, createScratchDatabase, type ScratchDatabase } from '../support/postgres-database.js';
import { memorySnapshot, QUERY_OPTIONS } from './database-test-helpers.js';
import { postgresConfigFromUrl } from './postgres-test-config.js';

let scratch: ScratchDatabase;
let admin: pg.Client;
let adapter: DatabaseAdapter;
/** A least-privilege login, as the README tells operators to use. */
let readerAdapter: DatabaseAdapter;
let readerRole: string;
const warnings: string[] = [];

const CHECKSUM_SQL = `SELECT count(*)::int AS row_count, md5(coalesce(string_agg(id || ':' || label, ',' ORDER BY id), '')) AS checksum FROM t`;

async function checksum(): Promise<unknown[]> {
  const result = await admin.query({ text: CHECKSUM_SQL, rowMode: 'array' });
  return result.rows[0] as unknown[];
}

beforeAll(async () => {
  scratch = await createScratchDatabase('dt_pg_adapter');
  admin = new pg.Client({ connectionString: scratch.url });
  await admin.connect();
  await admin.query(`CREATE TABLE t (id integer PRIMARY KEY, label text NOT NULL)`);
  await admin.query(`INSERT INTO t SELECT g, 'row ' || g FROM generate_series(1, 100) g`);
  await admin.query(`CREATE SCHEMA sales`);
  await admin.query(`CREATE TABLE sales.invoices (invoice_id bigint, amount numeric(12, 2), issued_on date)`);
  adapter = await createDatabaseAdapter(postgresConfigFromUrl(scratch.url), { logger: { warn: (message) => warnings.push(message) } });
  readerRole = `${scratch.name}_reader`;
  await admin.query(`CREATE ROLE ${readerRole} LOGIN PASSWORD 'reader-password'`);
  await admin.query(`GRANT SELECT ON t TO ${readerRole}`);
  readerAdapter = await createDatabaseAdapter(postgresConfigFromUrl(scratch.url, { user: readerRole, password: 'reader-password' }));
});

afterAll(async () => {
  await adapter?.close();
  await readerAdapter?.close();
  await admin?.end();
  await scratch?.drop();
  if (readerRole) {
    const server = new pg.Client({ connectionString: adminUrl() });
    await server.connect();
    await server.query(`DROP ROLE IF EXISTS ${readerRole}`);
    await server.end();
  }
});

describe('PostgreSQL adapter: results', () => {
  test('normalises types and reports columns with PostgreSQL type names', async () => {
    const result = await adapter.runQuery(
      `SELECT 9007199254740993::bigint AS big, 42::bigint AS small, 12.50::numeric(10,2) AS price,
              DATE '2024-02-29' AS day, TIMESTAMP '2024-01-02 03:04:05.123' AS at,
              TIMESTAMPTZ '2024-01-02 03:04:05+00' AS at_utc, 'NaN'::float8 AS not_a_number,
              '\\x616263'::bytea AS bytes, NULL::integer AS nothing, ARRAY[1, 2] AS list,
              '{"x": 1}'::jsonb AS document, INTERVAL '1 day' AS span, true AS flag`,
      QUERY_OPTIONS,
    );
    expect(result.columns.map((column) => [column.name, column.type])).toEqual([
      ['big', 'bigint'], ['small', 'bigint'], ['price', 'numeric'], ['day', 'date'], ['at', 'timestamp without time zone'],
      ['at_utc', 'timestamp with time zone'], ['not_a_number', 'double precision'], ['bytes', 'bytea'], ['nothing', 'integer'],
      ['list', 'integer[]'], ['document', 'jsonb'], ['span', 'interval'], ['flag', 'boolean'],
    ]);
    expect(result.rows).toEqual([[
      '9007199254740993', 42, 12.5, '2024-02-29', '2024-01-02T03:04:05.123', '2024-01-02T03:04:05.000Z', null,
      '<blob 3 bytes>', null, [1, 2], { x: 1 }, '1 day', true,
    ]]);
    expect(result).toMatchObject({ rowCount: 1, truncated: false });
  });

  test('introspection lists tables and columns, skipping system schemas', async () => {
    const schema = await adapter.introspect();
    expect(schema.tables).toEqual([
      { schema: 'public', name: 't', columns: [{ name: 'id', type: 'integer' }, { name: 'label', type: 'text' }] },
      {
        schema: 'sales',
        name: 'invoices',
        columns: [{ name: 'invoice_id', type: 'bigint' }, { name: 'amount', type: 'numeric(12,2)' }, { name: 'issued_on', type: 'date' }],
      },
    ]);
  });

  test('schema_name sets the search_path', async () => {
    const scoped = await createDatabaseAdapter(postgresConfigFromUrl(scratch.url, { schema_name: 'sales' }));
    const result = await scoped.runQuery('SELECT count(*) FROM invoices', QUERY_OPTIONS);
    expect(result.rows).toEqual([[0]]);
    await scoped.close();
  });

  test('an unknown column is a QueryFailedError carrying the server message', async () => {
    const failure = adapter.runQuery('SELECT no_such_column FROM t', QUERY_OPTIONS);
    await expect(failure).rejects.toBeInstanceOf(QueryFailedError);
    await expect(failure).rejects.toThrow('column "no_such_column" does not exist');
    expect((await adapter.runQuery('SELECT 1 AS one', QUERY_OPTIONS)).rows).toEqual([[1]]);
  });

  test('an unreachable server is a DatabaseUnavailableError without the password', async () => {
    const config = postgresConfigFromUrl(scratch.url, { port: 1, password: 'very-secret-password' });
    const unreachable = await createDatabaseAdapter(config);
    const failure = unreachable.runQuery('SELECT 1', QUERY_OPTIONS);
    await expect(failure).rejects.toBeInstanceOf(DatabaseUnavailableError);
    await expect(failure).rejects.toThrow(/connection refused/);
    await failure.catch((error: Error) => expect(error.message).not.toContain('very-secret-password'));
    await unreachable.close();
  });

  test('a wrong password is a DatabaseUnavailableError that does not repeat it', async () => {
    const wrong = await createDatabaseAdapter(postgresConfigFromUrl(scratch.url, { user: 'nobody_here', password: 'wrong-password-123' }));
    const failure = wrong.runQuery('SELECT 1', QUERY_OPTIONS);
    await expect(failure).rejects.toBeInstanceOf(DatabaseUnavailableError);
    await failure.catch((error: Error) => expect(error.message).not.toContain('wrong-password-123'));
    await wrong.close();
  });
});

describe('PostgreSQL adapter: limits', () => {
  test('a 10-million-row result is read through a capped portal', async () => {
    const growth = memorySnapshot();
    const result = await adapter.runQuery('SELECT g, g * 2 AS doubled FROM generate_series(1, 10000000) g', { rowCap: 1000, timeoutMs: 30_000 });
    const grown = growth();
    console.info(`postgres 10M capped: ${result.durationMs.toFixed(1)} ms, heap +${grown.heapUsedMb.toFixed(1)} MB, rss +${grown.rssMb.toFixed(1)} MB`);
    expect(result.rows).toHaveLength(1000);
    expect(result).toMatchObject({ rowCount: 1000, truncated: true });
    expect(result.rows[999]).toEqual([1000, 2000]);
    expect(grown.rssMb).toBeLessThan(200);
  });

  test('exactly rowCap rows is not truncated; one more is', async () => {
    expect(await adapter.runQuery('SELECT * FROM generate_series(1, 50)', { rowCap: 50, timeoutMs: 5_000 })).toMatchObject({ rowCount: 50, truncated: false });
    expect(await adapter.runQuery('SELECT * FROM generate_series(1, 51)', { rowCap: 50, timeoutMs: 5_000 })).toMatchObject({ rowCount: 50, truncated: true });
  });

  test('pg_sleep(60) times out on the server, and the adapter keeps working', async () => {
    const started = performance.now();
    await expect(adapter.runQuery('SELECT pg_sleep(60) AS slept', { rowCap: 10, timeoutMs: 500 })).rejects.toBeInstanceOf(QueryTimeoutError);
    expect(performance.now() - started).toBeLessThan(2_500);
    expect((await adapter.runQuery('SELECT 2 AS two', QUERY_OPTIONS)).rows).toEqual([[2]]);
    const running = await admin.query(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE query LIKE 'SELECT pg_sleep(60)%' AND state = 'active'`);
    expect(running.rows[0].n).toBe(0);
  });

  test('an AbortSignal cancels the query on the server', async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(new Error('user left')), 200);
    const started = performance.now();
    await expect(adapter.runQuery('SELECT pg_sleep(30) AS aborted_sleep', { rowCap: 10, timeoutMs: 60_000, signal: controller.signal })).rejects.toThrow('user left');
    expect(performance.now() - started).toBeLessThan(2_500);
    // The cancel travels on its own connection; give it a moment to land.
    await expect.poll(async () => (await admin.query(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE query LIKE 'SELECT pg_sleep(30)%' AND state = 'active'`)).rows[0].n, { timeout: 3_000 }).toBe(0);
    expect((await adapter.runQuery('SELECT 3 AS three', QUERY_OPTIONS)).rows).toEqual([[3]]);
  });

  test('a backend terminated mid-query (restart, failover, a DBA) fails that query plainly, and the next query reconnects', async () => {
    const running = adapter.runQuery('SELECT pg_sleep(30) AS terminated_sleep', { rowCap: 10, timeoutMs: 60_000 });
    const failure = running.then(
      () => undefined,
      (error: unknown) => error,
    );
    await expect
      .poll(async () => (await admin.query(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE query LIKE 'SELECT pg_sleep(30) AS terminated_sleep%' AND state = 'active'`)).rows[0].n, { timeout: 5_000 })
      .toBe(1);
    await admin.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE query LIKE 'SELECT pg_sleep(30) AS terminated_sleep%' AND state = 'active'`);
    // Without an 'error' listener on the checked-out client, the termination ends this process.
    const error = await failure;
    expect(error).toBeInstanceOf(Error);
    expect(error instanceof QueryFailedError || error instanceof DatabaseUnavailableError).toBe(true);
    expect((await adapter.runQuery('SELECT 4 AS four', QUERY_OPTIONS)).rows).toEqual([[4]]);
  });
});

describe('PostgreSQL adapter: read-only without the SQL gate (layer 2)', () => {
  const attempts: [string, string][] = [
    ['INSERT', `INSERT INTO t VALUES (1000, 'new')`],
    ['UPDATE', `UPDATE t SET label = 'changed'`],
    ['DELETE', `DELETE FROM t`],
    ['DROP TABLE', `DROP TABLE t`],
    ['CREATE TABLE', `CREATE TABLE u (x integer)`],
    ['TRUNCATE', `TRUNCATE t`],
    ['COMMIT; DELETE (two statements)', `COMMIT; DELETE FROM t`],
    ['SET TRANSACTION READ WRITE; DELETE', `SET TRANSACTION READ WRITE; DELETE FROM t`],
    ['SET TRANSACTION READ WRITE alone', `SET TRANSACTION READ WRITE`],
    ['a CTE that deletes', `WITH gone AS (DELETE FROM t RETURNING *) SELECT count(*) FROM gone`],
    ['a DO block that writes', `DO $$ BEGIN DELETE FROM t; END $$`],
  ];

  test.each(attempts)('%s is refused and changes nothing', async (_label, statement) => {
    const before = await checksum();
    await expect(adapter.runQuery(statement, QUERY_OPTIONS)).rejects.toBeInstanceOf(QueryFailedError);
    expect(await checksum()).toEqual(before);
    expect(before[0]).toBe(100);
    expect(existsSync('/tmp/datathread-leak.csv')).toBe(false);
    const tables = await admin.query(`SELECT count(*)::int AS n FROM pg_tables WHERE tablename = 'u'`);
    expect(tables.rows[0].n).toBe(0);
  });

  test('connecting as a superuser is announced: read-only transactions do not stop its COPY TO', async () => {
    expect(warnings).toEqual([expect.stringContaining('connects as superuser')]);
  });

  test.each([
    ['COPY TO a server file', `COPY t TO '/tmp/datathread-leak.csv'`],
    ['pg_read_file', `SELECT pg_read_file('/etc/passwd')`],
    ['INSERT', `INSERT INTO t VALUES (1000, 'new')`],
  ])('with a SELECT-only role, %s is refused and changes nothing', async (_label, statement) => {
    const before = await checksum();
    await expect(readerAdapter.runQuery(statement, QUERY_OPTIONS)).rejects.toBeInstanceOf(QueryFailedError);
    expect(await checksum()).toEqual(before);
    expect(existsSync('/tmp/datathread-leak.csv')).toBe(false);
    expect((await readerAdapter.runQuery('SELECT count(*) FROM t', QUERY_OPTIONS)).rows).toEqual([[100]]);
  });

  test('COMMIT alone ends nothing that matters: the next write is still refused', async () => {
    const before = await checksum();
    await adapter.runQuery('COMMIT', QUERY_OPTIONS).catch(() => undefined);
    await expect(adapter.runQuery('DELETE FROM t', QUERY_OPTIONS)).rejects.toBeInstanceOf(QueryFailedError);
    expect(await checksum()).toEqual(before);
  });

  test('session settings a query makes are rolled back with its transaction', async () => {
    await adapter.runQuery(`SET default_transaction_read_only = off`, QUERY_OPTIONS);
    await adapter.runQuery(`SET statement_timeout = 0`, QUERY_OPTIONS);
    await expect(adapter.runQuery(`DELETE FROM t`, QUERY_OPTIONS)).rejects.toBeInstanceOf(QueryFailedError);
    await expect(adapter.runQuery('SELECT pg_sleep(5)', { rowCap: 1, timeoutMs: 300 })).rejects.toBeInstanceOf(QueryTimeoutError);
  });

  test('with dangerously_allow_writes the same INSERT works, and the lift is announced', async () => {
    const warnings: string[] = [];
    const writable = await createDatabaseAdapter(postgresConfigFromUrl(scratch.url, { name: 'pg_writable', dangerously_allow_writes: true }), {
      logger: { warn: (message) => warnings.push(message) },
    });
    expect(warnings).toEqual([expect.stringContaining('"pg_writable" has dangerously_allow_writes: true')]);
    await writable.runQuery(`INSERT INTO t VALUES (1000, 'new')`, QUERY_OPTIONS);
    expect((await checksum())[0]).toBe(101);
    await admin.query('DELETE FROM t WHERE id = 1000');
    await writable.close();
  });
});
