// A scheduled run's intent to post, recorded before the platform is called (store/deliver-once.ts),
// in one transaction with the schedule's run memory: an alert's "still holding" is saved no later
// than the post can appear, so a crash after the post cannot alert again, and a rerun that finds the
// intent looks for the post before posting.
import type { ScheduleRunMemory } from './schedule-types.js';
import type { StoreQueryRunner } from './store-database.js';

interface TransactionalDatabase {
  transaction<T>(work: (runner: StoreQueryRunner) => Promise<T>): Promise<T>;
}

export async function recordPostIntent(database: TransactionalDatabase, runId: string, ownerId: string, scheduleId: string, memory: ScheduleRunMemory, now: Date): Promise<boolean> {
  return database.transaction(async (runner) => {
    const held = await runner.execute(
      `UPDATE schedule_runs SET post_intent_at = $3, updated_at = $3 WHERE run_id = $1 AND lease_owner = $2 AND state = 'running'`,
      [runId, ownerId, now.getTime()],
    );
    if (held !== 1) return false;
    await runner.execute(
      `UPDATE schedules SET last_result_digest = $2, last_alert_value = $3, alert_holding = $4, consecutive_failures = $5, failure_reported = $6, updated_at = $7
       WHERE schedule_id = $1`,
      [scheduleId, memory.lastResultDigest, memory.lastAlertValue, memory.alertHolding, memory.consecutiveFailures, memory.failureReported, now.getTime()],
    );
    return true;
  });
}
