// The schedule half of SqlStore. Exactly one run per occurrence comes from a compare-and-set: a
// schedule moves from its stored next run to the following one in the same transaction that
// inserts the run, and only while next_run_at still holds the value the caller read; the
// (schedule_id, occurrence_at) key backs it up. Runs are leased like turn jobs: one claiming
// statement (FOR UPDATE SKIP LOCKED on PostgreSQL), a lease a crashed worker lets expire.
import type { NewSchedule, ScheduleRecord, ScheduleRunMemory, ScheduleRunRecord } from './schedule-types.js';
import type { NewScheduleRun, ScheduleStore } from './schedule-store.js';
import { scheduleFromRow, scheduleRunFromRow } from './schedule-rows.js';
import type { StoreDatabase, StoreQueryRunner } from './store-database.js';
import { recordPostIntent } from './sql-schedule-post-intent.js';

const SCHEDULE_COLUMNS =
  'schedule_id, title, owner, owner_user_id, source_thread_id, source_link, cron, time_zone, queries, delivery, alert, skip_unchanged, state, paused_reason, next_run_at, last_result_digest, last_alert_value, alert_holding, consecutive_failures, failure_reported, created_at, updated_at, story';

const RUN_COLUMNS = 'run_id, schedule_id, occurrence_at, missed_count, manual, state, attempts, lease_owner, lease_expires_at, posted_message_id, post_intent_at, outcome, created_at, updated_at';

/** Said on a schedule whose cron expression has no occurrence left. */
const NO_FURTHER_OCCURRENCE = 'Its cron expression has no further occurrence.';

/** Inserts a new, active schedule; also used inside the transaction that confirms a proposal. */
export async function insertSchedule(runner: StoreQueryRunner, schedule: NewSchedule): Promise<void> {
  const createdAt = schedule.createdAt.getTime();
  await runner.execute(
    `INSERT INTO schedules (${SCHEDULE_COLUMNS})
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, 'active', NULL, $13, NULL, NULL, $14, 0, $14, $15, $15, $16)`,
    [
      schedule.scheduleId,
      schedule.title,
      JSON.stringify(schedule.owner),
      schedule.owner.userId,
      schedule.sourceThreadId,
      schedule.sourceLink ?? null,
      schedule.cron,
      schedule.timeZone,
      JSON.stringify(schedule.queries),
      JSON.stringify(schedule.delivery),
      schedule.alert ? JSON.stringify(schedule.alert) : null,
      schedule.skipUnchanged,
      schedule.nextRunAt.getTime(),
      false,
      createdAt,
      schedule.story ? JSON.stringify(schedule.story) : null,
    ],
  );
}

export class SqlSchedules implements ScheduleStore {
  constructor(private readonly database: StoreDatabase) {}

  async createSchedule(schedule: NewSchedule): Promise<void> {
    await insertSchedule(this.database, schedule);
  }

  async getSchedule(scheduleId: string): Promise<ScheduleRecord | undefined> {
    const rows = await this.database.query(`SELECT ${SCHEDULE_COLUMNS} FROM schedules WHERE schedule_id = $1`, [scheduleId]);
    return rows[0] ? scheduleFromRow(rows[0]) : undefined;
  }

  async listSchedules(filter: { ownerUserId?: string } = {}): Promise<ScheduleRecord[]> {
    const rows = filter.ownerUserId
      ? await this.database.query(`SELECT ${SCHEDULE_COLUMNS} FROM schedules WHERE owner_user_id = $1 ORDER BY created_at, schedule_id`, [filter.ownerUserId])
      : await this.database.query(`SELECT ${SCHEDULE_COLUMNS} FROM schedules ORDER BY created_at, schedule_id`);
    return rows.map(scheduleFromRow);
  }

  async listDueSchedules(now: Date, limit: number): Promise<ScheduleRecord[]> {
    const rows = await this.database.query(
      `SELECT ${SCHEDULE_COLUMNS} FROM schedules WHERE state = 'active' AND next_run_at <= $1 ORDER BY next_run_at, schedule_id LIMIT $2`,
      [now.getTime(), limit],
    );
    return rows.map(scheduleFromRow);
  }

  async enqueueScheduleOccurrence(run: NewScheduleRun, expectedNextRunAt: Date, nextRunAt: Date | null): Promise<boolean> {
    try {
      return await this.database.transaction(async (runner) => {
        const moved = await runner.execute(
          `UPDATE schedules SET next_run_at = $3, state = $4, paused_reason = $5, updated_at = $6
           WHERE schedule_id = $1 AND next_run_at = $2 AND state = 'active'`,
          [
            run.scheduleId,
            expectedNextRunAt.getTime(),
            (nextRunAt ?? expectedNextRunAt).getTime(),
            nextRunAt ? 'active' : 'paused',
            nextRunAt ? null : NO_FURTHER_OCCURRENCE,
            run.createdAt.getTime(),
          ],
        );
        if (moved !== 1) return false;
        await this.insertRun(runner, run);
        return true;
      });
    } catch (error) {
      // Another replica queued the same occurrence first: nothing to do here.
      if (this.database.isUniqueViolation(error)) return false;
      throw error;
    }
  }

  async enqueueManualScheduleRun(run: NewScheduleRun): Promise<void> {
    await this.insertRun(this.database, run);
  }

  private async insertRun(runner: StoreQueryRunner, run: NewScheduleRun): Promise<void> {
    await runner.execute(
      `INSERT INTO schedule_runs (run_id, schedule_id, occurrence_at, missed_count, manual, state, attempts, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, 'queued', 0, $6, $6)`,
      [run.runId, run.scheduleId, run.occurrenceAt.getTime(), run.missedCount, run.manual, run.createdAt.getTime()],
    );
  }

