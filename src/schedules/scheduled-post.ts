// What a scheduled run posts, in neutral terms; each channel renders it (Block Kit, Adaptive Card).
import type { JsonValue, QueryColumn } from '../databases/types.js';
import type { StoredQueryResult } from '../store/types.js';
import type { ScheduledStory, ScheduleRecord } from '../store/schedule-types.js';

export interface ScheduledResult {
  queryId: string;
  columns: QueryColumn[];
  rows: JsonValue[][];
  truncated: boolean;
}

export interface ScheduledChart {
  title: string;
  png: Buffer;
}

/** A story schedule's story with this run's rows of the queries it shows (scheduled-story.ts draws it). */
export interface ScheduledStoryPost extends ScheduledStory {
  results: StoredQueryResult[];
}

export interface ScheduledPost {
  kind: 'report' | 'alert';
  scheduleId: string;
  title: string;
  /** "as of" time in the schedule's zone, e.g. "Mon 7 Dec 2026, 09:00 Europe/Berlin". */
  asOf: string;
  sourceLink?: string | undefined;
  /** Said when the run stands for occurrences missed during downtime. */
  catchUpNote?: string | undefined;
  /** For an alert: the condition that holds, in words. */
  alertText?: string | undefined;
  /** Shown as tables: for a story schedule, only the results asked for beside the story. */
  results: ScheduledResult[];
  charts: ScheduledChart[];
  /** A story schedule: the story drawn again from this run's rows, shown under the header. */
  story?: ScheduledStoryPost | undefined;
  /** The timetable at the time of the run, for the Edit time form a channel draws on the post. */
  time?: { cron: string; timeZone: string } | undefined;
}

/**
 * Where a schedule's posts and notices go; a channel (Slack, Teams) provides one. `post` returns the
 * platform message id; the message carries `deliveryKey` where the platform keeps it (Slack message
 * metadata), so `findPost` can find it on a rerun (store/deliver-once.ts). `tellOwner` sends
 * the owner a direct message (paused, failed, sign in); `tellThread` says in the schedule's thread
 * that it paused itself. `ownerGoneReason` asks the platform whether the owner still exists there.
 */
export interface ScheduleDelivery {
  post(schedule: ScheduleRecord, post: ScheduledPost, deliveryKey: string): Promise<string>;
  /**
   * The message in the schedule's target that carries `deliveryKey`; absent where the platform
   * cannot read a message back (Teams' connector).
   */
  findPost?(schedule: ScheduleRecord, deliveryKey: string): Promise<string | undefined>;
  tellOwner(schedule: ScheduleRecord, text: string): Promise<void>;
  /** One short line where the schedule posts (its thread), for everyone who reads it: it paused itself. */
  tellThread?(schedule: ScheduleRecord, text: string): Promise<void>;
  /**
   * Why the owner can no longer own the schedule (account deactivated, gone from the organisation),
   * checked before each run; undefined while they can, or when the platform cannot tell right now.
   */
  ownerGoneReason?(schedule: ScheduleRecord): Promise<string | undefined>;
}
