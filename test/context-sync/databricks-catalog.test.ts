// Databricks' catalog reader through the real @databricks/sql driver against the local warehouse,
// whose information_schema shows Unity Catalog's table types, comments and keys from its own tables.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { databricksCatalogReader } from '../../src/databases/databricks/databricks-catalog.js';
import { DatabricksAdapter } from '../../src/databases/databricks/databricks-adapter.js';
import { databaseConfig } from '../databases/database-test-helpers.js';
import { type FakeDatabricks, startFakeDatabricks } from '../fakes/databricks-server.js';
import { gatedCatalogRunner } from './catalog-test-helpers.js';

const TOKEN = 'dapi-catalog-token-0123456789';
const HTTP_PATH = '/sql/1.0/warehouses/catalog';
let server: FakeDatabricks;
let adapter: DatabricksAdapter;
let directory: string;

beforeAll(async () => {
  server = await startFakeDatabricks({
    catalog: 'lakehouse',
    setup: [
      'CREATE SCHEMA sales',
      'CREATE TABLE sales.regions (region_id INTEGER PRIMARY KEY, region_name VARCHAR NOT NULL)',
      'CREATE TABLE sales.revenue_daily (day DATE NOT NULL, region_id INTEGER NOT NULL REFERENCES sales.regions (region_id), net_revenue DECIMAL(12, 2), PRIMARY KEY (day, region_id))',
      'CREATE VIEW sales.revenue_by_region AS SELECT region_id, sum(net_revenue) AS net_revenue FROM sales.revenue_daily GROUP BY region_id',
      `COMMENT ON TABLE sales.revenue_daily IS 'Daily revenue net of refunds, one row per day and region.'`,
      `COMMENT ON COLUMN sales.revenue_daily.net_revenue IS 'Gross sales minus refunds, in euros'`,
      `COMMENT ON VIEW sales.revenue_by_region IS 'Net revenue per region, all time'`,
    ],
    httpPath: HTTP_PATH,
    tokens: { [TOKEN]: 'service-principal' },
    readOnly: true,
  });
  directory = await mkdtemp(join(tmpdir(), 'datathread-databricks-catalog-'));
  await writeFile(join(directory, 'ca.pem'), server.certificatePem);
  adapter = new DatabricksAdapter(
    databaseConfig({ type: 'databricks', name: 'catalog', server_hostname: '127.0.0.1', port: server.port, http_path: HTTP_PATH, catalog: 'lakehouse', schema_name: 'sales', access_token: TOKEN, ssl_ca_path: join(directory, 'ca.pem') }),
  );
});

afterAll(async () => {
  await adapter?.close();
  await server?.close();
  if (directory) await rm(directory, { recursive: true, force: true });
});

describe('Databricks catalog reader', () => {
  test('reads table and column comments and Unity Catalog keys from information_schema', async () => {
    const { run } = await gatedCatalogRunner(adapter);
    const tables = (await databricksCatalogReader.readTables(run)).filter((table) => table.schema === 'sales');
    expect(tables).toEqual([
      { schema: 'sales', name: 'regions', kind: 'table', columns: [{ name: 'region_id', type: 'int', nullable: false, primaryKey: true }, { name: 'region_name', type: 'string', nullable: false }] },
      {
        schema: 'sales',
        name: 'revenue_by_region',
        kind: 'view',
        comment: 'Net revenue per region, all time',
        columns: [{ name: 'region_id', type: 'int', nullable: true }, { name: 'net_revenue', type: 'decimal(38,2)', nullable: true }],
      },
      {
        schema: 'sales',
        name: 'revenue_daily',
        kind: 'table',
        comment: 'Daily revenue net of refunds, one row per day and region.',
        columns: [
          { name: 'day', type: 'date', nullable: false, primaryKey: true },
          { name: 'region_id', type: 'int', nullable: false, primaryKey: true, foreignKey: { table: 'sales.regions', column: 'region_id' } },
          { name: 'net_revenue', type: 'decimal(12,2)', nullable: true, comment: 'Gross sales minus refunds, in euros' },
        ],
      },
    ]);
  });
});
