// BigQuery's catalog reader through the real @google-cloud/bigquery client against the local
// BigQuery server, whose INFORMATION_SCHEMA TABLES, TABLE_OPTIONS and COLUMN_FIELD_PATHS answer
// from its own tables (COMMENT ON → description).
import { generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { bigqueryCatalogReader } from '../../src/databases/bigquery/bigquery-catalog.js';
import { BigQueryAdapter } from '../../src/databases/bigquery/bigquery-adapter.js';
import { databaseConfig } from '../databases/database-test-helpers.js';
import { type FakeBigQuery, startFakeBigQuery } from '../fakes/bigquery-server.js';
import { gatedCatalogRunner } from './catalog-test-helpers.js';

const PROJECT = 'catalog-analytics';
const CLIENT_EMAIL = 'datathread-catalog@catalog-analytics.iam.gserviceaccount.com';
let server: FakeBigQuery;
let credentials: Record<string, string>;

beforeAll(async () => {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  server = await startFakeBigQuery({
    projectId: PROJECT,
    setup: [
      'CREATE SCHEMA sales',
      'CREATE SCHEMA marketing',
      'CREATE TABLE sales.revenue_daily (day DATE NOT NULL, region_id INTEGER NOT NULL, net_revenue DECIMAL(12, 2), tags VARCHAR[])',
      'CREATE VIEW sales.revenue_by_region AS SELECT region_id, sum(net_revenue) AS net_revenue FROM sales.revenue_daily GROUP BY region_id',
      'CREATE TABLE marketing.campaigns (campaign_id INTEGER, name VARCHAR)',
      `COMMENT ON TABLE sales.revenue_daily IS 'Daily revenue net of refunds, "net" meaning after returns.'`,
      `COMMENT ON COLUMN sales.revenue_daily.net_revenue IS 'Gross sales minus refunds, in euros'`,
      `COMMENT ON VIEW sales.revenue_by_region IS 'Net revenue per region, all time'`,
      `COMMENT ON TABLE marketing.campaigns IS 'Ad campaigns'`,
      `INSERT INTO sales.revenue_daily SELECT DATE '2024-01-01' + (g // 40)::INTEGER, g % 40 + 1, g, ['web'] FROM range(0, 1200) t(g)`,
    ],
    serviceAccount: { clientEmail: CLIENT_EMAIL, publicKeyPem: publicKey.export({ type: 'spki', format: 'pem' }).toString() },
    readOnly: true,
  });
  credentials = { type: 'service_account', project_id: PROJECT, client_email: CLIENT_EMAIL, private_key_id: 'key-1', private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString() };
});

afterAll(async () => {
  await server?.close();
});

function adapterFor(datasetId: string | undefined): BigQueryAdapter {
  return new BigQueryAdapter(
    databaseConfig({ type: 'bigquery', name: 'catalog', host: '127.0.0.1', port: Number(new URL(server.url).port), project_id: PROJECT, dataset_id: datasetId, location: 'EU', credentials_json: credentials }),
  );
}

describe('BigQuery catalog reader', () => {
  test('reads one dataset: table descriptions from TABLE_OPTIONS, column descriptions from COLUMN_FIELD_PATHS, rows from TABLE_STORAGE', async () => {
    const adapter = adapterFor('sales');
    const { run } = await gatedCatalogRunner(adapter);
    const tables = await bigqueryCatalogReader({ project_id: PROJECT, dataset_id: 'sales', location: 'EU' }).readTables(run);
    expect(tables).toEqual([
      {
        schema: 'sales',
        name: 'revenue_by_region',
        kind: 'view',
        comment: 'Net revenue per region, all time',
        columns: [{ name: 'region_id', type: 'int64', nullable: true }, { name: 'net_revenue', type: 'numeric', nullable: true }],
      },
      {
        schema: 'sales',
        name: 'revenue_daily',
        kind: 'table',
        comment: 'Daily revenue net of refunds, "net" meaning after returns.',
        approximateRowCount: 1200,
        columns: [
          { name: 'day', type: 'date', nullable: false },
          { name: 'region_id', type: 'int64', nullable: false },
          { name: 'net_revenue', type: 'numeric', nullable: true, comment: 'Gross sales minus refunds, in euros' },
          { name: 'tags', type: 'array<string>', nullable: true },
        ],
      },
    ]);
    await adapter.close();
  });

  test('without a dataset, reads every dataset of the location through the region-qualified views', async () => {
    const adapter = adapterFor(undefined);
    const { run, statements } = await gatedCatalogRunner(adapter);
    const tables = await bigqueryCatalogReader({ project_id: PROJECT, location: 'EU' }).readTables(run);
    expect(tables.map((table) => `${table.schema}.${table.name}: ${table.comment}`)).toEqual([
      'marketing.campaigns: Ad campaigns',
      'sales.revenue_by_region: Net revenue per region, all time',
      'sales.revenue_daily: Daily revenue net of refunds, "net" meaning after returns.',
    ]);
    expect(statements[0]).toContain('`catalog-analytics`.`region-eu`.INFORMATION_SCHEMA.TABLES');
    expect(tables.map((table) => table.approximateRowCount)).toEqual([0, undefined, 1200]);
    await adapter.close();
  });
});
