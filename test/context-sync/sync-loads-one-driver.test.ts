// `datathread sync` of a DuckDB warehouse loads DuckDB's driver and no other dialect's: each
// adapter module (and the driver it imports) is loaded only when a database of its dialect is
// configured. The drivers are CommonJS packages, so once loaded they are in require's cache.
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { createDuckDbFile } from '../support/duckdb-fixture.js';
import { createSyncWorkspace } from './sync-test-support.js';

const OTHER_DIALECT_DRIVERS = ['snowflake-sdk', '@google-cloud/bigquery', '@databricks/sql', 'tedious', 'trino-client', '@clickhouse/client', 'mysql2'];

function loadedPackages(names: string[]): string[] {
  const files = Object.keys(createRequire(import.meta.url).cache);
  return names.filter((name) => files.some((file) => file.includes(`/node_modules/${name}/`)));
}

test('a DuckDB sync loads the DuckDB driver and none of the other dialects’ drivers', async () => {
  const workspace = await createSyncWorkspace('databases:\n  - name: shop\n    type: duckdb\n    path: shop.duckdb\n');
  await createDuckDbFile(join(workspace.folder, 'shop.duckdb'), ["CREATE TABLE orders (id INTEGER, status VARCHAR)", "COMMENT ON TABLE orders IS 'One row per order.'"]);

  const result = await workspace.sync();

  expect(result.code).toBe(0);
  expect(await workspace.read('databases/shop/main/orders.md')).toContain('One row per order.');
  expect(loadedPackages(['@duckdb/node-api'])).toEqual(['@duckdb/node-api']);
  expect(loadedPackages(OTHER_DIALECT_DRIVERS)).toEqual([]);
});
