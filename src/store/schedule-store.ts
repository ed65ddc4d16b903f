// The schedule half of the Store: schedules, and one durable run job per occurrence. The run jobs
// follow the turn-job lease pattern (sql-turn-job-statements.ts): a claim is one statement, a
// crashed worker's lease expires and another worker reruns the job.
import type { NewSchedule, ScheduleRecord, ScheduleRunMemory, ScheduleRunRecord, ScheduleRunState } from './schedule-types.js';

export interface NewScheduleRun {
  runId: string;
  scheduleId: string;
  occurrenceAt: Date;
  missedCount: number;
  manual: boolean;
  createdAt: Date;
}

export interface ScheduleStore {
  createSchedule(schedule: NewSchedule): Promise<void>;
  getSchedule(scheduleId: string): Promise<ScheduleRecord | undefined>;
  /** Every schedule (or one owner's), oldest first. */
  listSchedules(filter?: { ownerUserId?: string }): Promise<ScheduleRecord[]>;
  /** Active schedules whose next run is at or before `now`, earliest first. */
  listDueSchedules(now: Date, limit: number): Promise<ScheduleRecord[]>;
  /**
   * Moves an active schedule from `expectedNextRunAt` to `nextRunAt` (paused when null: no further
   * occurrence) and queues `run`, in one transaction. Only one caller moves it from a given time:
   * any other replica trying the same occurrence gets false and queues nothing.
   */
  enqueueScheduleOccurrence(run: NewScheduleRun, expectedNextRunAt: Date, nextRunAt: Date | null): Promise<boolean>;
  /** Queues a run outside the cron (an operator's run-now). */
  enqueueManualScheduleRun(run: NewScheduleRun): Promise<void>;
  /** Leases the oldest queued run, or a running one whose lease expired (its worker died); attempts go up. */
  claimScheduleRun(ownerId: string, now: Date, leaseExpiresAt: Date): Promise<ScheduleRunRecord | undefined>;
  /** Extends the lease; false when `ownerId` no longer holds it. */
  renewScheduleRunLease(runId: string, ownerId: string, now: Date, leaseExpiresAt: Date): Promise<boolean>;
  /** Records the message a run posted, while `ownerId` holds the lease; false otherwise. */
  recordScheduleRunPost(runId: string, ownerId: string, messageId: string, now: Date): Promise<boolean>;
  /**
   * Before a run posts: records its intent (a rerun then looks for the post before posting again)
   * and, in the same transaction, what the run leaves for the next (an alert's "still holding"), while
   * `ownerId` holds the lease; false otherwise (nothing is written).
   */
  recordScheduleRunPostIntent(runId: string, ownerId: string, scheduleId: string, memory: ScheduleRunMemory, now: Date): Promise<boolean>;
  /** Ends the run if `ownerId` still holds its lease; false otherwise. */
  finishScheduleRun(runId: string, ownerId: string, state: Extract<ScheduleRunState, 'done' | 'failed'>, outcome: string, now: Date): Promise<boolean>;
  getScheduleRun(runId: string): Promise<ScheduleRunRecord | undefined>;
  /** A schedule's runs, oldest first. */
  listScheduleRuns(scheduleId: string): Promise<ScheduleRunRecord[]>;
  /** Every schedule's runs queued at or after `since`, oldest first: one statement, however many schedules there are. */
  listScheduleRunsSince(since: Date): Promise<ScheduleRunRecord[]>;
  /** What the last run leaves for the next (digest, alert state, failure count). */
  saveScheduleRunMemory(scheduleId: string, memory: ScheduleRunMemory, now: Date): Promise<void>;
  /** False when the schedule does not exist. */
  pauseSchedule(scheduleId: string, reason: string, now: Date): Promise<boolean>;
  /** Makes it active again from `nextRunAt`, with the failure count cleared; false when it does not exist. */
  resumeSchedule(scheduleId: string, nextRunAt: Date, now: Date): Promise<boolean>;
  /** A new time (Edit time): cron, zone and the next run; false when it does not exist. */
  rescheduleSchedule(scheduleId: string, cron: string, timeZone: string, nextRunAt: Date, now: Date): Promise<boolean>;
  /** Removes the schedule and its runs; false when it did not exist. */
  deleteSchedule(scheduleId: string): Promise<boolean>;
}
