// The SQL Server family's catalog reader through the real tedious driver against the local TDS
// server, whose sys catalog views (test/fakes/tds-catalog-views.ts) are filled from its own tables:
// DuckDB's COMMENT ON becomes the MS_Description extended property.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { mssqlCatalogReader } from '../../src/databases/mssql/mssql-catalog.js';
import { MssqlAdapter } from '../../src/databases/mssql/mssql-adapter.js';
import { databaseConfig } from '../databases/database-test-helpers.js';
import { type FakeTds, startFakeTds } from '../fakes/tds-server.js';
import { gatedCatalogRunner } from './catalog-test-helpers.js';

const PASSWORD = 'catalog-reader-password';
let server: FakeTds;
let adapter: MssqlAdapter;

beforeAll(async () => {
  server = await startFakeTds({
    setup: [
      'CREATE SCHEMA sales',
      'CREATE TABLE sales.regions (region_id INTEGER PRIMARY KEY, region_name VARCHAR NOT NULL)',
      'CREATE TABLE sales.revenue_daily (day DATE NOT NULL, region_id INTEGER NOT NULL REFERENCES sales.regions (region_id), net_revenue DECIMAL(12, 2), PRIMARY KEY (day, region_id))',
      'CREATE VIEW sales.revenue_by_region AS SELECT region_id, sum(net_revenue) AS net_revenue FROM sales.revenue_daily GROUP BY region_id',
      `COMMENT ON TABLE sales.revenue_daily IS 'Daily revenue net of refunds, one row per day and region.'`,
      `COMMENT ON COLUMN sales.revenue_daily.net_revenue IS 'Gross sales minus refunds, in euros'`,
      `COMMENT ON VIEW sales.revenue_by_region IS 'Net revenue per region, all time'`,
      `INSERT INTO sales.regions SELECT g, 'region ' || g FROM range(1, 41) t(g)`,
      `INSERT INTO sales.revenue_daily SELECT DATE '2024-01-01' + (g // 40)::INTEGER, g % 40 + 1, g FROM range(0, 1200) t(g)`,
    ],
    logins: { datathread_reader: PASSWORD },
    readers: ['datathread_reader'],
  });
  adapter = new MssqlAdapter(databaseConfig({ type: 'mssql', name: 'catalog', host: server.host, port: server.port, database: 'shop', user: 'datathread_reader', password: PASSWORD }));
});

afterAll(async () => {
  await adapter?.close();
  await server?.close();
});

describe('SQL Server catalog reader', () => {
  test('reads MS_Description comments, partition row counts, primary and foreign keys', async () => {
    const { run, statements } = await gatedCatalogRunner(adapter);
    const tables = await mssqlCatalogReader.readTables(run);
    expect(tables.map((table) => `${table.schema}.${table.name} ${table.kind}`)).toEqual([
      'sales.regions table',
      'sales.revenue_by_region view',
      'sales.revenue_daily table',
    ]);
    expect(tables[2]).toEqual({
      schema: 'sales',
      name: 'revenue_daily',
      kind: 'table',
      comment: 'Daily revenue net of refunds, one row per day and region.',
      approximateRowCount: 1200,
      columns: [
        { name: 'day', type: 'date', nullable: false, primaryKey: true },
        { name: 'region_id', type: 'int', nullable: false, primaryKey: true, foreignKey: { table: 'sales.regions', column: 'region_id' } },
        { name: 'net_revenue', type: 'decimal', nullable: true, comment: 'Gross sales minus refunds, in euros' },
      ],
    });
    expect(tables[1]).toEqual({
      schema: 'sales',
      name: 'revenue_by_region',
      kind: 'view',
      comment: 'Net revenue per region, all time',
      columns: [{ name: 'region_id', type: 'int', nullable: true }, { name: 'net_revenue', type: 'decimal', nullable: true }],
    });
    expect(tables[0]).toMatchObject({ approximateRowCount: 40, columns: [{ name: 'region_id', primaryKey: true }, { name: 'region_name', type: 'nvarchar', nullable: false }] });
    // Every statement reached the server through the driver, as sync sends it.
    for (const statement of statements) expect(server.connections.flatMap((connection) => connection.batches).some((batch) => batch.includes(statement.trim()))).toBe(true);
  });
});
