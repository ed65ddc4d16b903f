// Snowflake's catalog reader through the real snowflake-sdk against the local Snowflake server,
// whose INFORMATION_SCHEMA.TABLES and COLUMNS answer from its own tables (COMMENT ON → COMMENT).
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { snowflakeCatalogReader } from '../../src/databases/snowflake/snowflake-catalog.js';
import { SnowflakeAdapter } from '../../src/databases/snowflake/snowflake-adapter.js';
import { databaseConfig } from '../databases/database-test-helpers.js';
import { type FakeSnowflake, startFakeSnowflake } from '../fakes/snowflake-server.js';
import { gatedCatalogRunner } from './catalog-test-helpers.js';

const PASSWORD = 'catalog-snowflake-password';
let server: FakeSnowflake;
let adapter: SnowflakeAdapter;

beforeAll(async () => {
  server = await startFakeSnowflake({
    setup: [
      'CREATE SCHEMA SALES',
      'CREATE TABLE SALES.REVENUE_DAILY (DAY DATE NOT NULL, REGION_ID INTEGER NOT NULL, NET_REVENUE DECIMAL(12, 2))',
      'CREATE VIEW SALES.REVENUE_BY_REGION AS SELECT REGION_ID, sum(NET_REVENUE) AS NET_REVENUE FROM SALES.REVENUE_DAILY GROUP BY REGION_ID',
      `COMMENT ON TABLE SALES.REVENUE_DAILY IS 'Daily revenue net of refunds, one row per day and region.'`,
      `COMMENT ON COLUMN SALES.REVENUE_DAILY.NET_REVENUE IS 'Gross sales minus refunds, in euros'`,
      `COMMENT ON VIEW SALES.REVENUE_BY_REGION IS 'Net revenue per region, all time'`,
      `INSERT INTO SALES.REVENUE_DAILY SELECT DATE '2024-01-01' + (g // 40)::INTEGER, g % 40 + 1, g FROM range(0, 1200) t(g)`,
    ],
    passwords: { DATATHREAD: PASSWORD },
    grants: { ANALYST_READ: ['USAGE', 'SELECT'] },
  });
  adapter = new SnowflakeAdapter(
    databaseConfig({ type: 'snowflake', name: 'catalog', host: '127.0.0.1', port: server.port, account_id: 'contoso-analytics', database: 'SHOP', schema_name: 'SALES', warehouse: 'REPORTING', role: 'ANALYST_READ', user: 'DATATHREAD', password: PASSWORD }),
  );
});

afterAll(async () => {
  await adapter?.close();
  await server?.close();
});

describe('Snowflake catalog reader', () => {
  test('reads COMMENT and ROW_COUNT from INFORMATION_SCHEMA.TABLES and column comments', async () => {
    const { run } = await gatedCatalogRunner(adapter);
    const tables = (await snowflakeCatalogReader.readTables(run)).filter((table) => table.schema === 'SALES');
    expect(tables).toEqual([
      {
        schema: 'SALES',
        name: 'REVENUE_BY_REGION',
        kind: 'view',
        comment: 'Net revenue per region, all time',
        columns: [{ name: 'REGION_ID', type: 'number', nullable: true }, { name: 'NET_REVENUE', type: 'number', nullable: true }],
      },
      {
        schema: 'SALES',
        name: 'REVENUE_DAILY',
        kind: 'table',
        comment: 'Daily revenue net of refunds, one row per day and region.',
        approximateRowCount: 1200,
        columns: [
          { name: 'DAY', type: 'date', nullable: false },
          { name: 'REGION_ID', type: 'number', nullable: false },
          { name: 'NET_REVENUE', type: 'number', nullable: true, comment: 'Gross sales minus refunds, in euros' },
        ],
      },
    ]);
    expect(server.queries.filter((query) => /INFORMATION_SCHEMA/.test(query.sql)).map((query) => query.state)).toEqual(['succeeded', 'succeeded']);
  });
});
