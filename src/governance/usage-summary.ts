// `datathread usage`: the ledger's turns, the query audit, the feedback and the scheduled runs of a
// period, summed per person, channel, database or model. Pure: the command reads the store, this
// adds it up.
import type { AnswerFeedbackRecord, QueryAuditRecord } from '../store/types.js';
import type { LedgerTurn } from '../store/turn-ledger-types.js';
import type { ScheduleRunUsage } from './schedule-run-usage.js';
import { scheduleIdOfAuditedQuery } from '../schedules/scheduled-query-audit.js';

export const usageGroupings = ['user', 'channel', 'database', 'model'] as const;
export type UsageGrouping = (typeof usageGroupings)[number];

/** Scheduled runs: all of them, and how the finished ones ended (queued or running ones count in `runs` only). */
export interface ScheduleRunCounts {
  runs: number;
  posted: number;
  failed: number;
  skipped: number;
}

/**
 * Scheduled runs belong to a person (the owner), a channel (where they post) and, by model, to
 * "no model" (a run executes stored SQL without calling one); not to one database, since a run may
 * read several.
 */
export function groupsScheduleRuns(by: UsageGrouping): boolean {
  return by !== 'database';
}

export interface UsageRow {
  group: string;
  questions: number;
  answered: number;
  clarifications: number;
  cancelled: number;
  /** Failed and refused turns by reason (`model`, `timeout`, `database`, `budget`, …). */
  failedByReason: Record<string, number>;
  inputTokens: number;
  cachedInputTokens: number;
  outputTokens: number;
  /** Known cost in US dollars; `unpricedTurns` turns used a model whose price is unknown. */
  costUsd: number;
  unpricedTurns: number;
  queries: number;
  refusedQueries: number;
  bytesScanned: number;
  positiveFeedback: number;
  negativeFeedback: number;
  scheduleRuns: ScheduleRunCounts;
}

export interface UsageSources {
  turns: LedgerTurn[];
  queries: QueryAuditRecord[];
  feedback: AnswerFeedbackRecord[];
  scheduleRuns: ScheduleRunUsage[];
  /** Where each schedule posts (schedule id -> channel key): its runs' queries count there by channel. */
  scheduleChannels: ReadonlyMap<string, string>;
}

/** Terminal, MCP and eval turns have no person or channel behind them. */
const TERMINAL = 'terminal';
/** Turns are not tied to one database: by database, only queries are counted. */
const NOT_BY_DATABASE = '(turns are not per database)';
/** What calls no model: scheduled runs and their queries, and turns that never reached one. */
const NO_MODEL = 'no model';
/** By channel, the queries of a schedule deleted since: where it posted is no longer known. */
const DELETED_SCHEDULE = '(deleted schedule)';

function personKey(platform: string, userId: string): string {
  return platform === 'console' || platform === 'mcp' ? TERMINAL : `${platform}:${userId}`;
}

function emptyRow(group: string): UsageRow {
  return { group, questions: 0, answered: 0, clarifications: 0, cancelled: 0, failedByReason: {}, inputTokens: 0, cachedInputTokens: 0, outputTokens: 0, costUsd: 0, unpricedTurns: 0, queries: 0, refusedQueries: 0, bytesScanned: 0, positiveFeedback: 0, negativeFeedback: 0, scheduleRuns: { runs: 0, posted: 0, failed: 0, skipped: 0 } };
}

