// max_warehouse_size on Snowflake: every session checks its current warehouse's size (SHOW
// WAREHOUSES, on the local Snowflake server) and runs nothing on a larger one, saying which
// warehouse, its size and how to fix it; the key is checked in the config and refused elsewhere.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { databaseConfigSchema } from '../../src/databases/database-config.js';
import { SnowflakeAdapter } from '../../src/databases/snowflake/snowflake-adapter.js';
import { warehouseSizeRank, WarehouseSizeRefusedError } from '../../src/databases/snowflake/snowflake-warehouse-size.js';
import { startFakeSnowflake, type FakeSnowflake } from '../fakes/snowflake-server.js';
import { runCli } from '../../src/cli/main.js';
import { captureOutput, createE2eWorkspace, SCRIPTED_MODEL } from '../support/e2e-workspace.js';
import { databaseConfig, failureOf, QUERY_OPTIONS } from './database-test-helpers.js';

const PASSWORD = 'service-snowflake-password';

let server: FakeSnowflake;

function adapterFor(warehouse: string, maxWarehouseSize: string | undefined): SnowflakeAdapter {
  return new SnowflakeAdapter(
    databaseConfig({ type: 'snowflake', name: 'snow', host: '127.0.0.1', port: server.port, account_id: 'contoso', database: 'SHOP', schema_name: 'PUBLIC', warehouse, role: 'ANALYST_READ', user: 'DATATHREAD', password: PASSWORD, max_warehouse_size: maxWarehouseSize }),
  );
}

function ranQuery(sql: string): boolean {
  return server.queries.some((query) => query.sql === sql);
}

beforeAll(async () => {
  server = await startFakeSnowflake({
    setup: ['CREATE TABLE sales (region VARCHAR, amount INTEGER)', "INSERT INTO sales VALUES ('North', 100)"],
    passwords: { DATATHREAD: PASSWORD },
    warehouses: { REPORTING: 'X-Small', ETL_BIG: '2X-Large' },
  });
});

afterAll(async () => {
  await server?.close();
});

describe('Snowflake max_warehouse_size', () => {
  test('a warehouse within the size runs the query', async () => {
    const result = await adapterFor('reporting', 'SMALL').runQuery('SELECT region, amount FROM sales', QUERY_OPTIONS);
    expect(result.rows).toEqual([['North', 100]]);
  });

  test('a larger warehouse is refused before the query runs, naming it, its size and the fix', async () => {
    const sql = 'SELECT count(*) AS n FROM sales';
    const failure = await failureOf(adapterFor('etl_big', 'Medium').runQuery(sql, QUERY_OPTIONS));
    expect(failure).toBeInstanceOf(WarehouseSizeRefusedError);
    expect(failure.message).toBe(
      'Database "snow" refused: warehouse ETL_BIG is 2X-Large, larger than max_warehouse_size (Medium), so no query runs on it. Resize it (ALTER WAREHOUSE ETL_BIG SET WAREHOUSE_SIZE = MEDIUM), name a smaller warehouse, or raise max_warehouse_size.',
    );
    expect(ranQuery(sql)).toBe(false);
    // Without the key the same warehouse runs it.
    expect((await adapterFor('etl_big', undefined).runQuery(sql, QUERY_OPTIONS)).rows).toEqual([[1]]);
  });

  test('a warehouse whose size cannot be read is refused too: a cap nobody can check is no cap', async () => {
    const failure = await failureOf(adapterFor('missing_wh', 'SMALL').runQuery('SELECT 1 AS one', QUERY_OPTIONS));
    expect(failure.message).toContain('the session has no current warehouse, so its size cannot be checked against max_warehouse_size (SMALL)');
  });

  test('datathread check reports the database as refused, with the warehouse, its size and the fix', async () => {
    const snow = { name: 'snow', type: 'snowflake', host: '127.0.0.1', port: server.port, account_id: 'contoso', database: 'SHOP', schema_name: 'PUBLIC', role: 'ANALYST_READ', user: 'DATATHREAD', password: PASSWORD };
    const workspace = await createE2eWorkspace({
      prefix: 'warehouse-size',
      duckdb: ['CREATE TABLE t (x INTEGER)'],
      config: { databases: [{ ...snow, warehouse: 'etl_big', max_warehouse_size: 'MEDIUM' }, { ...snow, name: 'snow_small', warehouse: 'reporting', max_warehouse_size: 'MEDIUM' }], agent: { model: SCRIPTED_MODEL } },
    });
    try {
      // The model check passes, so the exit code is the refused warehouse's.
      workspace.fakeModel.enqueue({ text: 'OK' });
      const captured = captureOutput();
      const code = await runCli(['check'], { variables: workspace.variables, output: captured.output, errors: captured.output });
      expect(code).not.toBe(0);
      expect(captured.text()).toMatch(/Model: .* OK/);
      expect(captured.text()).toContain('Database snow (snowflake): FAILED — Database "snow" refused: warehouse ETL_BIG is 2X-Large, larger than max_warehouse_size (MEDIUM)');
      expect(captured.text()).toContain('Database snow_small (snowflake, read-only): OK — ');
    } finally {
      await workspace.close();
    }
  });

  test('reads every spelling of a size, and the config refuses an unknown size or the key on another type', () => {
    expect(['X-Small', 'xsmall', '2X-Large', 'XXLARGE', 'X2LARGE', '6X-Large'].map(warehouseSizeRank)).toEqual([0, 0, 5, 5, 5, 9]);
    const base = { name: 'snow', type: 'snowflake', host: 'contoso.snowflakecomputing.com' };
    expect(databaseConfigSchema.safeParse({ ...base, max_warehouse_size: 'X-Small' }).success).toBe(true);
    expect(databaseConfigSchema.safeParse({ ...base, max_warehouse_size: 'tiny' }).error?.issues[0]?.message).toContain('use a Snowflake warehouse size: XSMALL, SMALL');
    const elsewhere = databaseConfigSchema.safeParse({ name: 'pg', type: 'postgres', host: 'db', max_warehouse_size: 'SMALL' });
    expect(elsewhere.error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`)).toEqual(['max_warehouse_size: applies to type snowflake only']);
  });
});
