// Remembered corrections in the store, on SQLite and PostgreSQL alike: saved and read back whole,
// listed by scope and status newest first, a status change that happens once however many
// verifiers click at once, and uses counted.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MemoryRecord } from '../../src/store/memory-store.js';
import { openStore } from '../../src/store/open-store.js';
import type { Store } from '../../src/store/types.js';
import { createScratchDatabase, type ScratchDatabase } from '../support/postgres-database.js';

const BASE_TIME_MS = Date.parse('2026-11-02T09:00:00.123Z');

function memory(id: string, overrides: Partial<MemoryRecord> = {}): MemoryRecord {
  return {
    id,
    text: 'Revenue means net of refunds.',
    scope: 'channel:C1',
    databaseName: null,
    status: 'active',
    proposedBy: { platform: 'slack', userId: 'UANA', displayName: 'ana' },
    approvedBy: null,
    threadId: 'slack:T1:C1:100.1',
    createdAt: new Date(BASE_TIME_MS),
    lastUsedAt: null,
    useCount: 0,
    ...overrides,
  };
}

function describeMemoryStore(name: string, open: () => Promise<Store>): void {
  describe(`${name} memory store`, () => {
    let store: Store;
    let another: Store;

    beforeAll(async () => {
      store = await open();
      await store.migrate();
      another = await open();
    });

    afterAll(async () => {
      await store?.close();
      await another?.close();
    });

    it('reads a memory back exactly as saved, the CLI proposer and a database included', async () => {
      const saved = memory('memory_read0001', { databaseName: 'warehouse', scope: 'workspace', proposedBy: { platform: 'cli', userId: 'cli' }, approvedBy: 'cli', threadId: null });
      await store.memories.saveMemory(saved);
      expect(await store.memories.getMemory('memory_read0001')).toEqual(saved);
      expect(await another.memories.getMemory('memory_read0001')).toEqual(saved);
      expect(await store.memories.getMemory('memory_missing0')).toBeUndefined();
    });

    it('lists by scope and status, newest first', async () => {
      await store.memories.saveMemory(memory('memory_list0001', { scope: 'channel:CLIST', createdAt: new Date(BASE_TIME_MS + 1_000) }));
      await store.memories.saveMemory(memory('memory_list0002', { scope: 'channel:CLIST', createdAt: new Date(BASE_TIME_MS + 3_000) }));
      await store.memories.saveMemory(memory('memory_list0003', { scope: 'channel:CLIST', status: 'forgotten', createdAt: new Date(BASE_TIME_MS + 2_000) }));
      await store.memories.saveMemory(memory('memory_list0004', { scope: 'channel:COTHER', createdAt: new Date(BASE_TIME_MS + 4_000) }));
      const active = await store.memories.listMemories({ scopes: ['channel:CLIST'], statuses: ['active'] });
      expect(active.map((each) => each.id)).toEqual(['memory_list0002', 'memory_list0001']);
      const any = await store.memories.listMemories({ scopes: ['channel:CLIST', 'channel:COTHER'] });
      expect(any.map((each) => each.id)).toEqual(['memory_list0004', 'memory_list0002', 'memory_list0003', 'memory_list0001']);
      expect(await store.memories.listMemories({ scopes: [] })).toEqual([]);
    });

    it('approves a pending memory once when two verifiers click at once, and records who', async () => {
      await store.memories.saveMemory(memory('memory_approve1', { scope: 'workspace', status: 'pending' }));
      const results = await Promise.all([
        store.memories.changeMemoryStatus({ id: 'memory_approve1', from: ['pending'], to: 'active', approvedBy: 'Vera' }),
        another.memories.changeMemoryStatus({ id: 'memory_approve1', from: ['pending'], to: 'active', approvedBy: 'Victor' }),
      ]);
      const winners = results.filter((result) => result !== undefined);
      expect(winners).toHaveLength(1);
      expect(winners[0]).toMatchObject({ status: 'active', approvedBy: expect.stringMatching(/^(Vera|Victor)$/) });
      expect(await store.memories.getMemory('memory_approve1')).toEqual(winners[0]);
      // A rejected or forgotten memory cannot be approved afterwards.
      expect(await store.memories.changeMemoryStatus({ id: 'memory_approve1', from: ['pending'], to: 'rejected' })).toBeUndefined();
      expect((await store.memories.getMemory('memory_approve1'))?.status).toBe('active');
    });

    it('counts uses and keeps the last use time', async () => {
      await store.memories.saveMemory(memory('memory_use00001'));
      await store.memories.saveMemory(memory('memory_use00002'));
      await store.memories.recordMemoryUse(['memory_use00001', 'memory_use00002'], new Date(BASE_TIME_MS + 10_000));
      await another.memories.recordMemoryUse(['memory_use00001'], new Date(BASE_TIME_MS + 20_000));
      await store.memories.recordMemoryUse([], new Date(BASE_TIME_MS + 30_000));
      expect(await store.memories.getMemory('memory_use00001')).toMatchObject({ useCount: 2, lastUsedAt: new Date(BASE_TIME_MS + 20_000) });
      expect(await store.memories.getMemory('memory_use00002')).toMatchObject({ useCount: 1, lastUsedAt: new Date(BASE_TIME_MS + 10_000) });
    });
  });
}

const directory = await mkdtemp(join(tmpdir(), 'datathread-memory-store-'));
let postgres: ScratchDatabase | undefined;

afterAll(async () => {
  await rm(directory, { recursive: true, force: true });
  await postgres?.drop();
});

describeMemoryStore('sqlite', () => openStore(`sqlite:${join(directory, 'state.db')}`));
describeMemoryStore('postgres', async () => {
  postgres ??= await createScratchDatabase('memory_store');
  return openStore(postgres.url);
});
