// Verified queries in the store, on SQLite and PostgreSQL: saved with who and when, listed oldest
// first, the same query verified again replaces the earlier row (by normalised SQL and database),
// the same SQL on another database is its own row, and remove forgets exactly one.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { normalizeSql } from '../../src/verified/verified-query.js';
import { openStore } from '../../src/store/open-store.js';
import type { Store } from '../../src/store/types.js';
import type { StoredVerifiedQuery } from '../../src/store/verified-query-store.js';
import { createScratchDatabase, type ScratchDatabase } from '../support/postgres-database.js';

function verified(id: string, overrides: Partial<StoredVerifiedQuery> = {}): StoredVerifiedQuery {
  return {
    id,
    question: 'Total sales by region?',
    paraphrases: ['Sales per region'],
    sql: 'SELECT region, SUM(amount) FROM sales GROUP BY region',
    databaseName: 'warehouse',
    verifiedBy: { platform: 'slack', userId: 'UANA', displayName: 'Ana' },
    verifiedAt: new Date('2026-11-02T10:00:00.000Z'),
    threadId: 'slack:T1:C1:1.1',
    ...overrides,
  };
}

async function save(store: Store, query: StoredVerifiedQuery): Promise<void> {
  await store.verifiedQueries.saveVerifiedQuery(query, normalizeSql(query.sql));
}

function describeVerifiedQueryStore(name: string, open: () => Promise<Store>): void {
  describe(`${name} verified queries`, () => {
    let store: Store;
    beforeAll(async () => {
      store = await open();
      await store.migrate();
    });
    afterAll(async () => {
      await store.close();
    });

    it('keeps every field, lists oldest first, and replaces a re-verified query instead of adding one', async () => {
      await save(store, verified('verified_a'));
      await save(store, verified('verified_b', { sql: 'SELECT COUNT(*) FROM customers', question: 'How many customers?', databaseName: null, verifiedBy: { platform: 'teams', userId: 'aad-1' }, verifiedAt: new Date('2026-11-03T00:00:00.000Z'), threadId: null }));
      expect(await store.verifiedQueries.listVerifiedQueries()).toEqual([
        verified('verified_a'),
        { id: 'verified_b', question: 'How many customers?', paraphrases: ['Sales per region'], sql: 'SELECT COUNT(*) FROM customers', databaseName: null, verifiedBy: { platform: 'teams', userId: 'aad-1' }, verifiedAt: new Date('2026-11-03T00:00:00.000Z'), threadId: null },
      ]);
      // The same query written differently, verified again by someone else: one row, the newer who and when.
      await save(store, verified('verified_c', { sql: 'select region, sum(amount)\n  from sales group by region;', verifiedBy: { platform: 'slack', userId: 'UBEN', displayName: 'Ben' }, verifiedAt: new Date('2026-11-04T00:00:00.000Z') }));
      const listed = await store.verifiedQueries.listVerifiedQueries();
      expect(listed).toHaveLength(2);
      expect(listed.map((query) => [query.id, query.verifiedBy.displayName ?? query.verifiedBy.userId, query.verifiedAt.toISOString().slice(0, 10)])).toEqual([
        ['verified_b', 'aad-1', '2026-11-03'],
        ['verified_a', 'Ben', '2026-11-04'],
      ]);
    });

    it('keeps the same SQL on another database apart, and removes exactly the one named', async () => {
      const before = (await store.verifiedQueries.listVerifiedQueries()).length;
      await save(store, verified('verified_d', { databaseName: 'replica' }));
      expect(await store.verifiedQueries.listVerifiedQueries()).toHaveLength(before + 1);
      expect(await store.verifiedQueries.removeVerifiedQuery('verified_d')).toBe(true);
      expect(await store.verifiedQueries.removeVerifiedQuery('verified_d')).toBe(false);
      expect((await store.verifiedQueries.listVerifiedQueries()).map((query) => query.id)).not.toContain('verified_d');
      expect(await store.verifiedQueries.listVerifiedQueries()).toHaveLength(before);
    });
  });
}

const directory = await mkdtemp(join(tmpdir(), 'datathread-verified-store-'));
let database: ScratchDatabase | undefined;

afterAll(async () => {
  await rm(directory, { recursive: true, force: true });
  await database?.drop();
});

describeVerifiedQueryStore('sqlite', () => openStore(`sqlite:${join(directory, 'state.db')}`));
describeVerifiedQueryStore('postgres', async () => {
  database = await createScratchDatabase('verified_store');
  return openStore(database.url);
});
