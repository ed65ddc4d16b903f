// The reader sync picks for each dialect (its runtime, registered in dialects.ts), and the config it hands BigQuery's and
// Athena's readers (their SQL seen through a runner that records it and answers no rows).
import { describe, expect, test } from 'vitest';
import type { CatalogReader } from '../../src/databases/table-metadata.js';
import { AthenaAdapter } from '../../src/databases/athena/athena-adapter.js';
import type { DatabaseConfig } from '../../src/databases/database-config.js';
import { catalogReaderFor } from '../../src/databases/dialect-runtime.js';
import { duckdbCatalogReader } from '../../src/databases/duckdb/duckdb-catalog.js';
import { databricksCatalogReader } from '../../src/databases/databricks/databricks-catalog.js';
import { mssqlCatalogReader } from '../../src/databases/mssql/mssql-catalog.js';
import { redshiftCatalogReader } from '../../src/databases/redshift/redshift-catalog.js';
import { snowflakeCatalogReader } from '../../src/databases/snowflake/snowflake-catalog.js';
import { starrocksCatalogReader } from '../../src/databases/starrocks/starrocks-catalog.js';
import { trinoCatalogReader } from '../../src/databases/trino/trino-catalog.js';
import type { DatabaseAdapter } from '../../src/databases/types.js';
import { databaseConfig } from '../databases/database-test-helpers.js';

const anyAdapter = {} as DatabaseAdapter;

async function statementsOf(reader: CatalogReader | undefined): Promise<string[]> {
  const statements: string[] = [];
  await reader!.readTables(async (sql) => {
    statements.push(sql);
    return [];
  });
  return statements;
}

describe('catalogReaderFor', () => {
  test.each([
    ['redshift', redshiftCatalogReader],
    ['starrocks', starrocksCatalogReader],
    ['mssql', mssqlCatalogReader],
    ['snowflake', snowflakeCatalogReader],
    ['databricks', databricksCatalogReader],
    ['trino', trinoCatalogReader],
  ] as const)('%s reads with its own catalog reader', async (type, reader) => {
    expect(await catalogReaderFor(databaseConfig({ type }), anyAdapter)).toBe(reader);
  });

  test('BigQuery reads the configured dataset, or the configured location without one', async () => {
    const dataset = await statementsOf(await catalogReaderFor(databaseConfig({ type: 'bigquery', project_id: 'acme', dataset_id: 'sales', location: 'EU' }), anyAdapter));
    expect(dataset[0]).toContain('FROM `acme.sales`.INFORMATION_SCHEMA.TABLES');
    const region = await statementsOf(await catalogReaderFor(databaseConfig({ type: 'bigquery', project_id: 'acme', location: 'EU' }), anyAdapter));
    expect(region[0]).toContain('FROM `acme`.`region-eu`.INFORMATION_SCHEMA.TABLES');
  });

  test("Athena reads the configured database with the adapter's API client; without that client it has none", async () => {
    const config: DatabaseConfig = databaseConfig({ type: 'athena', region_name: 'eu-west-1', schema_name: 'sales', s3_staging_dir: 's3://results/' });
    const statements = await statementsOf(await catalogReaderFor(config, new AthenaAdapter(config)));
    expect(statements[0]).toContain("WHERE table_schema = 'sales'");
    expect(await catalogReaderFor(config, anyAdapter)).toBeUndefined();
    expect(await catalogReaderFor(databaseConfig({ type: 'duckdb' }))).toBe(duckdbCatalogReader);
  });
});
