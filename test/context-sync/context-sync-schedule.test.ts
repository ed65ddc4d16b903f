// The scheduled sync runs once per occurrence however many replicas' timers fire: two store
// clients (two SQLite connections to one file; two PostgreSQL pools) race for each occurrence.
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runScheduledOccurrence, startContextSyncSchedule, type ContextSyncScheduleOptions } from '../../src/context-sync/context-sync-schedule.js';
import type { SyncRunResult } from '../../src/context-sync/run-sync.js';
import type { Logger } from '../../src/logging/logger.js';
import { openStore } from '../../src/store/open-store.js';
import type { Store } from '../../src/store/types.js';
import { createScratchDatabase, type ScratchDatabase } from '../support/postgres-database.js';

interface Recorder {
  logger: Logger;
  lines: string[];
}

function recordingLogger(): Recorder {
  const lines: string[] = [];
  const record = (message: string, fields?: object) => void lines.push(`${message} ${JSON.stringify(fields ?? {})}`);
  return { lines, logger: { debug: record, info: record, warn: record, error: record } };
}

const SYNCED: SyncRunResult = {
  dryRun: false,
  databases: [{ database: 'shop', dialect: 'duckdb', status: 'synced', tables: 3, notes: [], outcome: { added: ['databases/shop/README.md'], changed: [], removed: [], unchanged: 2, keptHandWritten: [] } }],
};

function replicaOptions(store: Store, replicaId: string, runs: string[], recorder: Recorder): ContextSyncScheduleOptions {
  return {
    schedule: { schedule: '* * * * * *' },
    store: store.contextSyncRuns,
    replicaId,
    clock: () => new Date(),
    logger: recorder.logger,
    sync: async () => {
      runs.push(replicaId);
      return SYNCED;
    },
  };
}

function describeReplicaRace(name: string, openTwo: () => Promise<[Store, Store]>) {
  describe(`scheduled sync on ${name}`, () => {
    let stores: [Store, Store];
    beforeAll(async () => {
      stores = await openTwo();
    });
    afterAll(async () => {
      await Promise.all((stores ?? []).map((store) => store.close()));
    });

    it('lets exactly one of two replicas run an occurrence, and logs what it did', async () => {
      const runs: string[] = [];
      const recorder = recordingLogger();
      const occurrence = new Date('2026-12-03T05:00:00.000Z');
      const won = await Promise.all([
        runScheduledOccurrence(occurrence, replicaOptions(stores[0], 'replica-a', runs, recorder)),
        runScheduledOccurrence(occurrence, replicaOptions(stores[1], 'replica-b', runs, recorder)),
      ]);
      expect(won.filter(Boolean)).toHaveLength(1);
      expect(runs).toHaveLength(1);
      expect(recorder.lines).toContainEqual(expect.stringMatching(/^Scheduled context sync: database done\. \{"database":"shop","status":"synced","tables":3,"added":1,"changed":0,"removed":0\}$/));
      expect(recorder.lines).toContainEqual(expect.stringMatching(/^Scheduled context sync finished\. .*"outcome":"ok"/));
      // The next occurrence is a new claim.
      const next = await runScheduledOccurrence(new Date('2026-12-04T05:00:00.000Z'), replicaOptions(stores[1], 'replica-b', runs, recorder));
      expect(next).toBe(true);
    });

    it('runs once per cron occurrence when both replicas keep a timer', async () => {
      const runs: string[] = [];
      const recorder = recordingLogger();
      const stops = [
        startContextSyncSchedule(replicaOptions(stores[0], 'replica-a', runs, recorder)),
        startContextSyncSchedule(replicaOptions(stores[1], 'replica-b', runs, recorder)),
      ];
      try {
        // Wait for two finished occurrences; both timers fired for each.
        await expect.poll(() => recorder.lines.filter((line) => line.startsWith('Scheduled context sync finished.')).length, { timeout: 10_000 }).toBeGreaterThanOrEqual(2);
      } finally {
        for (const stop of stops) stop();
      }
      const finished = recorder.lines.filter((line) => line.startsWith('Scheduled context sync finished.'));
      const occurrences = finished.map((line) => /"occurrence":"([^"]+)"/.exec(line)?.[1]);
      expect(new Set(occurrences).size).toBe(finished.length);
      expect(runs).toHaveLength(finished.length);
      expect(recorder.lines.some((line) => line.startsWith('Scheduled context sync: another replica runs this occurrence.'))).toBe(true);
    });
  });
}

let scratch: ScratchDatabase;
beforeAll(async () => {
  scratch = await createScratchDatabase('dt_sync_schedule');
});
afterAll(async () => {
  await scratch?.drop();
});

describeReplicaRace('one SQLite file', async () => {
  const path = join(await mkdtemp(join(tmpdir(), 'datathread-schedule-')), 'state.db');
  const first = await openStore(`sqlite:${path}`);
  return [first, await openStore(`sqlite:${path}`)];
});

describeReplicaRace('PostgreSQL', async () => [await openStore(scratch.url), await openStore(scratch.url)]);
