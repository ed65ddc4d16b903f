// A schedule as the store keeps it: what to refresh (stored SQL, no model call at run time), when
// (a cron expression in an IANA zone), where (a platform delivery target), who it runs as (its
// owner, whose access rules are checked at every run) and, for an alert, the condition to post on.
import type { JsonValue } from '../databases/types.js';
import type { Platform } from '../support/platforms.js';

/** One stored query a run executes again; `chart` is the display_chart config drawn from its rows. */
export interface ScheduledQuery {
  queryId: string;
  databaseName: string;
  sql: string;
  chart?: JsonValue | undefined;
}

/**
 * A story a schedule re-renders on each run: the version as it was saved (its code names the query
 * results and carries the chart configs), so a run needs neither the model nor the conversation.
 * Its queries are among the schedule's `queries`.
 */
export interface ScheduledStory {
  storyId: string;
  version: number;
  title: string;
  code: string;
}

export const ALERT_OPERATORS = ['<', '<=', '>', '>=', '=', '!=', 'changes_by_percent'] as const;
export type AlertOperator = (typeof ALERT_OPERATORS)[number];

/** Holds when the first row's `column` compares to `value` with `operator` (see alert-condition.ts). */
export interface AlertCondition {
  column: string;
  operator: AlertOperator;
  value: number | string;
}

/** The person a schedule runs as: what access rules and admin lists match on. */
export interface ScheduleOwner {
  platform: Platform;
  userId: string;
  email?: string | undefined;
  displayName?: string | undefined;
  channelId?: string | undefined;
  teamId?: string | undefined;
  /** How the platform reaches the owner for notices (the asker's Teams `from`); absent on Slack. */
  address?: Readonly<Record<string, string>> | undefined;
}

export type ScheduleState = 'active' | 'paused';

export interface NewSchedule {
  scheduleId: string;
  title: string;
  owner: ScheduleOwner;
  /** The thread the schedule was made in (posts link back to it). */
  sourceThreadId: string;
  sourceLink?: string | undefined;
  cron: string;
  timeZone: string;
  queries: ScheduledQuery[];
  /** A story schedule: the story re-rendered with the fresh results of `queries`. */
  story?: ScheduledStory | undefined;
  /** Where posts go, in the channel's own terms (a Slack channel/thread, a Teams conversation reference). Never a secret. */
  delivery: JsonValue;
  alert?: AlertCondition | undefined;
  /** A report whose rows did not change since the last post skips the post. */
  skipUnchanged: boolean;
  nextRunAt: Date;
  createdAt: Date;
}

export interface ScheduleRecord extends NewSchedule {
  state: ScheduleState;
  pausedReason: string | null;
  /** A digest of the rows last posted, for `skipUnchanged`. */
  lastResultDigest: string | null;
  /** The first-row value the last run saw, for `changes_by_percent`. */
  lastAlertValue: number | null;
  /** True while an alert's condition keeps holding after it was posted. */
  alertHolding: boolean;
  consecutiveFailures: number;
  /** True once the owner was told about the current run of failures. */
  failureReported: boolean;
  updatedAt: Date;
}

/** What a run leaves on its schedule for the next one. */
export interface ScheduleRunMemory {
  lastResultDigest: string | null;
  lastAlertValue: number | null;
  alertHolding: boolean;
  consecutiveFailures: number;
  failureReported: boolean;
}

export type ScheduleRunState = 'queued' | 'running' | 'done' | 'failed';

/** One occurrence of a schedule, as a durable job. */
export interface ScheduleRunRecord {
  runId: string;
  scheduleId: string;
  /** The cron time this run stands for (the latest one when missed occurrences were collapsed). */
  occurrenceAt: Date;
  /** Occurrences missed (downtime) and collapsed into this run. */
  missedCount: number;
  /** True for an operator's run-now: not a cron occurrence. */
  manual: boolean;
  state: ScheduleRunState;
  attempts: number;
  leaseOwner: string | null;
  leaseExpiresAt: Date | null;
  /** The platform message this run posted, once it posted (a rerun after a crash does not post again). */
  postedMessageId: string | null;
  /** When a run recorded its intent to post (before calling the platform): it may have posted without recording the message. */
  postIntentAt: Date | null;
  outcome: string | null;
  createdAt: Date;
  updatedAt: Date;
}
