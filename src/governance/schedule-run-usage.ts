// What one scheduled run adds to the usage report: whose it is (the schedule's owner, keyed as the
// turn ledger keys people) and where it posts (the delivery channel, keyed as the ledger keys
// channels), and how it ended. Runs execute stored SQL without a model, so they have no tokens.
import type { ScheduleRecord, ScheduleRunRecord } from '../store/schedule-types.js';

export type ScheduleRunResult = 'posted' | 'failed' | 'skipped' | 'unfinished';

export interface ScheduleRunUsage {
  ownerKey: string;
  channelKey: string;
  result: ScheduleRunResult;
}

function objectOf(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}

/**
 * The channel a schedule posts to, read from its stored delivery: Slack keeps `{ channelId }`, Teams
 * a conversation reference (`{ target: { conversation: { id } } }`, whose id without the
 * `;messageid=` suffix is the channel the Teams turns are keyed by). Any other shape falls back to
 * the channel the owner made the schedule in.
 */
function deliveryChannelOf(schedule: ScheduleRecord): string {
  const delivery = objectOf(schedule.delivery);
  const slackChannel = delivery?.channelId;
  if (schedule.owner.platform === 'slack' && typeof slackChannel === 'string') return slackChannel;
  const conversationId = objectOf(objectOf(delivery?.target)?.conversation)?.id;
  if (schedule.owner.platform === 'teams' && typeof conversationId === 'string') return conversationId.split(';')[0] ?? conversationId;
  return schedule.owner.channelId ?? 'unknown channel';
}

/**
 * From the outcome a finished run records (run-schedule-occurrence.ts): `posted`, `skipped: …`, or
 * `paused: …` when the owner lost access, which posted nothing the owner asked for and so counts
 * as failed, like a run in state `failed`. Queued and running runs are counted as runs only.
 */
function resultOf(run: ScheduleRunRecord): ScheduleRunResult {
  if (run.state === 'failed') return 'failed';
  if (run.state !== 'done') return 'unfinished';
  if (run.outcome?.startsWith('skipped')) return 'skipped';
  return run.outcome === 'posted' ? 'posted' : 'failed';
}

/** Where a schedule's runs and their queries count by channel, keyed as the ledger keys channels (`slack:C123`). */
export function scheduleChannelKey(schedule: ScheduleRecord): string {
  return `${schedule.owner.platform}:${deliveryChannelOf(schedule)}`;
}

export function scheduleRunUsageOf(schedule: ScheduleRecord, run: ScheduleRunRecord): ScheduleRunUsage {
  return { ownerKey: `${schedule.owner.platform}:${schedule.owner.userId}`, channelKey: scheduleChannelKey(schedule), result: resultOf(run) };
}
