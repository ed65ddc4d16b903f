// Dedupe keys (processed_events) only matter while a platform may still retry the event; after
// their expiry they are dead rows. Every process deletes the expired ones at start-up and then on
// a schedule, so the table stays bounded by the traffic of one dedupe window. Finished turn jobs
// and their post ledgers go the same way a day after they finished. Replicas purging at once is
// harmless: the deletes are idempotent.
import type { Logger } from '../logging/logger.js';
import { FINISHED_TURN_JOB_RETENTION_MS } from './turn-queue.js';
import type { Store } from '../store/types.js';
import type { Clock } from '../support/clock-and-ids.js';

export const EVENT_PURGE_INTERVAL_MS = 60 * 60 * 1000;

export interface EventPurgeOptions {
  store: Pick<Store, 'purgeExpiredEvents' | 'purgeFinishedTurnJobs'>;
  clock: Clock;
  logger: Logger;
  intervalMs?: number;
}

export interface EventPurgeSchedule {
  /** Stops the schedule and waits for a purge in flight, so the store can be closed after it. */
  stop(): Promise<void>;
}

export function scheduleEventPurge(options: EventPurgeOptions): EventPurgeSchedule {
  const { store, clock, logger } = options;
  let inFlight: Promise<void> = Promise.resolve();
  const purge = () => {
    const now = clock();
    inFlight = store
      .purgeExpiredEvents(now)
      .then(async (deleted) => {
        if (deleted > 0) logger.debug('expired event keys purged', { deleted });
        const jobs = await store.purgeFinishedTurnJobs(new Date(now.getTime() - FINISHED_TURN_JOB_RETENTION_MS));
        if (jobs > 0) logger.debug('finished turn jobs purged', { jobs });
      })
      .catch((error: unknown) => logger.warn('expired event keys could not be purged; the next run tries again', { error }));
  };
  purge();
  const timer = setInterval(purge, options.intervalMs ?? EVENT_PURGE_INTERVAL_MS);
  // The schedule alone must not keep a CLI run or a test process alive.
  timer.unref();
  return {
    stop: async () => {
      clearInterval(timer);
      await inFlight;
    },
  };
}
