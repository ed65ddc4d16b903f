// `datathread sync` on every engine this part covers, for real: DuckDB and SQLite files, the local
// PostgreSQL and MariaDB, ClickHouse (chdb). Comments, kinds, keys and row estimates are read back
// from the files written, and every statement sync sent passed the dialect's read-only gate.
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import sqlite3 from 'sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runSync, type SyncRunResult } from '../../src/context-sync/run-sync.js';
import { createDatabaseAdapter } from '../../src/databases/create-database-adapter.js';
import type { DatabaseConfig } from '../../src/databases/database-config.js';
import type { DatabaseAdapter } from '../../src/databases/types.js';
import { checkReadOnly, initStatementGate } from '../../src/sql/statement-gate.js';
import { clickhouseEngineAvailable, startClickHouseServer, type ClickHouseServer } from '../support/clickhouse-engine.js';
import { createDuckDbFile } from '../support/duckdb-fixture.js';
import { createScratchMariaDb, MARIADB_HOST, MARIADB_PORT, mariaDbAvailable, type ScratchMariaDb } from '../support/mariadb-database.js';
import { createScratchDatabase, type ScratchDatabase } from '../support/postgres-database.js';
import { databaseConfig } from '../databases/database-test-helpers.js';
import { columnRows } from './sync-test-support.js';

const SAMPLING = { sample_values: true, exclude_columns: ['*email*'] };

interface Synced {
  result: SyncRunResult;
  read(path: string): Promise<string>;
  refusedStatements: string[];
}

/** Syncs one database into a fresh context folder; each statement is also put to the gate. */
async function syncOne(config: DatabaseConfig): Promise<Synced> {
  await initStatementGate();
  const context = await mkdtemp(join(tmpdir(), 'datathread-catalog-'));
  const refusedStatements: string[] = [];
  const createAdapter = async (connection: DatabaseConfig): Promise<DatabaseAdapter> => {
    const adapter = await createDatabaseAdapter(connection);
    const runQuery = adapter.runQuery.bind(adapter);
    adapter.runQuery = (sql, options) => {
      if (!checkReadOnly(sql, { dialect: adapter.dialect, allowFileAccess: false }).allowed) refusedStatements.push(sql);
      return runQuery(sql, options);
    };
    return adapter;
  };
  const result = await runSync({ contextPath: context, databases: [config], dryRun: false, createAdapter });
  return { result, refusedStatements, read: (path) => readFile(join(context, 'databases', config.name, path), 'utf8') };
}

function expectSynced(synced: Synced, tables: number): void {
  expect(synced.result.databases[0]).toMatchObject({ status: 'synced', tables });
  expect(synced.refusedStatements).toEqual([]);
}

