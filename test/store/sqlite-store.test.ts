// The store contract on a SQLite file, plus what only a file can show: data survives a restart.
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import sqlite3 from 'sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { MIGRATIONS } from '../../src/store/migrations.js';
import { openStore } from '../../src/store/open-store.js';
import type { SqlStore } from '../../src/store/sql-store.js';
import { openSqliteStore } from '../../src/store/sqlite-store.js';
import { describeStoreContract } from './store-contract.js';

const directory = await mkdtemp(join(tmpdir(), 'datathread-store-'));
const stateFile = join(directory, 'nested', 'state.db');

afterAll(async () => {
  await rm(directory, { recursive: true, force: true });
});

describeStoreContract('sqlite', { openStore: () => openStore(`sqlite:${stateFile}`) });

function readRows(file: string, sql: string): Promise<Record<string, unknown>[]> {
  return new Promise((resolve, reject) => {
    const connection = new sqlite3.Database(file, sqlite3.OPEN_READONLY, (openError) => {
      if (openError) return reject(openError);
      connection.all(sql, (queryError: Error | null, rows: Record<string, unknown>[]) => {
        connection.close();
        return queryError ? reject(queryError) : resolve(rows);
      });
    });
  });
}

describe('sqlite store files', () => {
  it('records each migration once, however often and however concurrently it runs', async () => {
    const file = join(directory, 'migrations', 'state.db');
    const [first, second] = await Promise.all([openStore(`sqlite:${file}`), openStore(`sqlite:${file}`)]);
    await Promise.all([first.migrate(), second.migrate(), first.migrate()]);
    await Promise.all([first.close(), second.close()]);
    const applied = await readRows(file, 'SELECT version, name FROM schema_migrations ORDER BY version');
    expect(applied).toEqual(MIGRATIONS.map((migration) => ({ version: migration.version, name: migration.name })));
    expect(await readRows(file, 'PRAGMA journal_mode')).toEqual([{ journal_mode: 'wal' }]);
  });

  it('keeps data across a restart on the same file', async () => {
    const file = join(directory, 'restart', 'state.db');
    const before = await openStore(`sqlite:${file}`);
    await before.ensureConversation('slack:C1:1.1', 'slack', new Date(1_714_557_600_123));
    await before.appendMessages('slack:C1:1.1', [
      { threadId: 'slack:C1:1.1', role: 'user', content: { text: 'hello' }, createdAt: new Date(1_714_557_600_124) },
    ]);
    await before.saveUserToken({
      userKey: 'teams:t:u',
      provider: 'entra',
      ciphertext: Buffer.from([0, 1, 254, 255]),
      expiresAt: null,
      updatedAt: new Date(1_714_557_600_125),
    });
    await before.close();

    const after = await openStore(`sqlite:${file}`);
    try {
      expect(await after.getConversation('slack:C1:1.1')).toEqual({
        threadId: 'slack:C1:1.1',
        platform: 'slack',
        createdAt: new Date(1_714_557_600_123),
        updatedAt: new Date(1_714_557_600_123),
      });
      expect(await after.listMessages('slack:C1:1.1')).toEqual([
        { threadId: 'slack:C1:1.1', sequence: 0, role: 'user', content: { text: 'hello' }, createdAt: new Date(1_714_557_600_124) },
      ]);
      expect((await after.getUserToken('teams:t:u', 'entra'))?.ciphertext).toEqual(Buffer.from([0, 1, 254, 255]));
      const appended = await after.appendMessages('slack:C1:1.1', [
        { threadId: 'slack:C1:1.1', role: 'assistant', content: 'hi', createdAt: new Date(1_714_557_600_126) },
      ]);
      expect(appended[0]?.sequence).toBe(1);
    } finally {
      await after.close();
    }
  });

  // 12 results of ~0.6 MB: past the 1,000 pages at which SQLite's own checkpoint would copy the
  // log inside a commit, and far below the store's backstop.
  const checkpointRows = Array.from({ length: 20_000 }, (_, index) => [index * 1.5, `customer ${index} ${'x'.repeat(10)}`]);
  async function writeLargeResults(store: SqlStore): Promise<void> {
    const columns = [{ name: 'amount', type: 'double' }, { name: 'name', type: 'varchar' }];
    for (let index = 0; index < 12; index += 1) {
      await store.saveQueryResult({ threadId: 'slack:C1:9.9', queryId: `query_${index}`, databaseName: 'd', sql: 'SELECT 1', columns, rows: checkpointRows, rowCount: checkpointRows.length, truncated: false, createdAt: new Date(0) });
    }
  }

  it('does not copy the write-ahead log back inside the writes', async () => {
    const file = join(directory, 'no-inline-checkpoint', 'state.db');
    const store = await openSqliteStore(file, { checkpointDelayMs: 3_600_000 });
    try {
      await store.migrate();
      const sizeBefore = (await stat(file)).size;
      await writeLargeResults(store);
      expect((await stat(file)).size).toBe(sizeBefore);
      expect((await store.getQueryResult('slack:C1:9.9', 'query_11'))?.rows).toEqual(checkpointRows);
    } finally {
      await store.close();
    }
  });

  it('copies the write-ahead log back into the file after writes', async () => {
    const file = join(directory, 'checkpoint', 'state.db');
    const store = await openSqliteStore(file, { checkpointDelayMs: 0 });
    try {
      await store.migrate();
      await writeLargeResults(store);
      await expect.poll(async () => (await stat(file)).size, { timeout: 30_000 }).toBeGreaterThan(6_000_000);
      expect((await store.getQueryResult('slack:C1:9.9', 'query_11'))?.rows).toEqual(checkpointRows);
    } finally {
      await store.close();
    }
  });

  it('resolves a relative path against the working directory and creates missing folders', async () => {
    const file = join(directory, 'relative', 'deeper', 'state.db');
    const store = await openStore(`sqlite:${relative(process.cwd(), file)}`);
    await store.close();
    expect((await stat(file)).isFile()).toBe(true);
  });

  it('opens a private in-memory store for sqlite::memory:', async () => {
    const first = await openStore('sqlite::memory:');
    const second = await openStore('sqlite::memory:');
    try {
      await first.ensureConversation('console:1', 'console', new Date(0));
      expect(await first.getConversation('console:1')).toBeDefined();
      expect(await second.getConversation('console:1')).toBeUndefined();
    } finally {
      await Promise.all([first.close(), second.close()]);
    }
  });
});
