// Expired dedupe keys leave the processed_events table: once when the process starts, then on the
// schedule. Rows are counted in the SQLite file itself, not through the store under test.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { scheduleEventPurge } from '../../src/conversations/event-purge.js';
import { createLogger } from '../../src/logging/logger.js';
import { openStore } from '../../src/store/open-store.js';
import type { Store } from '../../src/store/types.js';
import { readSqliteRows } from '../support/sqlite-rows.js';

const START_MS = Date.parse('2026-03-01T09:00:00Z');

let directory: string;
let store: Store;

async function countEventRows(path: string): Promise<string[]> {
  const rows = await readSqliteRows(path, 'SELECT event_key FROM processed_events ORDER BY event_key');
  return rows.map((row) => String(row.event_key));
}

beforeEach(async () => {
  directory = await mkdtemp(join(tmpdir(), 'datathread-event-purge-'));
  store = await openStore(`sqlite:${join(directory, 'state.db')}`);
});

afterEach(async () => {
  await store.close();
  await rm(directory, { recursive: true, force: true });
});

describe('expired event purge', () => {
  it('deletes expired dedupe keys at start-up and keeps the live ones', async () => {
    await store.markEventProcessed('slack:event:old', new Date(START_MS - 600_000), new Date(START_MS - 1_000));
    await store.markEventProcessed('slack:event:just-expired', new Date(START_MS - 600_000), new Date(START_MS));
    await store.markEventProcessed('teams:activity:live', new Date(START_MS), new Date(START_MS + 60_000));
    expect(await countEventRows(join(directory, 'state.db'))).toEqual(['slack:event:just-expired', 'slack:event:old', 'teams:activity:live']);

    const schedule = scheduleEventPurge({ store, clock: () => new Date(START_MS), logger: createLogger({ write: () => undefined }) });
    await schedule.stop();
    expect(await countEventRows(join(directory, 'state.db'))).toEqual(['teams:activity:live']);
  });

  it('keeps purging on its schedule as keys expire', async () => {
    let nowMs = START_MS;
    await store.markEventProcessed('teams:activity:live', new Date(START_MS), new Date(START_MS + 60_000));
    const schedule = scheduleEventPurge({ store, clock: () => new Date(nowMs), logger: createLogger({ write: () => undefined }), intervalMs: 10 });
    try {
      await store.markEventProcessed('slack:event:later', new Date(START_MS), new Date(START_MS + 30_000));
      expect(await countEventRows(join(directory, 'state.db'))).toEqual(['slack:event:later', 'teams:activity:live']);
      nowMs = START_MS + 120_000;
      await vi.waitFor(async () => expect(await countEventRows(join(directory, 'state.db'))).toEqual([]), { timeout: 10_000, interval: 20 });
    } finally {
      await schedule.stop();
    }
  });

  it('logs a failed purge and tries again on the next run', async () => {
    const lines: string[] = [];
    let calls = 0;
    const failingOnce: Pick<Store, 'purgeExpiredEvents' | 'purgeFinishedTurnJobs'> = {
      purgeExpiredEvents: async (now) => {
        calls += 1;
        if (calls === 1) throw new Error('database is locked');
        return store.purgeExpiredEvents(now);
      },
      purgeFinishedTurnJobs: (before) => store.purgeFinishedTurnJobs(before),
    };
    await store.markEventProcessed('slack:event:old', new Date(START_MS - 600_000), new Date(START_MS - 1_000));
    const schedule = scheduleEventPurge({ store: failingOnce, clock: () => new Date(START_MS), logger: createLogger({ write: (line) => lines.push(line) }), intervalMs: 10 });
    try {
      await vi.waitFor(async () => expect(await countEventRows(join(directory, 'state.db'))).toEqual([]), { timeout: 10_000, interval: 20 });
    } finally {
      await schedule.stop();
    }
    expect(lines.map((line) => JSON.parse(line) as { message: string; error: { message: string } })).toContainEqual(
      expect.objectContaining({ message: 'expired event keys could not be purged; the next run tries again', error: expect.objectContaining({ message: 'database is locked' }) }),
    );
  });
});
