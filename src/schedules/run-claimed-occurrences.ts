// Claims queued occurrence jobs and runs them, one at a time, until none is claimable. A job whose
// worker died (crash, SIGKILL) keeps its lease until it expires; then any worker claims it again
// and reruns it. A rerun after a post does not post again (the run records its message first).
import type { Logger } from '../logging/logger.js';
import type { Store } from '../store/types.js';
import type { Clock, IdFactory } from '../support/clock-and-ids.js';
import { errorMessage } from '../support/errors.js';
import { ScheduleRunLease } from './schedule-run-lease.js';
import type { ScheduleRecord, ScheduleRunRecord } from '../store/schedule-types.js';

/** How long a claim holds a run before another worker may take it over; renewed while it runs. */
export const SCHEDULE_RUN_LEASE_MS = 60_000;

/** How a run ended, and the outcome it records ("posted", "skipped: unchanged", ...) for operators and tests. */
export interface OccurrenceOutcome {
  state: 'done' | 'failed';
  outcome: string;
}

export type OccurrenceExecutor = (run: ScheduleRunRecord, schedule: ScheduleRecord, lease: ScheduleRunLease) => Promise<OccurrenceOutcome>;

export interface RunClaimedOccurrencesOptions {
  store: Store;
  clock: Clock;
  createId: IdFactory;
  logger: Logger;
  execute: OccurrenceExecutor;
  leaseMs?: number;
}

async function runClaimed(run: ScheduleRunRecord, lease: ScheduleRunLease, options: RunClaimedOccurrencesOptions): Promise<void> {
  const schedule = await options.store.schedules.getSchedule(run.scheduleId);
  if (!schedule) {
    await options.store.schedules.finishScheduleRun(run.runId, lease.leaseId, 'done', 'skipped: the schedule was deleted', options.clock());
    return;
  }
  // A heartbeat keeps the lease while a slow query runs.
  const leaseMs = options.leaseMs ?? SCHEDULE_RUN_LEASE_MS;
  const heartbeat = setInterval(() => void lease.renew().catch(() => undefined), Math.max(1, Math.floor(leaseMs / 3)));
  try {
    const { state, outcome } = await options.execute(run, schedule, lease);
    await options.store.schedules.finishScheduleRun(run.runId, lease.leaseId, state, outcome, options.clock());
  } catch (error) {
    options.logger.warn('a scheduled run failed', { runId: run.runId, scheduleId: run.scheduleId, error });
    await options.store.schedules.finishScheduleRun(run.runId, lease.leaseId, 'failed', `failed: ${errorMessage(error)}`, options.clock());
  } finally {
    clearInterval(heartbeat);
  }
}

/** Runs claimable occurrence jobs until none is left; returns how many this worker ran. */
export async function runClaimedOccurrences(options: RunClaimedOccurrencesOptions): Promise<number> {
  const leaseMs = options.leaseMs ?? SCHEDULE_RUN_LEASE_MS;
  let ran = 0;
  for (;;) {
    const leaseId = options.createId('lease_');
    const now = options.clock();
    const run = await options.store.schedules.claimScheduleRun(leaseId, now, new Date(now.getTime() + leaseMs));
    if (!run) return ran;
    await runClaimed(run, new ScheduleRunLease(options.store, options.clock, run.runId, leaseId, leaseMs), options);
    ran += 1;
  }
}
