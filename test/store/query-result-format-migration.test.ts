// Results saved before migration 6 (rows as one JSON text) still load after it, on both stores, and
// results saved after it use the column format.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import sqlite3 from 'sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { MIGRATIONS, migrationSql, SCHEMA_MIGRATIONS_TABLE_SQL } from '../../src/store/migrations.js';
import { openStore } from '../../src/store/open-store.js';
import type { StoreDialect } from '../../src/store/store-database.js';
import { createScratchDatabase } from '../support/postgres-database.js';

const directory = await mkdtemp(join(tmpdir(), 'datathread-result-format-'));

afterAll(async () => {
  await rm(directory, { recursive: true, force: true });
});

const OLD_ROWS = [
  ['2024-01-01', 1200.5, { region: 'EU' }],
  ['2024-02-01', null, true],
];

/** The schema as a store that stopped at migration 5 left it, with one result in the old layout. */
function schemaBeforeMigration6(dialect: StoreDialect): string[] {
  const earlier = MIGRATIONS.filter((migration) => migration.version < 6);
  return [
    SCHEMA_MIGRATIONS_TABLE_SQL,
    ...earlier.map((migration) => migrationSql(migration, dialect)),
    ...earlier.map((migration) => `INSERT INTO schema_migrations (version, name, applied_at) VALUES (${migration.version}, '${migration.name.replaceAll("'", "''")}', 0)`),
    `INSERT INTO query_results (thread_id, query_id, database_name, sql_text, result_columns, result_rows, row_count, truncated, created_at)
     VALUES ('slack:C1:1.0', 'query_old', 'warehouse', 'SELECT 1', '[{"name":"month","type":"date"},{"name":"revenue","type":"double"},{"name":"detail","type":"json"}]',
             '${JSON.stringify(OLD_ROWS)}', 2, ${dialect === 'sqlite' ? 1 : 'TRUE'}, 1714557600123)`,
  ];
}

async function expectOldResultReadableAndNewOneColumnar(url: string, readFormats: () => Promise<unknown[]>): Promise<void> {
  const store = await openStore(url);
  try {
    const old = await store.getQueryResult('slack:C1:1.0', 'query_old');
    expect(old).toMatchObject({ rows: OLD_ROWS, rowCount: 2, truncated: true, sql: 'SELECT 1' });
    await store.saveQueryResult({ ...old!, queryId: 'query_new', rows: [['2024-03-01', 5, null]], rowCount: 1 });
    expect((await store.getQueryResult('slack:C1:1.0', 'query_new'))?.rows).toEqual([['2024-03-01', 5, null]]);
  } finally {
    await store.close();
  }
  expect(await readFormats()).toEqual([
    { query_id: 'query_new', rows_format: 'columns-v1' },
    { query_id: 'query_old', rows_format: 'json-rows' },
  ]);
}

const FORMATS_SQL = 'SELECT query_id, rows_format FROM query_results ORDER BY query_id';

describe('query result format migration', () => {
  it('on SQLite, keeps a result saved as JSON readable and saves new ones as columns', async () => {
    const file = join(directory, 'state.db');
    const connection = await new Promise<sqlite3.Database>((resolve, reject) => {
      const opened = new sqlite3.Database(file, (error) => (error ? reject(error) : resolve(opened)));
    });
    await new Promise<void>((resolve, reject) => connection.exec(schemaBeforeMigration6('sqlite').join(';\n'), (error) => (error ? reject(error) : resolve())));
    await new Promise<void>((resolve) => connection.close(() => resolve()));
    await expectOldResultReadableAndNewOneColumnar(`sqlite:${file}`, async () => {
      const reader = new sqlite3.Database(file, sqlite3.OPEN_READONLY);
      try {
        return await new Promise<unknown[]>((resolve, reject) => reader.all(FORMATS_SQL, (error, rows) => (error ? reject(error) : resolve(rows))));
      } finally {
        reader.close();
      }
    });
  });

  it('on PostgreSQL, keeps a result saved as JSON readable and saves new ones as columns', async () => {
    const scratch = await createScratchDatabase('store_result_format');
    const client = new pg.Client({ connectionString: scratch.url });
    await client.connect();
    try {
      for (const statement of schemaBeforeMigration6('postgres')) await client.query(statement);
      await expectOldResultReadableAndNewOneColumnar(scratch.url, async () => (await client.query(FORMATS_SQL)).rows);
    } finally {
      await client.end();
      await scratch.drop();
    }
  });
});
