// `context.sync.schedule` inside the server: every replica's timer fires at each occurrence, the
// store lets exactly one of them claim it, and that one runs the sync and logs what it did. A
// run still going when the next occurrence comes is not overlapped (croner's `protect`).
import { Cron } from 'croner';
import type { ContextSyncSchedule } from '../config/context-sync-schedule-schema.js';
import type { Logger } from '../logging/logger.js';
import type { ContextSyncRunStore } from '../store/context-sync-run-store.js';
import type { Clock } from '../support/clock-and-ids.js';
import { errorMessage } from '../support/errors.js';
import { syncSucceeded, type SyncRunResult } from './run-sync.js';

const MILLISECONDS_PER_SECOND = 1000;

export interface ContextSyncScheduleOptions {
  schedule: ContextSyncSchedule;
  store: ContextSyncRunStore;
  /** This process, in the store's record of who ran an occurrence. */
  replicaId: string;
  sync: () => Promise<SyncRunResult>;
  logger: Logger;
  clock: Clock;
}

/** Claims `occurrenceAt` and, if this replica won it, syncs; false when another replica has it. */
export async function runScheduledOccurrence(occurrenceAt: Date, options: ContextSyncScheduleOptions): Promise<boolean> {
  const { store, logger, clock } = options;
  if (!(await store.claimContextSyncRun(occurrenceAt, options.replicaId, clock()))) {
    logger.debug('Scheduled context sync: another replica runs this occurrence.', { occurrence: occurrenceAt.toISOString() });
    return false;
  }
  logger.info('Scheduled context sync started.', { occurrence: occurrenceAt.toISOString(), replica: options.replicaId });
  let outcome: string;
  try {
    const result = await options.sync();
    for (const database of result.databases) {
      const written = database.outcome ? { added: database.outcome.added.length, changed: database.outcome.changed.length, removed: database.outcome.removed.length } : {};
      const fields = { database: database.database, status: database.status, tables: database.tables, ...written, ...(database.reason ? { reason: database.reason } : {}) };
      if (database.status === 'failed') logger.warn('Scheduled context sync: a database failed.', fields);
      else logger.info('Scheduled context sync: database done.', fields);
    }
    outcome = syncSucceeded(result) ? 'ok' : `failed: ${result.databases.filter((database) => database.status === 'failed').map((database) => database.database).join(', ') || 'extra files'}`;
  } catch (error) {
    outcome = `failed: ${errorMessage(error)}`;
    logger.error('Scheduled context sync failed.', { error: errorMessage(error) });
  }
  await store.finishContextSyncRun(occurrenceAt, outcome, clock());
  logger.info('Scheduled context sync finished.', { occurrence: occurrenceAt.toISOString(), outcome });
  return true;
}

/** Starts the timer; the returned function stops it (a running sync finishes). */
export function startContextSyncSchedule(options: ContextSyncScheduleOptions): () => void {
  const cron = new Cron(options.schedule.schedule, { timezone: options.schedule.timezone ?? 'UTC', protect: true }, async (self: Cron) => {
    // Every replica must name the occurrence alike: the scheduled second, not when its timer woke.
    const scheduled = self.currentRun() ?? options.clock();
    const occurrenceAt = new Date(Math.floor(scheduled.getTime() / MILLISECONDS_PER_SECOND) * MILLISECONDS_PER_SECOND);
    await runScheduledOccurrence(occurrenceAt, options).catch((error: unknown) => {
      options.logger.error('Scheduled context sync could not be claimed.', { error: errorMessage(error) });
    });
  });
  options.logger.info('Context sync is scheduled.', { schedule: options.schedule.schedule, timezone: options.schedule.timezone ?? 'UTC', next: cron.nextRun()?.toISOString() ?? 'never' });
  return () => cron.stop();
}
