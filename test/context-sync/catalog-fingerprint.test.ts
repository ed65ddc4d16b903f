// The re-sync shortcut: a database whose catalog fingerprint (kept in its generated README) has not
// changed is not read again, and any change the catalog reads would see (a comment alone, a column,
// a type, an added or dropped table, a privilege) still reaches the files. Real DuckDB files and PostgreSQL.
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import pg from 'pg';
import { createDuckDbFile } from '../support/duckdb-fixture.js';
import { adminUrl, createScratchDatabase } from '../support/postgres-database.js';
import { columnRows, createSyncWorkspace } from './sync-test-support.js';

const NOTHING_READ = 'note: catalog unchanged since the last sync (same fingerprint): nothing was read.';

describe('catalog fingerprint', () => {
  it('DuckDB: an unchanged file is not read again; a comment-only change, a new table and a deleted table file are picked up', async () => {
    const workspace = await createSyncWorkspace('databases:\n  - name: shop\n    type: duckdb\n    path: shop.duckdb\n');
    const database = join(workspace.folder, 'shop.duckdb');
    await createDuckDbFile(database, ['CREATE TABLE orders (id INTEGER, amount DECIMAL(10,2))', "COMMENT ON COLUMN orders.amount IS 'Gross amount'", 'CREATE TABLE customers (id INTEGER)']);
    const first = await workspace.sync();
    expect(first.output).toContain('added 3, changed 0, removed 0, unchanged 0');
    expect(first.output).not.toContain(NOTHING_READ);
    expect((await workspace.read('databases/shop/README.md')).split('\n')[1]).toMatch(/^<!-- catalog-fingerprint: [0-9a-f]{16} -->$/);

    const again = await workspace.sync();
    expect(again.output).toContain('shop (duckdb): 2 tables and views\n  added 0, changed 0, removed 0, unchanged 3');
    expect(again.output).toContain(NOTHING_READ);

    await createDuckDbFile(database, ["COMMENT ON COLUMN orders.amount IS 'Net amount, after refunds'"]);
    const commented = await workspace.sync();
    expect(commented.output).toContain('added 0, changed 2, removed 0, unchanged 1');
    expect(commented.output).not.toContain(NOTHING_READ);
    expect(columnRows(await workspace.read('databases/shop/main/orders.md'))).toContainEqual(['`amount`', 'decimal(10,2)', 'yes', '', 'Net amount, after refunds', '']);

    await createDuckDbFile(database, ['ALTER TABLE customers ADD COLUMN name VARCHAR', 'CREATE TABLE refunds (order_id INTEGER)']);
    const grown = await workspace.sync();
    expect(grown.output).toContain('+ databases/shop/main/refunds.md');
    expect(grown.output).toContain('~ databases/shop/main/customers.md');
    expect(columnRows(await workspace.read('databases/shop/main/customers.md'))).toContainEqual(['`name`', 'varchar', 'yes', '', '', '']);

    await rm(join(workspace.context, 'databases/shop/main/refunds.md'));
    const restored = await workspace.sync();
    expect(restored.output).toContain('added 1, changed 0, removed 0, unchanged 3');
    expect(restored.output).toContain('+ databases/shop/main/refunds.md');
  });

  it('PostgreSQL: the fingerprint is computed in the server; a comment, a type, a type modifier, NOT NULL, a renamed column, a table comment, a renamed type and a dropped table are picked up', async () => {
    const scratch = await createScratchDatabase('dt_sync_fingerprint');
    const client = new pg.Client({ connectionString: scratch.url });
    await client.connect();
    try {
      await client.query("CREATE TABLE orders (id integer PRIMARY KEY, amount numeric); COMMENT ON COLUMN orders.amount IS 'Gross amount'; CREATE TABLE customers (id integer)");
      const url = new URL(scratch.url);
      const user = decodeURIComponent(url.username) || 'postgres';
      const workspace = await createSyncWorkspace(
        `databases:\n  - name: shop\n    type: postgres\n    host: ${url.hostname}\n    port: ${url.port || 5432}\n    database: ${scratch.name}\n    user: ${user}\n`,
      );
      const first = await workspace.sync();
      expect(first.code).toBe(0);
      expect(first.output).toContain('added 3, changed 0, removed 0, unchanged 0');

      const again = await workspace.sync();
      expect(again.output).toContain('added 0, changed 0, removed 0, unchanged 3');
      expect(again.output).toContain(NOTHING_READ);

      await client.query("COMMENT ON COLUMN orders.amount IS 'Net amount, after refunds'");
      const commented = await workspace.sync();
      expect(commented.output).toContain('added 0, changed 2, removed 0, unchanged 1');
      expect(columnRows(await workspace.read('databases/shop/public/orders.md'))).toContainEqual(['`amount`', 'numeric', 'yes', '', 'Net amount, after refunds', '']);

      await client.query('ALTER TABLE customers ALTER COLUMN id TYPE bigint');
      const retyped = await workspace.sync();
      expect(retyped.output).toContain('~ databases/shop/public/customers.md');
      expect(columnRows(await workspace.read('databases/shop/public/customers.md'))).toContainEqual(['`id`', 'bigint', 'yes', '', '', '']);

      // Each of these changes only one field of pg_attribute or pg_description, which the fingerprint hashes apart.
      await client.query('ALTER TABLE orders ALTER COLUMN amount TYPE numeric(12,2)');
      expect(columnRows(await workspace.read('databases/shop/public/orders.md'))).toContainEqual(['`amount`', 'numeric', 'yes', '', 'Net amount, after refunds', '']);
      await workspace.sync();
      expect(columnRows(await workspace.read('databases/shop/public/orders.md'))).toContainEqual(['`amount`', 'numeric(12,2)', 'yes', '', 'Net amount, after refunds', '']);
      await client.query('ALTER TABLE orders ALTER COLUMN amount SET NOT NULL');
      await workspace.sync();
      expect(columnRows(await workspace.read('databases/shop/public/orders.md'))).toContainEqual(['`amount`', 'numeric(12,2)', 'no', '', 'Net amount, after refunds', '']);
      await client.query('ALTER TABLE orders RENAME COLUMN amount TO net_amount');
      await workspace.sync();
      expect(columnRows(await workspace.read('databases/shop/public/orders.md'))).toContainEqual(['`net_amount`', 'numeric(12,2)', 'no', '', 'Net amount, after refunds', '']);
      await client.query("COMMENT ON TABLE orders IS 'One row per order.'");
      await workspace.sync();
      expect(await workspace.read('databases/shop/public/orders.md')).toContain('\nOne row per order.\n');
      expect((await workspace.sync()).output).toContain(NOTHING_READ);

      // A user-defined type keeps its oid when renamed: only its name tells the files changed.
      await client.query("CREATE TYPE mood AS ENUM ('calm', 'busy'); ALTER TABLE orders ADD COLUMN mood mood");
      await workspace.sync();
      expect(columnRows(await workspace.read('databases/shop/public/orders.md'))).toContainEqual(['`mood`', 'mood', 'yes', '', '', '']);
      await client.query('ALTER TYPE mood RENAME TO order_mood');
      expect((await workspace.sync()).output).toContain('~ databases/shop/public/orders.md');
      expect(columnRows(await workspace.read('databases/shop/public/orders.md'))).toContainEqual(['`mood`', 'order_mood', 'yes', '', '', '']);

      await client.query('DROP TABLE customers');
      const dropped = await workspace.sync();
      expect(dropped.output).toContain('- databases/shop/public/customers.md');
      expect((await workspace.sync()).output).toContain(NOTHING_READ);
    } finally {
      await client.end();
      await scratch.drop();
    }
  });

  it('PostgreSQL, a login that is not a superuser: a grant, a revoke, a role membership, superuser status and a column comment change what it syncs', async () => {
    const scratch = await createScratchDatabase('dt_sync_fingerprint_role');
    const suffix = scratch.name.slice('dt_sync_fingerprint_role'.length);
    const reader = `dt_sync_reader${suffix}`;
    const readers = `dt_sync_readers${suffix}`;
    const schema = `dt_sync_shop${suffix}`;
    const password = 'reader-password';
    const client = new pg.Client({ connectionString: scratch.url });
    await client.connect();
    try {
      await client.query(`CREATE ROLE ${reader} LOGIN PASSWORD '${password}'; CREATE ROLE ${readers} NOLOGIN`);
      await client.query(
        `CREATE SCHEMA ${schema}; GRANT USAGE ON SCHEMA ${schema} TO ${reader}, ${readers};
         CREATE TABLE ${schema}.orders (id integer, amount numeric); COMMENT ON COLUMN ${schema}.orders.amount IS 'Gross amount';
         CREATE TABLE ${schema}.customers (id integer); CREATE TABLE ${schema}.refunds (order_id integer);
         GRANT SELECT ON ${schema}.orders TO ${reader}`,
      );
      const url = new URL(scratch.url);
      const workspace = await createSyncWorkspace(
        `databases:\n  - name: shop\n    type: postgres\n    host: ${url.hostname}\n    port: ${url.port || 5432}\n    database: ${scratch.name}\n    user: ${reader}\n    password: ${password}\n`,
      );
      const tableFiles = async () => (await workspace.read('databases/shop/README.md')).split('\n').flatMap((line) => /\]\(([^)]+\.md)\)/.exec(line)?.[1] ?? []);
      const first = await workspace.sync();
      expect(first.code).toBe(0);
      expect(await tableFiles()).toEqual([`${schema}/orders.md`]);
      expect((await workspace.sync()).output).toContain(NOTHING_READ);

      await client.query(`GRANT SELECT ON ${schema}.customers TO ${reader}`);
      const granted = await workspace.sync();
      expect(granted.output).not.toContain(NOTHING_READ);
      expect(granted.output).toContain(`+ databases/shop/${schema}/customers.md`);
      expect((await workspace.sync()).output).toContain(NOTHING_READ);

      await client.query(`REVOKE SELECT ON ${schema}.customers FROM ${reader}`);
      const revoked = await workspace.sync();
      expect(revoked.output).toContain(`- databases/shop/${schema}/customers.md`);
      expect(await tableFiles()).toEqual([`${schema}/orders.md`]);

      // The grant to the group changes only refunds' ACL; joining the group changes only the reader's memberships.
      await client.query(`GRANT SELECT ON ${schema}.refunds TO ${readers}`);
      expect(await tableFiles()).toEqual([`${schema}/orders.md`]);
      await workspace.sync();
      expect((await workspace.sync()).output).toContain(NOTHING_READ);
      await client.query(`GRANT ${readers} TO ${reader}`);
      const joined = await workspace.sync();
      expect(joined.output).toContain(`+ databases/shop/${schema}/refunds.md`);
      expect((await workspace.sync()).output).toContain(NOTHING_READ);

      await client.query(`COMMENT ON COLUMN ${schema}.orders.amount IS 'Net amount, after refunds'`);
      const commented = await workspace.sync();
      expect(commented.output).toContain(`~ databases/shop/${schema}/orders.md`);
      expect(columnRows(await workspace.read(`databases/shop/${schema}/orders.md`))).toContainEqual(['`amount`', 'numeric', 'yes', '', 'Net amount, after refunds', '']);

      // A superuser may read every table whatever the grants say.
      await client.query(`ALTER ROLE ${reader} SUPERUSER`);
      const promoted = await workspace.sync();
      expect(promoted.output).toContain(`+ databases/shop/${schema}/customers.md`);
      expect((await workspace.sync()).output).toContain(NOTHING_READ);
      await client.query(`ALTER ROLE ${reader} NOSUPERUSER`);
      const demoted = await workspace.sync();
      expect(demoted.output).toContain(`- databases/shop/${schema}/customers.md`);
      expect(await tableFiles()).toEqual([`${schema}/orders.md`, `${schema}/refunds.md`]);
    } finally {
      await client.end();
      await scratch.drop();
      const admin = new pg.Client({ connectionString: adminUrl() });
      await admin.connect();
      await admin.query(`DROP ROLE IF EXISTS ${reader}; DROP ROLE IF EXISTS ${readers}`).finally(() => admin.end());
    }
  });
});