  async claimScheduleRun(ownerId: string, now: Date, leaseExpiresAt: Date): Promise<ScheduleRunRecord | undefined> {
    const skipLocked = this.database.dialect === 'postgres' ? 'FOR UPDATE SKIP LOCKED' : '';
    const rows = await this.database.query(
      `UPDATE schedule_runs SET state = 'running', lease_owner = $1, lease_expires_at = $3, attempts = attempts + 1, updated_at = $2
       WHERE id = (
         SELECT candidate.id FROM schedule_runs candidate
         WHERE candidate.state = 'queued' OR (candidate.state = 'running' AND candidate.lease_expires_at <= $2)
         ORDER BY candidate.id
         LIMIT 1
         ${skipLocked})
       RETURNING ${RUN_COLUMNS}`,
      [ownerId, now.getTime(), leaseExpiresAt.getTime()],
    );
    return rows[0] ? scheduleRunFromRow(rows[0]) : undefined;
  }

  async renewScheduleRunLease(runId: string, ownerId: string, now: Date, leaseExpiresAt: Date): Promise<boolean> {
    const changed = await this.database.execute(
      `UPDATE schedule_runs SET lease_expires_at = $3, updated_at = $4 WHERE run_id = $1 AND lease_owner = $2 AND state = 'running'`,
      [runId, ownerId, leaseExpiresAt.getTime(), now.getTime()],
    );
    return changed === 1;
  }

  async recordScheduleRunPost(runId: string, ownerId: string, messageId: string, now: Date): Promise<boolean> {
    const changed = await this.database.execute(
      `UPDATE schedule_runs SET posted_message_id = $3, updated_at = $4 WHERE run_id = $1 AND lease_owner = $2 AND state = 'running'`,
      [runId, ownerId, messageId, now.getTime()],
    );
    return changed === 1;
  }

  async recordScheduleRunPostIntent(runId: string, ownerId: string, scheduleId: string, memory: ScheduleRunMemory, now: Date): Promise<boolean> {
    return recordPostIntent(this.database, runId, ownerId, scheduleId, memory, now);
  }

  async finishScheduleRun(runId: string, ownerId: string, state: 'done' | 'failed', outcome: string, now: Date): Promise<boolean> {
    const changed = await this.database.execute(
      `UPDATE schedule_runs SET state = $3, outcome = $4, lease_owner = NULL, lease_expires_at = NULL, updated_at = $5
       WHERE run_id = $1 AND lease_owner = $2 AND state = 'running'`,
      [runId, ownerId, state, outcome, now.getTime()],
    );
    return changed === 1;
  }

  async getScheduleRun(runId: string): Promise<ScheduleRunRecord | undefined> {
    const rows = await this.database.query(`SELECT ${RUN_COLUMNS} FROM schedule_runs WHERE run_id = $1`, [runId]);
    return rows[0] ? scheduleRunFromRow(rows[0]) : undefined;
  }

  async listScheduleRuns(scheduleId: string): Promise<ScheduleRunRecord[]> {
    const rows = await this.database.query(`SELECT ${RUN_COLUMNS} FROM schedule_runs WHERE schedule_id = $1 ORDER BY id`, [scheduleId]);
    return rows.map(scheduleRunFromRow);
  }

  async listScheduleRunsSince(since: Date): Promise<ScheduleRunRecord[]> {
    const rows = await this.database.query(`SELECT ${RUN_COLUMNS} FROM schedule_runs WHERE created_at >= $1 ORDER BY id`, [since.getTime()]);
    return rows.map(scheduleRunFromRow);
  }

  async saveScheduleRunMemory(scheduleId: string, memory: ScheduleRunMemory, now: Date): Promise<void> {
    await this.database.execute(
      `UPDATE schedules SET last_result_digest = $2, last_alert_value = $3, alert_holding = $4, consecutive_failures = $5, failure_reported = $6, updated_at = $7
       WHERE schedule_id = $1`,
      [scheduleId, memory.lastResultDigest, memory.lastAlertValue, memory.alertHolding, memory.consecutiveFailures, memory.failureReported, now.getTime()],
    );
  }

  async pauseSchedule(scheduleId: string, reason: string, now: Date): Promise<boolean> {
    const changed = await this.database.execute(`UPDATE schedules SET state = 'paused', paused_reason = $2, updated_at = $3 WHERE schedule_id = $1`, [
      scheduleId,
      reason,
      now.getTime(),
    ]);
    return changed === 1;
  }

  async resumeSchedule(scheduleId: string, nextRunAt: Date, now: Date): Promise<boolean> {
    const changed = await this.database.execute(
      `UPDATE schedules SET state = 'active', paused_reason = NULL, next_run_at = $2, consecutive_failures = 0, failure_reported = $4, updated_at = $3
       WHERE schedule_id = $1`,
      [scheduleId, nextRunAt.getTime(), now.getTime(), false],
    );
    return changed === 1;
  }

  async rescheduleSchedule(scheduleId: string, cron: string, timeZone: string, nextRunAt: Date, now: Date): Promise<boolean> {
    const changed = await this.database.execute(`UPDATE schedules SET cron = $2, time_zone = $3, next_run_at = $4, updated_at = $5 WHERE schedule_id = $1`, [
      scheduleId,
      cron,
      timeZone,
      nextRunAt.getTime(),
      now.getTime(),
    ]);
    return changed === 1;
  }

  async deleteSchedule(scheduleId: string): Promise<boolean> {
    return this.database.transaction(async (runner) => {
      await runner.execute('DELETE FROM schedule_runs WHERE schedule_id = $1', [scheduleId]);
      return (await runner.execute('DELETE FROM schedules WHERE schedule_id = $1', [scheduleId])) === 1;
    });
  }
}