describe('DuckDB catalog', () => {
  it('reads table, view and column comments, estimated rows and keys', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'datathread-duckdb-'));
    await createDuckDbFile(join(folder, 'warehouse.duckdb'), [
      'CREATE SCHEMA finance',
      'CREATE TABLE finance.regions (id INTEGER PRIMARY KEY, name VARCHAR NOT NULL)',
      "CREATE TABLE finance.revenue_daily (day DATE NOT NULL, region_id INTEGER REFERENCES finance.regions(id), net_revenue DECIMAL(12,2), status VARCHAR, owner_email VARCHAR)",
      "COMMENT ON TABLE finance.revenue_daily IS 'Daily revenue net of refunds, one row per day and region.'",
      "COMMENT ON COLUMN finance.revenue_daily.net_revenue IS 'Revenue after refunds | in EUR'",
      "INSERT INTO finance.regions VALUES (1, 'North'), (2, 'South')",
      "INSERT INTO finance.revenue_daily SELECT DATE '2024-01-01' + CAST(i AS INTEGER), 1 + i % 2, i, CASE WHEN i % 4 = 0 THEN 'final' ELSE 'provisional' END, 'x' || i || '@example.com' FROM range(0, 40) t(i)",
      "CREATE VIEW finance.revenue_by_region AS SELECT region_id, sum(net_revenue) AS total FROM finance.revenue_daily GROUP BY 1",
      "COMMENT ON VIEW finance.revenue_by_region IS 'Revenue per region, all time.'",
    ]);
    const synced = await syncOne(databaseConfig({ type: 'duckdb', name: 'warehouse', path: join(folder, 'warehouse.duckdb'), sync: SAMPLING }));
    expectSynced(synced, 3);
    const revenue = await synced.read('finance/revenue_daily.md');
    expect(revenue).toContain('# finance.revenue_daily\n\nDaily revenue net of refunds, one row per day and region.\n\n- Database: `warehouse` (DuckDB)\n- Kind: table\n- Approximate rows: 40\n');
    const rows = columnRows(revenue);
    expect(rows).toContainEqual(['`net_revenue`', 'decimal(12,2)', 'yes', '', 'Revenue after refunds \\| in EUR', '']);
    expect(rows).toContainEqual(['`region_id`', 'integer', 'yes', 'FK → finance.regions.id', '', '']);
    expect(rows).toContainEqual(['`day`', 'date', 'no', '', '', '']);
    expect(rows).toContainEqual(['`status`', 'varchar', 'yes', '', '', '`provisional`, `final`']);
    expect(rows).toContainEqual(['`owner_email`', 'varchar', 'yes', '', '', 'not sampled (excluded)']);
    expect(columnRows(await synced.read('finance/regions.md'))).toContainEqual(['`id`', 'integer', 'no', 'PK', '', '']);
    expect(await synced.read('finance/revenue_by_region.md')).toContain('Revenue per region, all time.\n\n- Database: `warehouse` (DuckDB)\n- Kind: view\n');
    expect(await synced.read('README.md')).toContain('- [`finance.revenue_daily`](finance/revenue_daily.md) — Daily revenue net of refunds, one row per day and region.');
  });
});

describe('SQLite catalog', () => {
  it('says once that SQLite keeps no comments, and reads types, NOT NULL and keys', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'datathread-sqlite-'));
    const path = join(folder, 'shop.sqlite');
    await new Promise<void>((resolve, reject) => {
      const database = new sqlite3.Database(path, (error) => {
        if (error) return reject(error);
        database.exec(
          "CREATE TABLE customers (id INTEGER PRIMARY KEY, name TEXT NOT NULL, tier TEXT); CREATE TABLE orders (id INTEGER PRIMARY KEY, customer_id INTEGER REFERENCES customers(id), total REAL); CREATE VIEW big_orders AS SELECT * FROM orders WHERE total > 100; INSERT INTO customers VALUES (1, 'Ada', 'gold'), (2, 'Bo', 'silver'), (3, 'Cy', 'gold');",
          (execError) => database.close(() => (execError ? reject(execError) : resolve())),
        );
      });
    });
    const synced = await syncOne(databaseConfig({ type: 'sqlite', name: 'shop', path, sync: SAMPLING }));
    expectSynced(synced, 3);
    expect(synced.result.databases[0]!.notes).toEqual(['sqlite keeps no table or column comments: descriptions come from dbt or stay empty.']);
    const index = await synced.read('README.md');
    expect(index).toContain('3 tables and views in 1 schema. Table and column comments: SQLite keeps none, so descriptions come from dbt or nowhere.');
    expect(index).toContain('- [`main.orders`](main/orders.md)\n');
    const orders = await synced.read('main/orders.md');
    expect(orders).toContain('# main.orders\n\nNo description in the warehouse.\n');
    expect(columnRows(orders)).toContainEqual(['`customer_id`', 'integer', 'yes', 'FK → main.customers.id', '', '']);
    expect(columnRows(orders)).toContainEqual(['`id`', 'integer', 'no', 'PK', '', '']);
    const customers = columnRows(await synced.read('main/customers.md'));
    expect(customers).toContainEqual(['`name`', 'text', 'no', '', '', '`Ada`, `Bo`, `Cy`']);
    expect(customers).toContainEqual(['`tier`', 'text', 'yes', '', '', '`gold`, `silver`']);
    expect(await synced.read('main/big_orders.md')).toContain('- Kind: view\n');
  });
});

