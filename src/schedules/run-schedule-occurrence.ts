// One occurrence of a schedule, run without the model: the stored SQL again (run-scheduled-queries),
// the alert condition or the unchanged check (over every result, a story's included), the charts
// (or the story) drawn again, one post with a header. What it learns (digest, alert state,
// failures in a row) is saved on the schedule for the next run.
import { DEFAULT_PAUSE_AFTER_FAILURES } from '../config/schedules-settings-schema.js';
import type { Logger } from '../logging/logger.js';
import type { Store } from '../store/types.js';
import type { Clock } from '../support/clock-and-ids.js';
import { errorMessage } from '../support/errors.js';
import { deliverOnce } from '../store/deliver-once.js';
import { evaluateAlert } from './alert-condition.js';
import { alertText as describeAlertResult } from './alert-text.js';
import type { OccurrenceExecutor, OccurrenceOutcome } from './run-claimed-occurrences.js';
import { runScheduledQueries, type ScheduledQueryDeps } from './run-scheduled-queries.js';
import { resultDigest } from './result-digest.js';
import { scheduledStoryPost } from './scheduled-story.js';
import { DeliveryTargetGoneError } from './schedule-errors.js';
import { ScheduleLeaseLostError, type ScheduleRunLease } from './schedule-run-lease.js';
import { formatAsOf, SCHEDULE_SENTENCES } from './schedule-wording.js';
import type { ScheduledChart, ScheduledPost, ScheduledResult, ScheduleDelivery } from './scheduled-post.js';
import type { ScheduleRecord, ScheduleRunMemory, ScheduleRunRecord } from '../store/schedule-types.js';


export interface OccurrenceExecutorDeps extends ScheduledQueryDeps {
  store: Store;
  clock: Clock;
  delivery: ScheduleDelivery;
  renderCharts(schedule: ScheduleRecord, results: ScheduledResult[]): Promise<ScheduledChart[]>;
  pauseAfterFailures?: number;
  /** Says when a schedule pauses itself (owner gone, access lost, delivery target gone). */
  logger?: Logger;
}

function memoryOf(schedule: ScheduleRecord): ScheduleRunMemory {
  const { lastResultDigest, lastAlertValue, alertHolding, consecutiveFailures, failureReported } = schedule;
  return { lastResultDigest, lastAlertValue, alertHolding, consecutiveFailures, failureReported };
}

/**
 * Besides the owner's message, one line in the schedule's thread: its readers see why the posts
 * stopped and who can resume it. Where the bot can no longer post (removed from the channel,
 * archived) the line cannot go out and is not tried; the owner's message and the log say it.
 */
async function tellThreadPaused(schedule: ScheduleRecord, reason: string, deps: OccurrenceExecutorDeps): Promise<void> {
  try {
    await deps.delivery.tellThread?.(schedule, SCHEDULE_SENTENCES.pausedInThread(schedule.title, reason, schedule.owner.displayName ?? 'its owner'));
  } catch (error) {
    deps.logger?.warn('the thread of a paused schedule could not be told', { scheduleId: schedule.scheduleId, error });
  }
}

/** Paused, not counted as a failure: running again cannot help until someone fixes the cause. */
async function pauseAndTell(schedule: ScheduleRecord, reason: string, text: string, deps: OccurrenceExecutorDeps, threadReachable = true): Promise<OccurrenceOutcome> {
  await deps.store.schedules.pauseSchedule(schedule.scheduleId, reason, deps.clock());
  deps.logger?.warn('a schedule paused itself', { scheduleId: schedule.scheduleId, owner: schedule.owner.userId, platform: schedule.owner.platform, reason });
  try {
    await deps.delivery.tellOwner(schedule, text);
  } catch (error) {
    // A deactivated owner often cannot receive a message at all: the log is then the only witness.
    deps.logger?.warn('the owner of a paused schedule could not be told', { scheduleId: schedule.scheduleId, owner: schedule.owner.userId, error });
  }
  if (threadReachable) await tellThreadPaused(schedule, reason, deps);
  return { state: 'done', outcome: `paused: ${reason}` };
}

async function recordFailure(schedule: ScheduleRecord, reason: string, deps: OccurrenceExecutorDeps): Promise<OccurrenceOutcome> {
  const failures = schedule.consecutiveFailures + 1;
  const limit = deps.pauseAfterFailures ?? DEFAULT_PAUSE_AFTER_FAILURES;
  await deps.store.schedules.saveScheduleRunMemory(schedule.scheduleId, { ...memoryOf(schedule), consecutiveFailures: failures, failureReported: true }, deps.clock());
  if (failures >= limit) {
    await deps.store.schedules.pauseSchedule(schedule.scheduleId, `failed ${failures} times in a row`, deps.clock());
    await deps.delivery.tellOwner(schedule, SCHEDULE_SENTENCES.pausedAfterFailures(schedule.title, failures, reason));
    await tellThreadPaused(schedule, `it failed ${failures} times in a row`, deps);
  } else if (!schedule.failureReported) {
    // Once per incident: the owner hears again only after a success cleared the count.
    await deps.delivery.tellOwner(schedule, SCHEDULE_SENTENCES.failed(schedule.title, reason));
  }
  return { state: 'failed', outcome: `failed: ${reason}` };
}

/** The key a run's post carries and is found by on a rerun: one per occurrence (a run-now has its own run). */
export function occurrenceDeliveryKey(run: ScheduleRunRecord): string {
  return `schedule-run:${run.runId}`;
}

