// The turn-job half of SqlStore: a job per accepted event, created in the same transaction as its
// dedupe keys; leases claimed with one statement (FOR UPDATE SKIP LOCKED on PostgreSQL, so
// replicas never wait on each other's candidate rows; SQLite's single writer gives the same
// contract); and the per-job ledger of what a turn posted, so a rerun edits instead of reposting.
import { epochMs } from './epoch-ms.js';
import type { StoreDatabase, StoreParameter, StoreQueryRunner } from './store-database.js';
import { turnJobFromRow } from './store-rows.js';
import type { NewTurnJob, TurnJobRecord } from './types.js';

const TURN_JOB_COLUMNS = 'job_id, thread_id, platform, payload, state, attempts, lease_owner, lease_expires_at, created_at, updated_at';

/** The notification channel that wakes the workers of every replica (PostgreSQL LISTEN/NOTIFY). */
const TURN_JOBS_CHANNEL = 'datathread_turn_jobs';

/** The notification channel that tells every replica a Stop was requested for a running job. */
const TURN_JOB_CANCELS_CHANNEL = 'datathread_turn_job_cancels';

/** Thrown inside a transaction to roll back the keys it recorded when one of them was a duplicate. */
class DuplicateEventKey extends Error {}

export class SqlTurnJobs {
  constructor(private readonly database: StoreDatabase) {}

  async markEventsProcessed(eventKeys: string[], now: Date, expiresAt: Date): Promise<boolean> {
    return this.inKeyTransaction(eventKeys, now, expiresAt, undefined, async () => undefined);
  }

  async enqueueTurnJob(job: NewTurnJob, eventKeys: string[], eventsExpireAt: Date): Promise<boolean> {
    // A job's place in its thread is its id, drawn at insert but visible only at commit. Enqueues of
    // one thread hold the thread's lock from before they draw it until they commit, so ids of a
    // thread become visible in id order: a claim never sees a later job while an earlier one is
    // still on its way (and runs the later question first). Taken before the keys, which belong to
    // one thread, so two enqueues never wait on each other in opposite orders.
    return this.inKeyTransaction(eventKeys, job.createdAt, eventsExpireAt, `turn-jobs:${job.threadId}`, async (runner) => {
      await runner.execute(
        `INSERT INTO turn_jobs (job_id, thread_id, platform, payload, state, attempts, created_at, updated_at)
         VALUES ($1, $2, $3, $4, 'queued', 0, $5, $5)`,
        [job.jobId, job.threadId, job.platform, JSON.stringify(job.payload), epochMs(job.createdAt)],
      );
      await this.database.notify?.(runner, TURN_JOBS_CHANNEL);
    });
  }

  /** Calls `onChange` when any process queued, finished or gave back a job; a no-op stop on SQLite. */
  async watchTurnJobs(onChange: () => void): Promise<() => Promise<void>> {
    return this.database.listen ? this.database.listen(TURN_JOBS_CHANNEL, onChange) : async () => undefined;
  }

  /** Calls `onRequest` when any process asked to stop a running job; a no-op stop on SQLite. */
  async watchTurnJobCancels(onRequest: () => void): Promise<() => Promise<void>> {
    return this.database.listen ? this.database.listen(TURN_JOB_CANCELS_CHANNEL, onRequest) : async () => undefined;
  }

  async requestTurnJobCancel(threadId: string, now: Date): Promise<boolean> {
    const changed = await this.changeAndNotify(
      `UPDATE turn_jobs SET cancel_requested_at = $2, updated_at = $2 WHERE thread_id = $1 AND state = 'running'`,
      [threadId, epochMs(now)],
      TURN_JOB_CANCELS_CHANNEL,
    );
    return changed > 0;
  }

  async listCancelRequestedTurnJobs(jobIds: string[]): Promise<string[]> {
    if (jobIds.length === 0) return [];
    const placeholders = jobIds.map((_, index) => `$${index + 1}`).join(', ');
    const rows = await this.database.query(
      `SELECT job_id FROM turn_jobs WHERE job_id IN (${placeholders}) AND state = 'running' AND cancel_requested_at IS NOT NULL`,
      jobIds,
    );
    return rows.map((row) => String(row.job_id));
  }

  /** Runs a job state change and, on PostgreSQL, tells the other replicas when it commits. Returns the rows changed. */
  private async changeAndNotify(sql: string, parameters: StoreParameter[], channel = TURN_JOBS_CHANNEL): Promise<number> {
    if (!this.database.notify) return this.database.execute(sql, parameters);
    return this.database.transaction(async (runner) => {
      const changed = await runner.execute(sql, parameters);
      if (changed > 0) await this.database.notify?.(runner, channel);
      return changed;
    });
  }

