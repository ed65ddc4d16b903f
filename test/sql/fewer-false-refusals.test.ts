// Reads that the gate's parser cannot read are answered where the dialect or the engine proves
// them plain reads: PostgreSQL `TABLE t` and `SHOW x`, SQLite's describing pragmas, and on DuckDB
// whatever json_serialize_sql serializes as one SELECT with no refused function or file read.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabaseAdapter } from '../../src/databases/create-database-adapter.js';
import type { DatabaseAdapter } from '../../src/databases/types.js';
import { checkStatement } from '../../src/sql/read-only-check.js';
import { checkReadOnly, initStatementGate } from '../../src/sql/statement-gate.js';
import { databaseConfig, QUERY_OPTIONS } from '../databases/database-test-helpers.js';
import { createDuckDbFile } from '../support/duckdb-fixture.js';

let folder: string;
let duckdb: DatabaseAdapter;

beforeAll(async () => {
  await initStatementGate();
  folder = await mkdtemp(join(tmpdir(), 'datathread-false-refusals-'));
  const path = join(folder, 'shop.duckdb');
  await createDuckDbFile(path, [
    "CREATE TABLE sales AS SELECT * FROM (VALUES ('North', 2024, 100), ('North', 2025, 200), ('South', 2024, 50)) v(region, year, amount)",
    'CREATE TABLE prices AS SELECT * FROM (VALUES (TIMESTAMP \'2024-01-01\', 10), (TIMESTAMP \'2024-02-01\', 12)) v(ts, price)',
    'CREATE TABLE trades AS SELECT * FROM (VALUES (TIMESTAMP \'2024-01-15\', 1), (TIMESTAMP \'2024-02-15\', 2)) v(ts, quantity)',
  ]);
  duckdb = await createDatabaseAdapter(databaseConfig({ type: 'duckdb', path }));
});

afterAll(async () => {
  await duckdb?.close();
  await rm(folder, { recursive: true, force: true });
});

describe('dialect rules that recognise reads the parser cannot read', () => {
  const allowed: Array<[string, 'postgres' | 'sqlite' | 'redshift']> = [
    ['TABLE users', 'postgres'],
    ['TABLE public.users', 'postgres'],
    ['SHOW search_path', 'postgres'],
    ['PRAGMA table_info(users)', 'sqlite'],
    ['PRAGMA main.index_list("users")', 'sqlite'],
  ];
  for (const [sql, dialect] of allowed) {
    it(`allows on ${dialect}: ${sql}`, () => {
      expect(checkReadOnly(sql, { dialect, allowFileAccess: false })).toEqual({ allowed: true, statementCount: 1 });
    });
  }

  const refused: Array<[string, 'postgres' | 'sqlite' | 'duckdb']> = [
    ['TABLE users; DELETE FROM users', 'postgres'],
    ['TABLE users WHERE 1 = 1', 'postgres'],
    ['PRAGMA writable_schema = 1', 'sqlite'],
    ['PRAGMA table_info(users); DROP TABLE users', 'sqlite'],
    ["SHOW 'data.csv'", 'duckdb'],
  ];
  for (const [sql, dialect] of refused) {
    it(`still refuses on ${dialect}: ${sql}`, () => {
      expect(checkReadOnly(sql, { dialect, allowFileAccess: false }).allowed).toBe(false);
    });
  }
});

describe('DuckDB proves reads the parser cannot read', () => {
  const answered: Array<[string, unknown[][] | number]> = [
    ['SUMMARIZE sales', 3],
    ['PIVOT sales ON year IN (2024, 2025) USING sum(amount) GROUP BY region ORDER BY region', [['North', 100, 200], ['South', 50, null]]],
    // Columns found at run time: DuckDB first reads the distinct years from the same source.
    ['PIVOT sales ON year USING sum(amount) ORDER BY region', [['North', 100, 200], ['South', 50, null]]],
    ['PIVOT sales ON region, year USING sum(amount)', [[100, 200, 50, null]]],
    ['SELECT t.quantity, p.price FROM trades t ASOF JOIN prices p ON t.ts >= p.ts ORDER BY t.ts', [[1, 10], [2, 12]]],
    ['SELECT [x * 2 FOR x IN [1, 2, 3]] AS doubled', [[[2, 4, 6]]]],
    ['SELECT count(*) < 10 AS small FROM sales USING SAMPLE 50%', [[true]]],
  ];
  for (const [sql, expected] of answered) {
    it(`answers ${sql}`, async () => {
      expect(checkReadOnly(sql, { dialect: 'duckdb', allowFileAccess: false })).toMatchObject({ allowed: false, engineMayConfirm: true });
      expect(await checkStatement(sql, duckdb, false)).toEqual({ allowed: true, statementCount: 1 });
      const result = await duckdb.runQuery(sql, QUERY_OPTIONS);
      if (typeof expected === 'number') expect(result.rows).toHaveLength(expected);
      else expect(result.rows).toEqual(expected);
    });
  }

  const stillRefused = [
    "PIVOT sales ON getenv('HOME') USING count(*)",
    "PIVOT sales ON year USING sum(amount) GROUP BY (SELECT 1 FROM read_csv('/etc/passwd'))",
    "SUMMARIZE SELECT * FROM read_csv('/etc/passwd')",
    "SELECT [getenv(x) FOR x IN ['HOME']]",
    "PIVOT (SELECT * FROM '/etc/passwd') ON a USING count(*)",
    'PIVOT sales ON year USING sum(amount)); DELETE FROM sales; SELECT (1',
    'SUMMARIZE sales; SUMMARIZE sales',
    'DELETE FROM sales',
    "SELECT * FROM sales USING SAMPLE 50% WHERE region IN (SELECT * FROM query('DELETE FROM sales'))",
  ];
  for (const sql of stillRefused) {
    it(`still refuses ${sql}`, async () => {
      expect((await checkStatement(sql, duckdb, false)).allowed).toBe(false);
    });
  }
});