describe('PostgreSQL catalog', () => {
  let scratch: ScratchDatabase;
  beforeAll(async () => {
    scratch = await createScratchDatabase('dt_sync_catalog');
    const client = new pg.Client({ connectionString: scratch.url });
    await client.connect();
    await client.query(`
      CREATE SCHEMA sales;
      CREATE TABLE sales.regions (id integer PRIMARY KEY, name text NOT NULL);
      CREATE TABLE sales.orders (id bigint PRIMARY KEY, region_id integer REFERENCES sales.regions(id), status varchar(20), amount numeric(10,2));
      COMMENT ON TABLE sales.orders IS 'Web shop orders. One row per order.';
      COMMENT ON COLUMN sales.orders.amount IS 'Order total in EUR, VAT included';
      INSERT INTO sales.regions VALUES (1, 'North'), (2, 'South');
      INSERT INTO sales.orders SELECT i, 1 + i % 2, CASE WHEN i % 5 = 0 THEN 'refunded' ELSE 'paid' END, i FROM generate_series(1, 200) i;
      CREATE VIEW sales.paid_orders AS SELECT * FROM sales.orders WHERE status = 'paid';
      COMMENT ON VIEW sales.paid_orders IS 'Paid orders only.';
      CREATE MATERIALIZED VIEW sales.revenue_by_region AS SELECT region_id, sum(amount) AS revenue FROM sales.orders GROUP BY 1;
      COMMENT ON MATERIALIZED VIEW sales.revenue_by_region IS 'Revenue per region, refreshed nightly.';
      ANALYZE;
    `);
    await client.end();
  });
  afterAll(async () => {
    await scratch?.drop();
  });

  it('reads pg_description comments, reltuples, keys, views and materialized views', async () => {
    const url = new URL(scratch.url);
    const config = databaseConfig({
      type: 'postgres',
      name: 'pg_shop',
      host: url.hostname,
      port: Number(url.port || 5432),
      database: scratch.name,
      user: decodeURIComponent(url.username),
      password: decodeURIComponent(url.password) || undefined,
      sync: SAMPLING,
    });
    const synced = await syncOne(config);
    expectSynced(synced, 4);
    const orders = await synced.read('sales/orders.md');
    expect(orders).toContain('# sales.orders\n\nWeb shop orders. One row per order.\n\n- Database: `pg_shop` (PostgreSQL)\n- Kind: table\n- Approximate rows: 200\n');
    const rows = columnRows(orders);
    expect(rows).toContainEqual(['`amount`', 'numeric(10,2)', 'yes', '', 'Order total in EUR, VAT included', '']);
    expect(rows).toContainEqual(['`id`', 'bigint', 'no', 'PK', '', '']);
    expect(rows).toContainEqual(['`region_id`', 'integer', 'yes', 'FK → sales.regions.id', '', '']);
    expect(rows).toContainEqual(['`status`', 'character varying(20)', 'yes', '', '', '`paid`, `refunded`']);
    expect(await synced.read('sales/paid_orders.md')).toContain('Paid orders only.\n\n- Database: `pg_shop` (PostgreSQL)\n- Kind: view\n\n');
    expect(await synced.read('sales/revenue_by_region.md')).toContain('Revenue per region, refreshed nightly.\n\n- Database: `pg_shop` (PostgreSQL)\n- Kind: materialized view\n- Approximate rows: 2\n');
    expect(await synced.read('README.md')).toContain('4 tables and views in 1 schema.');
  });
});

const mariaDb = await mariaDbAvailable();

