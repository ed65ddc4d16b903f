// listRecentAuditedSql on both stores: only the named database, only queries that ran, newest
// first, capped. The prompt's table index ranks tables by these texts.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore } from '../../src/store/open-store.js';
import type { QueryAuditRecord, Store } from '../../src/store/types.js';
import { createScratchDatabase, type ScratchDatabase } from '../support/postgres-database.js';

function audit(databaseName: string, sql: string, minute: number, refused = false): QueryAuditRecord {
  return {
    threadId: 'slack:C1:1.1',
    queryId: null,
    actor: { platform: 'slack', userId: 'U1' },
    ranAs: null,
    databaseName,
    sql,
    rowCount: refused ? null : 1,
    durationMs: null,
    refused,
    detail: refused ? 'writes are not allowed' : null,
    createdAt: new Date(Date.UTC(2026, 0, 1, 0, minute)),
  };
}

function describeUsage(name: string, open: () => Promise<Store>): void {
  describe(`${name}: recent audited SQL`, () => {
    let store: Store;
    beforeAll(async () => {
      store = await open();
      await store.migrate();
      await store.recordQueryAudit(audit('warehouse', 'SELECT 1 FROM finance.revenue_daily', 1));
      await store.recordQueryAudit(audit('hr', 'SELECT * FROM people.salaries', 2));
      await store.recordQueryAudit(audit('warehouse', 'DELETE FROM sales.orders', 3, true));
      await store.recordQueryAudit(audit('warehouse', 'SELECT count(*) FROM sales.orders', 4));
      await store.recordQueryAudit(audit('warehouse', 'SELECT * FROM sales.customers', 5));
    });
    afterAll(async () => {
      await store?.close();
    });

    it('returns the SQL that ran on the named database, newest first', async () => {
      expect(await store.listRecentAuditedSql('warehouse', 10)).toEqual(['SELECT * FROM sales.customers', 'SELECT count(*) FROM sales.orders', 'SELECT 1 FROM finance.revenue_daily']);
      expect(await store.listRecentAuditedSql('hr', 10)).toEqual(['SELECT * FROM people.salaries']);
    });

    it('stops at the limit', async () => {
      expect(await store.listRecentAuditedSql('warehouse', 2)).toEqual(['SELECT * FROM sales.customers', 'SELECT count(*) FROM sales.orders']);
    });
  });
}

const directory = await mkdtemp(join(tmpdir(), 'datathread-usage-'));
let postgres: ScratchDatabase | undefined;

afterAll(async () => {
  await postgres?.drop();
  await rm(directory, { recursive: true, force: true });
});

describeUsage('sqlite', () => openStore(`sqlite:${join(directory, 'state.db')}`));
describeUsage('postgres', async () => {
  postgres = await createScratchDatabase('audit_usage');
  return openStore(postgres.url);
});
