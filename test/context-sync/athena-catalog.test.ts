// Athena's catalog reader through the real @aws-sdk/client-athena against the local Athena server,
// whose information_schema.columns carries the column comments of its own tables.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { athenaCatalogReader } from '../../src/databases/athena/athena-catalog.js';
import { AthenaAdapter } from '../../src/databases/athena/athena-adapter.js';
import { databaseConfig } from '../databases/database-test-helpers.js';
import { type FakeAthena, startFakeAthena } from '../fakes/athena-server.js';
import { gatedCatalogRunner } from './catalog-test-helpers.js';

const ACCESS_KEY_ID = 'AKIADATATHREADCATALOG';
const SECRET_ACCESS_KEY = 'catalog-secret-access-key-0123456789';
let server: FakeAthena;
let adapter: AthenaAdapter;

beforeAll(async () => {
  server = await startFakeAthena({
    setup: [
      'CREATE SCHEMA sales',
      'CREATE SCHEMA staging',
      'CREATE TABLE sales.revenue_daily (day DATE, region_id INTEGER, net_revenue DECIMAL(12, 2), tags VARCHAR[])',
      'CREATE VIEW sales.revenue_by_region AS SELECT region_id, sum(net_revenue) AS net_revenue FROM sales.revenue_daily GROUP BY region_id',
      'CREATE TABLE staging.raw_events (payload VARCHAR)',
      `COMMENT ON COLUMN sales.revenue_daily.net_revenue IS 'Gross sales minus refunds, in euros'`,
      `COMMENT ON TABLE sales.revenue_daily IS 'Daily revenue net of refunds, one row per day and region.'`,
      // More tables than one ListTableMetadata page holds (50).
      ...Array.from({ length: 60 }, (_, index) => `CREATE TABLE staging.load_${String(index).padStart(2, '0')} (id INTEGER)`),
      `COMMENT ON TABLE staging.load_57 IS 'Loads of the 57th feed'`,
    ],
    accessKeys: { [ACCESS_KEY_ID]: SECRET_ACCESS_KEY },
    workGroups: { primary: {} },
    readOnly: true,
  });
  adapter = new AthenaAdapter(
    databaseConfig({
      type: 'athena',
      name: 'catalog',
      host: '127.0.0.1',
      port: Number(new URL(server.url).port),
      region_name: 'eu-west-1',
      s3_staging_dir: 's3://catalog-athena-results/datathread/',
      work_group: 'primary',
      schema_name: 'sales',
      aws_access_key_id: ACCESS_KEY_ID,
      aws_secret_access_key: SECRET_ACCESS_KEY,
    }),
  );
});

afterAll(async () => {
  await adapter?.close();
  await server?.close();
});

describe('Athena catalog reader', () => {
  test('reads the configured database: tables, views, Glue table comments through the API and column comments', async () => {
    const { run } = await gatedCatalogRunner(adapter);
    const tables = await athenaCatalogReader({ schema_name: 'sales' }, adapter).readTables(run);
    expect(tables).toEqual([
      { schema: 'sales', name: 'revenue_by_region', kind: 'view', columns: [{ name: 'region_id', type: 'integer', nullable: true }, { name: 'net_revenue', type: 'decimal(38,2)', nullable: true }] },
      {
        schema: 'sales',
        name: 'revenue_daily',
        kind: 'table',
        comment: 'Daily revenue net of refunds, one row per day and region.',
        columns: [
          { name: 'day', type: 'date', nullable: true },
          { name: 'region_id', type: 'integer', nullable: true },
          { name: 'net_revenue', type: 'decimal(12,2)', nullable: true, comment: 'Gross sales minus refunds, in euros' },
          { name: 'tags', type: 'array(varchar)', nullable: true },
        ],
      },
    ]);
    expect(server.queries.map((query) => query.state)).toEqual(['SUCCEEDED', 'SUCCEEDED']);
    expect(server.requests.filter((request) => request.operation === 'ListTableMetadata').map((request) => [request.body.DatabaseName, request.accessKeyId])).toEqual([['sales', ACCESS_KEY_ID]]);
  });

  test('without a configured database, reads every database, following ListTableMetadata pages', async () => {
    const { run } = await gatedCatalogRunner(adapter);
    const tables = await athenaCatalogReader({}, adapter).readTables(run);
    expect(tables.filter((table) => table.schema === 'staging')).toHaveLength(61);
    expect(tables.filter((table) => table.comment).map((table) => `${table.schema}.${table.name}: ${table.comment}`)).toEqual([
      'sales.revenue_daily: Daily revenue net of refunds, one row per day and region.',
      'staging.load_57: Loads of the 57th feed',
    ]);
    const pages = server.requests.filter((request) => request.operation === 'ListTableMetadata' && request.body.DatabaseName === 'staging');
    expect(pages.map((request) => request.body.NextToken ?? null)).toEqual([null, '50']);
  });

  test('a database Glue does not know is a failure naming it', async () => {
    await expect(adapter.tableComments('no_such_database')).rejects.toThrow(/Database no_such_database not found/);
  });
});