export function summarizeUsage(sources: UsageSources, by: UsageGrouping): UsageRow[] {
  const rows = new Map<string, UsageRow>();
  const row = (group: string) => {
    const existing = rows.get(group);
    if (existing) return existing;
    const created = emptyRow(group);
    rows.set(group, created);
    return created;
  };
  // A thread's channel and model, from its turns: queries and feedback carry only the thread.
  const channelOfThread = new Map(sources.turns.map((turn) => [turn.threadId, turn.channelKey ?? TERMINAL]));
  const modelOfThread = new Map(sources.turns.map((turn) => [turn.threadId, turn.model ?? NO_MODEL]));
  // A scheduled run's query is audited under the thread the schedule was made in, which is neither
  // where it posts nor a model's: it counts where the schedule posts, and under no model.
  const channelOfQuery = (query: QueryAuditRecord): string => {
    const scheduleId = scheduleIdOfAuditedQuery(query);
    if (scheduleId !== undefined) return sources.scheduleChannels.get(scheduleId) ?? DELETED_SCHEDULE;
    return channelOfThread.get(query.threadId) ?? 'unknown channel';
  };
  const modelOfQuery = (query: QueryAuditRecord): string => {
    if (query.model) return query.model.model;
    return scheduleIdOfAuditedQuery(query) === undefined ? (modelOfThread.get(query.threadId) ?? NO_MODEL) : NO_MODEL;
  };

  for (const turn of sources.turns) {
    const group = by === 'user' ? (turn.userKey ?? TERMINAL) : by === 'channel' ? (turn.channelKey ?? TERMINAL) : by === 'model' ? (turn.model ?? NO_MODEL) : NOT_BY_DATABASE;
    const target = row(group);
    target.questions += 1;
    if (turn.status === 'answered') target.answered += 1;
    if (turn.status === 'clarification') target.clarifications += 1;
    if (turn.status === 'cancelled') target.cancelled += 1;
    if (turn.status === 'failed' || turn.status === 'refused') {
      const reason = turn.failureKind ?? 'unknown';
      target.failedByReason[reason] = (target.failedByReason[reason] ?? 0) + 1;
    }
    target.inputTokens += turn.inputTokens;
    target.cachedInputTokens += turn.cachedInputTokens;
    target.outputTokens += turn.outputTokens;
    if (turn.costMicroUsd === null) {
      if (turn.inputTokens + turn.outputTokens > 0) target.unpricedTurns += 1;
    } else target.costUsd += turn.costMicroUsd / 1_000_000;
  }
  for (const query of sources.queries) {
    const group =
      by === 'user' ? personKey(query.actor.platform, query.actor.userId)
      : by === 'channel' ? channelOfQuery(query)
      : by === 'database' ? query.databaseName
      : modelOfQuery(query);
    const target = row(group);
    target.queries += 1;
    if (query.refused) target.refusedQueries += 1;
    target.bytesScanned += query.bytesScanned ?? 0;
  }
  if (by !== 'database') {
    for (const feedback of sources.feedback) {
      const group = by === 'user' ? personKey(feedback.actor.platform, feedback.actor.userId) : by === 'channel' ? (channelOfThread.get(feedback.threadId) ?? 'unknown channel') : (modelOfThread.get(feedback.threadId) ?? NO_MODEL);
      const target = row(group);
      if (feedback.rating === 'positive') target.positiveFeedback += 1;
      else target.negativeFeedback += 1;
    }
  }
  if (groupsScheduleRuns(by)) {
    for (const run of sources.scheduleRuns) {
      const counts = row(by === 'user' ? run.ownerKey : by === 'channel' ? run.channelKey : NO_MODEL).scheduleRuns;
      counts.runs += 1;
      if (run.result !== 'unfinished') counts[run.result] += 1;
    }
  }
  return [...rows.values()].sort((left, right) => right.questions - left.questions || right.queries - left.queries || left.group.localeCompare(right.group));
}

export function totalOf(rows: readonly UsageRow[]): UsageRow {
  const total = emptyRow('Total');
  for (const each of rows) {
    for (const key of ['questions', 'answered', 'clarifications', 'cancelled', 'inputTokens', 'cachedInputTokens', 'outputTokens', 'costUsd', 'unpricedTurns', 'queries', 'refusedQueries', 'bytesScanned', 'positiveFeedback', 'negativeFeedback'] as const) {
      total[key] += each[key];
    }
    for (const key of ['runs', 'posted', 'failed', 'skipped'] as const) total.scheduleRuns[key] += each.scheduleRuns[key];
    for (const [reason, count] of Object.entries(each.failedByReason)) total.failedByReason[reason] = (total.failedByReason[reason] ?? 0) + count;
  }
  return total;
}