describe.skipIf(!mariaDb)('MariaDB catalog', () => {
  let scratch: ScratchMariaDb;
  beforeAll(async () => {
    scratch = await createScratchMariaDb('dt_sync_catalog');
    await scratch.admin.query(`
      CREATE TABLE customers (id INT PRIMARY KEY COMMENT 'Customer number', name VARCHAR(50) NOT NULL, plan VARCHAR(10) COMMENT 'Subscription plan') COMMENT='Every customer account.';
      CREATE TABLE invoices (id INT PRIMARY KEY, customer_id INT, total DECIMAL(10,2) COMMENT 'Invoice total, EUR', FOREIGN KEY (customer_id) REFERENCES customers(id)) COMMENT='Invoices sent, one per month and customer.';
      INSERT INTO customers VALUES (1, 'Ada', 'pro'), (2, 'Bo', 'free'), (3, 'Cy', 'pro');
      CREATE VIEW pro_customers AS SELECT * FROM customers WHERE plan = 'pro';
      ANALYZE TABLE customers, invoices;
    `);
  });
  afterAll(async () => {
    await scratch?.drop();
  });

  it('reads TABLE_COMMENT, COLUMN_COMMENT, TABLE_ROWS and KEY_COLUMN_USAGE; a view has no comment', async () => {
    const synced = await syncOne(databaseConfig({ type: 'mysql', name: 'billing', host: MARIADB_HOST, port: MARIADB_PORT, user: 'root', password: '', database: scratch.name, sync: SAMPLING }));
    expectSynced(synced, 3);
    const customers = await synced.read(`${scratch.name}/customers.md`);
    expect(customers).toContain(`# ${scratch.name}.customers\n\nEvery customer account.\n\n- Database: \`billing\` (MySQL / MariaDB)\n- Kind: table\n- Approximate rows: 3\n`);
    expect(columnRows(customers)).toContainEqual(['`id`', 'int(11)', 'no', 'PK', 'Customer number', '']);
    expect(columnRows(customers)).toContainEqual(['`plan`', 'varchar(10)', 'yes', '', 'Subscription plan', '`pro`, `free`']);
    const invoices = columnRows(await synced.read(`${scratch.name}/invoices.md`));
    expect(invoices).toContainEqual(['`customer_id`', 'int(11)', 'yes', `FK → ${scratch.name}.customers.id`, '', '']);
    expect(invoices).toContainEqual(['`total`', 'decimal(10,2)', 'yes', '', 'Invoice total, EUR', '']);
    expect(await synced.read(`${scratch.name}/pro_customers.md`)).toContain('\nNo description in the warehouse.\n\n- Database: `billing` (MySQL / MariaDB)\n- Kind: view\n\n');
  });
});

const clickhouse = clickhouseEngineAvailable();

describe.skipIf(!clickhouse)('ClickHouse catalog', () => {
  let server: ClickHouseServer;
  beforeAll(async () => {
    server = await startClickHouseServer({
      users: { reader: 'reader-secret-password', default: '' },
      setup: [
        "CREATE TABLE events (id UInt32 COMMENT 'Event number', kind LowCardinality(String) COMMENT 'What happened', user_email Nullable(String)) ENGINE = MergeTree ORDER BY (kind, id) COMMENT 'Product analytics events, one row per event.'",
        "INSERT INTO events SELECT number, if(number % 3 = 0, 'signup', 'click'), NULL FROM numbers(30)",
        'CREATE VIEW signups AS SELECT * FROM events WHERE kind = \'signup\'',
      ],
    });
  }, 90_000);
  afterAll(async () => {
    await server?.close();
  });

  it('reads system.tables and system.columns comments, total_rows, the sorting key and views', async () => {
    const synced = await syncOne(databaseConfig({ type: 'clickhouse', name: 'analytics', host: '127.0.0.1', port: server.port, user: 'reader', password: 'reader-secret-password', sync: SAMPLING }));
    expectSynced(synced, 2);
    const events = await synced.read('default/events.md');
    expect(events).toContain('# default.events\n\nProduct analytics events, one row per event.\n\n- Database: `analytics` (ClickHouse)\n- Kind: table\n- Approximate rows: 30\n- Sorting key: `kind`, `id`\n');
    const rows = columnRows(events);
    expect(rows).toContainEqual(['`id`', 'uint32', 'no', 'PK', 'Event number', '']);
    expect(rows).toContainEqual(['`kind`', 'lowcardinality(string)', 'no', 'PK', 'What happened', '`click`, `signup`']);
    expect(rows).toContainEqual(['`user_email`', 'nullable(string)', 'yes', '', '', 'not sampled (excluded)']);
    expect(await synced.read('default/signups.md')).toContain('- Kind: view\n');
  });
});
