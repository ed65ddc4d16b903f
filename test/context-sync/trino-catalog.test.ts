// Trino's catalog reader through the real trino-client against the local Trino server, whose
// information_schema.columns and system.metadata.table_comments answer from its own tables.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { trinoCatalogReader } from '../../src/databases/trino/trino-catalog.js';
import { TrinoAdapter } from '../../src/databases/trino/trino-adapter.js';
import { databaseConfig } from '../databases/database-test-helpers.js';
import { type FakeTrino, startFakeTrino } from '../fakes/trino-server.js';
import { gatedCatalogRunner } from './catalog-test-helpers.js';

const PASSWORD = 'catalog-trino-password';
let trino: FakeTrino;
let adapter: TrinoAdapter;

beforeAll(async () => {
  trino = await startFakeTrino({
    setup: [
      'CREATE SCHEMA sales',
      'CREATE TABLE sales.revenue_daily (day DATE NOT NULL, region_id INTEGER NOT NULL, net_revenue DECIMAL(12, 2), tags VARCHAR[])',
      'CREATE TABLE sales.regions (region_id INTEGER, region_name VARCHAR)',
      'CREATE VIEW sales.revenue_by_region AS SELECT region_id, sum(net_revenue) AS net_revenue FROM sales.revenue_daily GROUP BY region_id',
      `COMMENT ON TABLE sales.revenue_daily IS 'Daily revenue net of refunds, one row per day and region.'`,
      `COMMENT ON COLUMN sales.revenue_daily.net_revenue IS 'Gross sales minus refunds, in euros'`,
      `COMMENT ON VIEW sales.revenue_by_region IS 'Net revenue per region, all time'`,
    ],
    passwords: { datathread: PASSWORD },
    readOnly: true,
  });
  adapter = new TrinoAdapter(
    databaseConfig({ type: 'trino', name: 'catalog', host: '127.0.0.1', port: Number(new URL(trino.url).port), database: 'memory', schema_name: 'sales', user: 'datathread', password: PASSWORD }),
  );
});

afterAll(async () => {
  await adapter?.close();
  await trino?.close();
});

describe('Trino catalog reader', () => {
  test('reads table comments from system.metadata and column comments from information_schema', async () => {
    const { run } = await gatedCatalogRunner(adapter);
    const tables = await trinoCatalogReader.readTables(run);
    expect(tables).toEqual([
      { schema: 'sales', name: 'regions', kind: 'table', columns: [{ name: 'region_id', type: 'integer', nullable: true }, { name: 'region_name', type: 'varchar', nullable: true }] },
      {
        schema: 'sales',
        name: 'revenue_by_region',
        kind: 'view',
        comment: 'Net revenue per region, all time',
        columns: [{ name: 'region_id', type: 'integer', nullable: true }, { name: 'net_revenue', type: 'decimal(38,2)', nullable: true }],
      },
      {
        schema: 'sales',
        name: 'revenue_daily',
        kind: 'table',
        comment: 'Daily revenue net of refunds, one row per day and region.',
        columns: [
          { name: 'day', type: 'date', nullable: false },
          { name: 'region_id', type: 'integer', nullable: false },
          { name: 'net_revenue', type: 'decimal(12,2)', nullable: true, comment: 'Gross sales minus refunds, in euros' },
          { name: 'tags', type: 'array(varchar)', nullable: true },
        ],
      },
    ]);
    expect(trino.queries.some((query) => query.sql.includes('system.metadata.table_comments') && query.state === 'FINISHED')).toBe(true);
  });
});
