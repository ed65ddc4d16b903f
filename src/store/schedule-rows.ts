// Rows of the schedule tables -> records.
import type { AlertCondition, ScheduleOwner, ScheduleRecord, ScheduleRunRecord, ScheduledQuery, ScheduledStory } from './schedule-types.js';
import type { StoreRow } from './store-database.js';
import { dateFromColumn, optionalDateFromColumn } from './store-rows.js';

function optionalString(value: unknown): string | null {
  return value === null || value === undefined ? null : String(value);
}

function optionalNumber(value: unknown): number | null {
  return value === null || value === undefined ? null : Number(value);
}

/** SQLite keeps booleans as 0/1. */
function booleanFromColumn(value: unknown): boolean {
  return value === true || value === 1 || value === '1';
}

export function scheduleFromRow(row: StoreRow): ScheduleRecord {
  const alert = optionalString(row.alert);
  const story = optionalString(row.story);
  return {
    scheduleId: String(row.schedule_id),
    title: String(row.title),
    owner: JSON.parse(String(row.owner)) as ScheduleOwner,
    sourceThreadId: String(row.source_thread_id),
    sourceLink: optionalString(row.source_link) ?? undefined,
    cron: String(row.cron),
    timeZone: String(row.time_zone),
    queries: JSON.parse(String(row.queries)) as ScheduledQuery[],
    ...(story === null ? {} : { story: JSON.parse(story) as ScheduledStory }),
    delivery: JSON.parse(String(row.delivery)),
    alert: alert === null ? undefined : (JSON.parse(alert) as AlertCondition),
    skipUnchanged: booleanFromColumn(row.skip_unchanged),
    state: String(row.state) as ScheduleRecord['state'],
    pausedReason: optionalString(row.paused_reason),
    nextRunAt: dateFromColumn(row.next_run_at),
    lastResultDigest: optionalString(row.last_result_digest),
    lastAlertValue: optionalNumber(row.last_alert_value),
    alertHolding: booleanFromColumn(row.alert_holding),
    consecutiveFailures: Number(row.consecutive_failures),
    failureReported: booleanFromColumn(row.failure_reported),
    createdAt: dateFromColumn(row.created_at),
    updatedAt: dateFromColumn(row.updated_at),
  };
}

export function scheduleRunFromRow(row: StoreRow): ScheduleRunRecord {
  return {
    runId: String(row.run_id),
    scheduleId: String(row.schedule_id),
    occurrenceAt: dateFromColumn(row.occurrence_at),
    missedCount: Number(row.missed_count),
    manual: booleanFromColumn(row.manual),
    state: String(row.state) as ScheduleRunRecord['state'],
    attempts: Number(row.attempts),
    leaseOwner: optionalString(row.lease_owner),
    leaseExpiresAt: optionalDateFromColumn(row.lease_expires_at),
    postedMessageId: optionalString(row.posted_message_id),
    postIntentAt: optionalDateFromColumn(row.post_intent_at),
    outcome: optionalString(row.outcome),
    createdAt: dateFromColumn(row.created_at),
    updatedAt: dateFromColumn(row.updated_at),
  };
}
