// The store contract on a scratch PostgreSQL database; concurrency cases use separate pools,
// as separate replicas would.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS } from '../../src/store/migrations.js';
import { openStore } from '../../src/store/open-store.js';
import { createScratchDatabase, type ScratchDatabase } from '../support/postgres-database.js';
import { describeStoreContract } from './store-contract.js';

let database: ScratchDatabase;

beforeAll(async () => {
  database = await createScratchDatabase('store');
});

afterAll(async () => {
  await database?.drop();
});

describeStoreContract('postgres', { openStore: () => openStore(database.url) });

describe('postgres migrations', () => {
  it('records each migration once when several replicas start at the same time', async () => {
    const scratch = await createScratchDatabase('store_migrate');
    try {
      const stores = await Promise.all([openStore(scratch.url), openStore(scratch.url), openStore(scratch.url)]);
      await Promise.all(stores.map((store) => store.migrate()));
      await Promise.all(stores.map((store) => store.close()));
      const client = new pg.Client({ connectionString: scratch.url });
      await client.connect();
      try {
        const applied = await client.query('SELECT version, name FROM schema_migrations ORDER BY version');
        expect(applied.rows).toEqual(MIGRATIONS.map((migration) => ({ version: migration.version, name: migration.name })));
      } finally {
        await client.end();
      }
    } finally {
      await scratch.drop();
    }
  });
});