  /**
   * Takes `lockKey` when given, records every key (sorted, so two transactions holding overlapping
   * keys wait for each other instead of deadlocking), then runs `work`; any key already recorded and
   * live rolls it all back.
   */
  private async inKeyTransaction(eventKeys: string[], now: Date, expiresAt: Date, lockKey: string | undefined, work: (runner: StoreQueryRunner) => Promise<void>): Promise<boolean> {
    const keys = [...new Set(eventKeys)].sort();
    try {
      await this.database.transaction(async (runner) => {
        if (lockKey) await this.database.holdTransactionLock(runner, lockKey);
        for (const key of keys) {
          const rows = await runner.query(
            `INSERT INTO processed_events (event_key, processed_at, expires_at) VALUES ($1, $2, $3)
             ON CONFLICT (event_key) DO UPDATE SET processed_at = excluded.processed_at, expires_at = excluded.expires_at
             WHERE processed_events.expires_at <= excluded.processed_at
             RETURNING event_key`,
            [key, epochMs(now), epochMs(expiresAt)],
          );
          if (rows.length !== 1) throw new DuplicateEventKey(key);
        }
        await work(runner);
      });
      return true;
    } catch (error) {
      if (error instanceof DuplicateEventKey) return false;
      // A concurrent delivery inserted the same key between our check and insert (SQLite has no such
      // window; PostgreSQL reports it as a unique violation only in rare interleavings): a duplicate.
      if (this.database.isUniqueViolation(error)) return false;
      throw error;
    }
  }

  async claimTurnJob(ownerId: string, now: Date, leaseExpiresAt: Date): Promise<TurnJobRecord | undefined> {
    const skipLocked = this.database.dialect === 'postgres' ? 'FOR UPDATE SKIP LOCKED' : '';
    // Only the oldest unfinished job of a thread is claimable, so a thread's turns run one at a
    // time, in arrival order; that job's lease is the thread's lock.
    try {
      const rows = await this.database.query(
        `UPDATE turn_jobs SET state = 'running', lease_owner = $1, lease_expires_at = $3, attempts = attempts + 1, updated_at = $2
         WHERE id = (
           SELECT candidate.id FROM turn_jobs candidate
           WHERE (candidate.state = 'queued' OR (candidate.state = 'running' AND candidate.lease_expires_at <= $2))
             AND NOT EXISTS (
               SELECT 1 FROM turn_jobs earlier
               WHERE earlier.thread_id = candidate.thread_id AND earlier.id < candidate.id AND earlier.state IN ('queued', 'running'))
           ORDER BY candidate.id
           LIMIT 1
           ${skipLocked})
         RETURNING ${TURN_JOB_COLUMNS}`,
        [ownerId, epochMs(now), epochMs(leaseExpiresAt)],
      );
      return rows[0] ? turnJobFromRow(rows[0]) : undefined;
    } catch (error) {
      // The one-running-job-per-thread index refused a claim racing another: nothing claimed now.
      if (this.database.isUniqueViolation(error)) return undefined;
      throw error;
    }
  }

  async renewTurnJobLease(jobId: string, ownerId: string, now: Date, leaseExpiresAt: Date): Promise<boolean> {
    const changed = await this.database.execute(
      `UPDATE turn_jobs SET lease_expires_at = $3, updated_at = $4 WHERE job_id = $1 AND lease_owner = $2 AND state = 'running'`,
      [jobId, ownerId, epochMs(leaseExpiresAt), epochMs(now)],
    );
    return changed === 1;
  }

  async finishTurnJob(jobId: string, ownerId: string, state: 'done' | 'failed', now: Date): Promise<void> {
    // The thread's next job may now be claimed, possibly by another replica.
    await this.changeAndNotify(
      `UPDATE turn_jobs SET state = $3, lease_owner = NULL, lease_expires_at = NULL, updated_at = $4
       WHERE job_id = $1 AND lease_owner = $2 AND state = 'running'`,
      [jobId, ownerId, state, epochMs(now)],
    );
  }

  async releaseTurnJob(jobId: string, ownerId: string, now: Date): Promise<void> {
    await this.changeAndNotify(
      `UPDATE turn_jobs SET state = 'queued', lease_owner = NULL, lease_expires_at = NULL, attempts = attempts - 1, updated_at = $3
       WHERE job_id = $1 AND lease_owner = $2 AND state = 'running'`,
      [jobId, ownerId, epochMs(now)],
    );
  }

  async getTurnJob(jobId: string): Promise<TurnJobRecord | undefined> {
    const rows = await this.database.query(`SELECT ${TURN_JOB_COLUMNS} FROM turn_jobs WHERE job_id = $1`, [jobId]);
    return rows[0] ? turnJobFromRow(rows[0]) : undefined;
  }

  async purgeFinishedTurnJobs(before: Date): Promise<number> {
    return this.database.transaction(async (runner) => {
      await runner.execute(
        `DELETE FROM turn_job_posts WHERE job_id IN (SELECT job_id FROM turn_jobs WHERE state IN ('done', 'failed') AND updated_at < $1)`,
        [epochMs(before)],
      );
      return runner.execute(`DELETE FROM turn_jobs WHERE state IN ('done', 'failed') AND updated_at < $1`, [epochMs(before)]);
    });
  }

  async recordTurnJobPost(jobId: string, postKey: string, messageId: string, now: Date): Promise<void> {
    await this.database.execute(
      `INSERT INTO turn_job_posts (job_id, post_key, message_id, created_at) VALUES ($1, $2, $3, $4)
       ON CONFLICT (job_id, post_key) DO NOTHING`,
      [jobId, postKey, messageId, epochMs(now)],
    );
  }

  async listTurnJobPosts(jobId: string): Promise<Map<string, string>> {
    const rows = await this.database.query('SELECT post_key, message_id FROM turn_job_posts WHERE job_id = $1', [jobId]);
    return new Map(rows.map((row) => [String(row.post_key), String(row.message_id)]));
  }
}
