// Redshift's catalog reader on the local PostgreSQL: pg_class, pg_description and
// information_schema are shared with PostgreSQL; SVV_TABLE_INFO and SVV_COLUMNS exist only on
// Redshift, so the scratch database gets them as views with Redshift's column names, filled from
// PostgreSQL's own catalog (tbl_rows from reltuples, remarks from col_description).
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createDatabaseAdapter } from '../../src/databases/create-database-adapter.js';
import { redshiftCatalogReader } from '../../src/databases/redshift/redshift-catalog.js';
import type { DatabaseAdapter } from '../../src/databases/types.js';
import { postgresConfigFromUrl } from '../databases/postgres-test-config.js';
import { adminUrl, createScratchDatabase, type ScratchDatabase } from '../support/postgres-database.js';
import { gatedCatalogRunner } from './catalog-test-helpers.js';

const REDSHIFT_SYSTEM_VIEWS = [
  `CREATE VIEW public.svv_table_info AS
   SELECT current_database()::text AS database, n.nspname::text AS schema, c.oid::int AS table_id, c.relname::text AS "table",
     greatest(c.reltuples, 0)::numeric(38, 0) AS tbl_rows, greatest(c.reltuples, 0)::numeric(38, 0) AS estimated_visible_rows
   FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
   WHERE c.relkind = 'r' AND n.nspname NOT IN ('pg_catalog', 'information_schema', 'pg_toast')`,
  `CREATE VIEW public.svv_columns AS
   SELECT c.table_catalog, c.table_schema, c.table_name, c.column_name, c.ordinal_position, c.column_default, c.is_nullable,
     c.data_type, c.character_maximum_length, c.numeric_precision, c.numeric_scale,
     col_description(format('%I.%I', c.table_schema, c.table_name)::regclass, c.ordinal_position::int) AS remarks
   FROM information_schema.columns c
   WHERE c.table_schema NOT IN ('pg_catalog', 'information_schema')`,
];

const WAREHOUSE = [
  'CREATE SCHEMA sales',
  `CREATE TABLE sales.regions (region_id integer PRIMARY KEY, region_name varchar(40) NOT NULL)`,
  `CREATE TABLE sales.revenue_daily (day date NOT NULL, region_id integer NOT NULL REFERENCES sales.regions (region_id), net_revenue numeric(12, 2), PRIMARY KEY (day, region_id))`,
  `CREATE TABLE sales."Targets" ("Day" date NOT NULL, "Region Id" integer NOT NULL, target numeric(12, 2),
     FOREIGN KEY ("Day", "Region Id") REFERENCES sales.revenue_daily (day, region_id))`,
  `CREATE VIEW sales.revenue_by_region AS SELECT region_id, sum(net_revenue) AS net_revenue FROM sales.revenue_daily GROUP BY region_id`,
  `COMMENT ON TABLE sales.revenue_daily IS 'Daily revenue net of refunds, one row per day and region.'`,
  `COMMENT ON COLUMN sales.revenue_daily.net_revenue IS 'Gross sales minus refunds, in euros'`,
  `COMMENT ON VIEW sales.revenue_by_region IS 'Net revenue per region, all time'`,
  `INSERT INTO sales.regions SELECT g, 'region ' || g FROM generate_series(1, 40) g`,
  `INSERT INTO sales.revenue_daily SELECT DATE '2024-01-01' + g / 40, g % 40 + 1, g FROM generate_series(0, 1199) g`,
  'ANALYZE',
];

