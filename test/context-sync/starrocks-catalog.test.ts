// StarRocks' catalog reader on the local MariaDB: the information_schema columns it reads
// (TABLE_COMMENT, TABLE_ROWS, COLUMN_COMMENT, COLUMN_KEY) have the same names and meaning on both.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createDatabaseAdapter } from '../../src/databases/create-database-adapter.js';
import { starrocksCatalogReader } from '../../src/databases/starrocks/starrocks-catalog.js';
import type { DatabaseAdapter } from '../../src/databases/types.js';
import { databaseConfig } from '../databases/database-test-helpers.js';
import { createScratchMariaDb, MARIADB_HOST, MARIADB_PORT, mariaDbAvailable, type ScratchMariaDb } from '../support/mariadb-database.js';
import { gatedCatalogRunner } from './catalog-test-helpers.js';

const available = await mariaDbAvailable();
let scratch: ScratchMariaDb;
let adapter: DatabaseAdapter;

beforeAll(async () => {
  if (!available) return;
  scratch = await createScratchMariaDb('dt_starrocks_catalog');
  await scratch.admin.query(`
    CREATE TABLE revenue_daily (
      day DATE NOT NULL,
      region_id INT NOT NULL,
      net_revenue DECIMAL(12, 2) COMMENT 'Gross sales minus refunds, in euros',
      PRIMARY KEY (day, region_id)
    ) ENGINE=InnoDB COMMENT='Daily revenue net of refunds, one row per day and region.';
    CREATE TABLE events (kind VARCHAR(20), at DATETIME) ENGINE=InnoDB;
    CREATE VIEW revenue_by_region AS SELECT region_id, SUM(net_revenue) AS net_revenue FROM revenue_daily GROUP BY region_id;
    INSERT INTO revenue_daily SELECT DATE '2024-01-01' + INTERVAL (seq DIV 10) DAY, seq MOD 10, seq FROM seq_0_to_299;
    ANALYZE TABLE revenue_daily;`);
  adapter = await createDatabaseAdapter(databaseConfig({ type: 'starrocks', name: 'starrocks_catalog', host: MARIADB_HOST, port: MARIADB_PORT, user: 'root', password: '', database: scratch.name }));
});

afterAll(async () => {
  await adapter?.close();
  await scratch?.drop();
});

describe.runIf(available)('StarRocks catalog reader', () => {
  test('reads table and column comments, row estimates and primary key columns', async () => {
    const { run } = await gatedCatalogRunner(adapter);
    const tables = (await starrocksCatalogReader.readTables(run)).filter((table) => table.schema === scratch.name);
    expect(tables.map((table) => `${table.name} ${table.kind}`)).toEqual(['events table', 'revenue_by_region view', 'revenue_daily table']);
    const revenue = tables[2]!;
    expect(revenue).toMatchObject({
      comment: 'Daily revenue net of refunds, one row per day and region.',
      columns: [
        { name: 'day', type: 'date', nullable: false, primaryKey: true },
        { name: 'region_id', type: 'int(11)', nullable: false, primaryKey: true },
        { name: 'net_revenue', type: 'decimal(12,2)', nullable: true, comment: 'Gross sales minus refunds, in euros' },
      ],
    });
    // InnoDB's TABLE_ROWS is an estimate from sampled pages, as StarRocks' is from tablet statistics.
    expect(revenue.approximateRowCount).toBeGreaterThan(0);
    expect(tables[1]).toEqual({ schema: scratch.name, name: 'revenue_by_region', kind: 'view', columns: [{ name: 'region_id', type: 'int(11)', nullable: false }, { name: 'net_revenue', type: 'decimal(34,2)', nullable: true }] });
    expect(tables[0]?.comment).toBeUndefined();
  });
});
