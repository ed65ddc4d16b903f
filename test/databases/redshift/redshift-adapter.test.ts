// Redshift runs on the PostgreSQL adapter with its own flavour; the local PostgreSQL speaks the
// same wire protocol, so the row cap, cancellation and read-only transaction are checked on it.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createDatabaseAdapter } from '../../../src/databases/create-database-adapter.js';
import { QueryFailedError, QueryTimeoutError } from '../../../src/databases/errors.js';
import type { DatabaseAdapter } from '../../../src/databases/types.js';
import { createScratchDatabase, type ScratchDatabase } from '../../support/postgres-database.js';
import { memorySnapshot, QUERY_OPTIONS } from '../database-test-helpers.js';
import { postgresConfigFromUrl } from '../postgres-test-config.js';

let scratch: ScratchDatabase;
let admin: pg.Client;
let adapter: DatabaseAdapter;

const CHECKSUM_SQL = `SELECT count(*)::int AS row_count, md5(coalesce(string_agg(sale_id || ':' || region || ':' || amount, ',' ORDER BY sale_id), '')) AS checksum FROM sales`;

async function checksum(): Promise<unknown[]> {
  const result = await admin.query({ text: CHECKSUM_SQL, rowMode: 'array' });
  return result.rows[0] as unknown[];
}

async function activeQueries(prefix: string): Promise<number> {
  const result = await admin.query(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE query LIKE $1 AND state = 'active' AND pid <> pg_backend_pid()`, [`${prefix}%`]);
  return result.rows[0].n as number;
}

beforeAll(async () => {
  scratch = await createScratchDatabase('dt_redshift_adapter');
  admin = new pg.Client({ connectionString: scratch.url });
  await admin.connect();
  await admin.query(`CREATE TABLE sales (sale_id integer PRIMARY KEY, region text NOT NULL, amount numeric(12, 2) NOT NULL)`);
  await admin.query(`INSERT INTO sales SELECT g, CASE WHEN g % 2 = 0 THEN 'north' ELSE 'south' END, g * 1.5 FROM generate_series(1, 100) g`);
  adapter = await createDatabaseAdapter(postgresConfigFromUrl(scratch.url, { type: 'redshift', name: 'redshift_test' }));
});

afterAll(async () => {
  await adapter?.close();
  await admin?.end();
  await scratch?.drop();
});

describe('Redshift adapter: results', () => {
  test('reports the redshift dialect and reads rows with their column types', async () => {
    expect(adapter.dialect).toBe('redshift');
    const result = await adapter.runQuery('SELECT region, sum(amount) AS total FROM sales GROUP BY region ORDER BY region', QUERY_OPTIONS);
    expect(result.columns).toEqual([{ name: 'region', type: 'text' }, { name: 'total', type: 'numeric' }]);
    expect(result.rows).toEqual([['north', 3825], ['south', 3750]]);
    expect(result).toMatchObject({ rowCount: 2, truncated: false });
  });

  test('introspection falls back past the Redshift catalogue views a server lacks', async () => {
    // svv_columns and pg_table_def exist only on Redshift; information_schema answers here.
    const schema = await adapter.introspect();
    expect(schema.tables).toEqual([
      {
        schema: 'public',
        name: 'sales',
        columns: [{ name: 'sale_id', type: 'integer' }, { name: 'region', type: 'text' }, { name: 'amount', type: 'numeric' }],
      },
    ]);
  });
});

describe('Redshift adapter: limits', () => {
  test('a 10-million-row result is capped with truncated and bounded memory', async () => {
    const growth = memorySnapshot();
    const result = await adapter.runQuery('SELECT g, g * 2 AS doubled FROM generate_series(1, 10000000) g', { rowCap: 1000, timeoutMs: 30_000 });
    const grown = growth();
    console.info(`redshift 10M capped: ${result.durationMs.toFixed(1)} ms, heap +${grown.heapUsedMb.toFixed(1)} MB, rss +${grown.rssMb.toFixed(1)} MB`);
    expect(result.rows).toHaveLength(1000);
    expect(result).toMatchObject({ rowCount: 1000, truncated: true });
    expect(result.rows[0]).toEqual([1, 2]);
    expect(result.rows[999]).toEqual([1000, 2000]);
    expect(grown.rssMb).toBeLessThan(200);
  });

  test('a long query past its timeout is cancelled on the server, and the adapter keeps working', async () => {
    const started = performance.now();
    await expect(adapter.runQuery('SELECT pg_sleep(60) AS redshift_slept', { rowCap: 10, timeoutMs: 500 })).rejects.toBeInstanceOf(QueryTimeoutError);
    expect(performance.now() - started).toBeLessThan(2_500);
    expect(await activeQueries('SELECT pg_sleep(60) AS redshift_slept')).toBe(0);
    expect((await adapter.runQuery('SELECT count(*) FROM sales', QUERY_OPTIONS)).rows).toEqual([[100]]);
  });

  test('an AbortSignal cancels the query on the server, and the next query runs', async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(new Error('user left the thread')), 200);
    const started = performance.now();
    const aborted = adapter.runQuery('SELECT pg_sleep(30) AS redshift_aborted', { rowCap: 10, timeoutMs: 60_000, signal: controller.signal });
    await expect(aborted).rejects.toThrow('user left the thread');
    expect(performance.now() - started).toBeLessThan(2_500);
    // The cancel travels on its own connection; give it a moment to land.
    await expect.poll(() => activeQueries('SELECT pg_sleep(30) AS redshift_aborted'), { timeout: 3_000 }).toBe(0);
    expect((await adapter.runQuery('SELECT max(sale_id) FROM sales', QUERY_OPTIONS)).rows).toEqual([[100]]);
  });
});

describe('Redshift adapter: read-only without the SQL gate', () => {
  const attempts: [string, string][] = [
    ['INSERT', `INSERT INTO sales VALUES (1000, 'east', 1)`],
    ['UPDATE', `UPDATE sales SET amount = 0`],
    ['DELETE', `DELETE FROM sales`],
    ['DROP TABLE', `DROP TABLE sales`],
    ['CREATE TABLE AS', `CREATE TABLE sales_copy AS SELECT * FROM sales`],
    ['TRUNCATE', `TRUNCATE sales`],
    ['COMMIT; DELETE (two statements)', `COMMIT; DELETE FROM sales`],
    ['SET TRANSACTION READ WRITE; UPDATE', `SET TRANSACTION READ WRITE; UPDATE sales SET region = 'x'`],
    ['a CTE that deletes', `WITH gone AS (DELETE FROM sales RETURNING *) SELECT count(*) FROM gone`],
  ];

  test.each(attempts)('%s is refused and changes nothing', async (_label, statement) => {
    const before = await checksum();
    await expect(adapter.runQuery(statement, QUERY_OPTIONS)).rejects.toBeInstanceOf(QueryFailedError);
    expect(await checksum()).toEqual(before);
    expect(before[0]).toBe(100);
    const copies = await admin.query(`SELECT count(*)::int AS n FROM pg_tables WHERE tablename = 'sales_copy'`);
    expect(copies.rows[0].n).toBe(0);
  });

  test('a session setting that lifts read-only is rolled back with its transaction', async () => {
    const before = await checksum();
    await adapter.runQuery('SET default_transaction_read_only = off', QUERY_OPTIONS);
    await expect(adapter.runQuery('DELETE FROM sales', QUERY_OPTIONS)).rejects.toBeInstanceOf(QueryFailedError);
    expect(await checksum()).toEqual(before);
  });
});