async function deliver(run: ScheduleRunRecord, schedule: ScheduleRecord, results: ScheduledResult[], alertText: string | undefined, memory: ScheduleRunMemory, lease: ScheduleRunLease, deps: OccurrenceExecutorDeps): Promise<void> {
  const charts = await deps.renderCharts(schedule, results);
  const story = schedule.story ? scheduledStoryPost(schedule.story, schedule.queries, results, deps.clock()) : undefined;
  // The story shows its own results; only those asked for beside it are shown again as tables.
  const storyShows = new Set(story?.results.map((result) => result.queryId));
  const post: ScheduledPost = {
    kind: alertText ? 'alert' : 'report',
    scheduleId: schedule.scheduleId,
    title: schedule.title,
    asOf: formatAsOf(run.manual ? deps.clock() : run.occurrenceAt, schedule.timeZone),
    sourceLink: schedule.sourceLink,
    catchUpNote: run.missedCount > 0 ? SCHEDULE_SENTENCES.catchUp(run.missedCount) : undefined,
    alertText,
    results: results.filter((result) => !storyShows.has(result.queryId)),
    charts,
    ...(story ? { story } : {}),
    time: { cron: schedule.cron, timeZone: schedule.timeZone },
  };
  const { delivery } = deps;
  await deliverOnce(
    occurrenceDeliveryKey(run),
    {
      postedMessageId: run.postedMessageId ?? undefined,
      intentRecorded: run.postIntentAt !== null,
      confirmLease: () => lease.confirm(),
      // The memory (an alert's "still holding") is saved with the intent, before the post can appear.
      recordIntent: () => lease.recordIntent(schedule.scheduleId, memory),
      recordPosted: (messageId) => lease.recordPost(messageId),
    },
    {
      post: (deliveryKey) => delivery.post(schedule, post, deliveryKey),
      ...(delivery.findPost ? { findByKey: (deliveryKey: string) => delivery.findPost!(schedule, deliveryKey) } : {}),
    },
  );
}

async function runOccurrence(run: ScheduleRunRecord, schedule: ScheduleRecord, lease: ScheduleRunLease, deps: OccurrenceExecutorDeps): Promise<OccurrenceOutcome> {
  if (schedule.state === 'paused' && !run.manual) return { state: 'done', outcome: 'skipped: paused' };
  // A rerun after a crash that came after the post: the occurrence was delivered.
  if (run.postedMessageId) return { state: 'done', outcome: 'posted' };
  // An earlier run of this occurrence decided to post and saved its memory with that intent: the
  // saved state ("still holding", the digest) is this occurrence's own, not a reason to skip it.
  const postDecidedBefore = run.postIntentAt !== null;
  const ownerGone = await deps.delivery.ownerGoneReason?.(schedule);
  if (ownerGone) return pauseAndTell(schedule, ownerGone, SCHEDULE_SENTENCES.ownerGone(schedule.title, ownerGone), deps);
  const queried = await runScheduledQueries(schedule, deps);
  if (queried.kind === 'no_access') return pauseAndTell(schedule, `the owner has no access to ${queried.databaseName}`, SCHEDULE_SENTENCES.lostAccess(schedule.title, queried.databaseName), deps);
  if (queried.kind === 'sign_in_required') {
    await deps.delivery.tellOwner(schedule, SCHEDULE_SENTENCES.signInNeeded(schedule.title, queried.databaseName));
    return { state: 'done', outcome: 'skipped: the owner must sign in' };
  }
  if (queried.kind === 'failed') return recordFailure(schedule, queried.reason, deps);
  const memory: ScheduleRunMemory = { ...memoryOf(schedule), consecutiveFailures: 0, failureReported: false };
  let outcome = 'posted';
  let alertText: string | undefined;
  let shouldPost = true;
  if (schedule.alert) {
    const first = queried.results[0];
    const evaluation = evaluateAlert(schedule.alert, first?.columns ?? [], first?.rows ?? [], schedule.lastAlertValue);
    if (evaluation.problem) return recordFailure(schedule, evaluation.problem, deps);
    memory.lastAlertValue = typeof evaluation.observed === 'number' ? evaluation.observed : null;
    // Post when it starts to hold; not again while it keeps holding, until it stopped holding once.
    shouldPost = evaluation.holds && (!schedule.alertHolding || postDecidedBefore);
    memory.alertHolding = evaluation.holds;
    alertText = describeAlertResult(schedule.alert, first?.columns ?? [], first?.rows ?? []);
    if (!shouldPost) outcome = evaluation.holds ? 'skipped: the condition still holds' : 'skipped: the condition does not hold';
  } else {
    const digest = resultDigest(queried.results);
    if (schedule.skipUnchanged && digest === schedule.lastResultDigest && !postDecidedBefore) {
      shouldPost = false;
      outcome = 'skipped: unchanged';
    }
    memory.lastResultDigest = digest;
  }
  if (shouldPost) {
    try {
      await deliver(run, schedule, queried.results, alertText, memory, lease, deps);
    } catch (error) {
      // The bot can no longer post there (removed, archived): only the owner can be told.
      if (error instanceof DeliveryTargetGoneError) return pauseAndTell(schedule, error.message, `Your schedule "${schedule.title}" is paused: ${error.message}`, deps, false);
      if (error instanceof ScheduleLeaseLostError) throw error;
      return recordFailure(schedule, errorMessage(error), deps);
    }
  }
  await deps.store.schedules.saveScheduleRunMemory(schedule.scheduleId, memory, deps.clock());
  return { state: 'done', outcome };
}

export function createOccurrenceExecutor(deps: OccurrenceExecutorDeps): OccurrenceExecutor {
  return (run, schedule, lease) => runOccurrence(run, schedule, lease, deps);
}
