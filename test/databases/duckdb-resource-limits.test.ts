// DuckDB instances run with memory_limit and threads from the config (and defaults that leave the
// process room): the settings are in force inside the instance, a query that needs more memory
// than the limit fails with a sentence that names the limit and what to do, this process
// survives, and the next query on the same adapter works.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { databaseConfigSchema } from '../../src/databases/database-config.js';
import { createDatabaseAdapter } from '../../src/databases/create-database-adapter.js';
import { duckDbResourceLimits } from '../../src/databases/duckdb/duckdb-resource-limits.js';
import { QueryFailedError } from '../../src/databases/errors.js';
import type { DatabaseAdapter } from '../../src/databases/types.js';
import { databaseConfig } from './database-test-helpers.js';

let adapter: DatabaseAdapter;
const OPTIONS = { rowCap: 10, timeoutMs: 60_000 };

beforeAll(async () => {
  adapter = await createDatabaseAdapter(databaseConfig({ type: 'duckdb', name: 'small', path: ':memory:', memory_limit: '32MB', threads: 1 }));
});

afterAll(async () => {
  await adapter.close();
});

describe('DuckDB memory_limit and threads', () => {
  test('the configured settings are in force in the instance', async () => {
    const result = await adapter.runQuery("SELECT current_setting('memory_limit') AS memory, current_setting('threads') AS threads", OPTIONS);
    expect(result.rows).toEqual([['30.5 MiB', 1]]);
  });

  test('a query needing more memory fails with a clear message, and the next query works', async () => {
    const started = adapter.runQuery('SELECT count(*) FROM (SELECT range AS n, repeat(CAST(range AS VARCHAR), 50) AS s FROM range(2000000) ORDER BY s DESC)', OPTIONS);
    const error = await started.then(
      () => undefined,
      (failure: unknown) => failure,
    );
    expect(error).toBeInstanceOf(QueryFailedError);
    expect((error as Error).message).toContain('needed more memory than database "small" may use (memory_limit 32MB)');
    expect((error as Error).message).toContain('raise memory_limit');
    expect((await adapter.runQuery('SELECT 42 AS answer', OPTIONS)).rows).toEqual([[42]]);
  });

  test('defaults leave the process room, and the keys belong to DuckDB only', () => {
    const defaults = duckDbResourceLimits({});
    expect(defaults.threads).toBeGreaterThanOrEqual(1);
    expect(defaults.memoryLimit).toMatch(/^\d+MB$/);
    const refused = databaseConfigSchema.safeParse({ name: 'pg', type: 'postgres', host: 'h', memory_limit: '1GB' });
    expect(refused.success).toBe(false);
    expect(JSON.stringify(refused.error?.issues)).toContain('applies to type duckdb only');
    expect(databaseConfigSchema.safeParse({ name: 'd', type: 'duckdb', path: 'x.duckdb', memory_limit: 'lots' }).success).toBe(false);
  });
});