let scratch: ScratchDatabase;
let adapter: DatabaseAdapter;
/** A read-only login without SELECT on SVV_TABLE_INFO, as an operator creates it from the README. */
const READER_ROLE = `dt_redshift_reader_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;

beforeAll(async () => {
  scratch = await createScratchDatabase('dt_redshift_catalog');
  const admin = new pg.Client({ connectionString: scratch.url });
  await admin.connect();
  try {
    for (const statement of [...REDSHIFT_SYSTEM_VIEWS, ...WAREHOUSE]) await admin.query(statement);
    await admin.query(`CREATE ROLE ${READER_ROLE} LOGIN`);
    await admin.query(`GRANT USAGE ON SCHEMA sales TO ${READER_ROLE}`);
    await admin.query(`GRANT SELECT ON ALL TABLES IN SCHEMA sales TO ${READER_ROLE}`);
    await admin.query(`GRANT SELECT ON public.svv_columns TO ${READER_ROLE}`);
    await admin.query(`REVOKE ALL ON public.svv_table_info FROM PUBLIC`);
  } finally {
    await admin.end();
  }
  adapter = await createDatabaseAdapter(postgresConfigFromUrl(scratch.url, { type: 'redshift', name: 'redshift_catalog' }));
});

afterAll(async () => {
  await adapter?.close();
  await scratch?.drop();
  const server = new pg.Client({ connectionString: adminUrl() });
  await server.connect();
  await server.query(`DROP ROLE IF EXISTS ${READER_ROLE}`);
  await server.end();
});

describe('Redshift catalog reader', () => {
  test('reads tables and views with comments, row estimates and keys through gated SQL', async () => {
    const { run, statements } = await gatedCatalogRunner(adapter);
    const tables = await redshiftCatalogReader.readTables(run);
    const warehouse = tables.filter((table) => table.schema === 'sales');
    expect(warehouse.map((table) => `${table.schema}.${table.name} ${table.kind}`)).toEqual([
      'sales.Targets table',
      'sales.regions table',
      'sales.revenue_by_region view',
      'sales.revenue_daily table',
    ]);
    expect(warehouse.shift()!.columns.map((column) => [column.name, column.foreignKey ?? null])).toEqual([
      ['Day', { table: 'sales.revenue_daily', column: 'day' }],
      ['Region Id', { table: 'sales.revenue_daily', column: 'region_id' }],
      ['target', null],
    ]);
    expect(warehouse[2]).toEqual({
      schema: 'sales',
      name: 'revenue_daily',
      kind: 'table',
      comment: 'Daily revenue net of refunds, one row per day and region.',
      approximateRowCount: 1200,
      columns: [
        { name: 'day', type: 'date', nullable: false, primaryKey: true },
        { name: 'region_id', type: 'integer', nullable: false, primaryKey: true, foreignKey: { table: 'sales.regions', column: 'region_id' } },
        { name: 'net_revenue', type: 'numeric', nullable: true, comment: 'Gross sales minus refunds, in euros' },
      ],
    });
    expect(warehouse[1]).toMatchObject({ comment: 'Net revenue per region, all time', columns: [{ name: 'region_id' }, { name: 'net_revenue' }] });
    expect(warehouse[1]?.approximateRowCount).toBeUndefined();
    expect(warehouse[0]).toMatchObject({ approximateRowCount: 40, columns: [{ name: 'region_id', primaryKey: true }, { name: 'region_name', nullable: false }] });
    expect(statements.some((sql) => /svv_table_info/.test(sql)) && statements.some((sql) => /svv_columns/.test(sql))).toBe(true);
    expect(redshiftCatalogReader.commentsAvailable).toBe(true);
  });

  test('a read-only role that may not read SVV_TABLE_INFO gets tables, columns, comments and keys, without row estimates', async () => {
    const reader = await createDatabaseAdapter(postgresConfigFromUrl(scratch.url, { type: 'redshift', name: 'redshift_reader', user: READER_ROLE, password: undefined }));
    try {
      const { run } = await gatedCatalogRunner(reader);
      const tables = (await redshiftCatalogReader.readTables(run)).filter((table) => table.schema === 'sales');
      expect(tables.map((table) => [table.name, table.comment ?? null, table.approximateRowCount ?? null])).toEqual([
        ['Targets', null, null],
        ['regions', null, null],
        ['revenue_by_region', 'Net revenue per region, all time', null],
        ['revenue_daily', 'Daily revenue net of refunds, one row per day and region.', null],
      ]);
      // Keys too: information_schema would hide them from a role with SELECT only.
      expect(tables[3]!.columns.map((column) => [column.name, column.comment ?? null, column.primaryKey ?? false, column.foreignKey?.table ?? null])).toEqual([
        ['day', null, true, null],
        ['region_id', null, true, 'sales.regions'],
        ['net_revenue', 'Gross sales minus refunds, in euros', false, null],
      ]);
    } finally {
      await reader.close();
    }
  });
});
