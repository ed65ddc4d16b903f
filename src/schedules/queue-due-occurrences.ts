// Turns due schedules into run jobs. Any number of replicas may call this at the same minute: a
// schedule moves past an occurrence only by compare-and-set on its stored next run
// (ScheduleStore.enqueueScheduleOccurrence), so each occurrence becomes exactly one job. After
// downtime the occurrences missed collapse into one job that says how many it stands for.
import type { Store } from '../store/types.js';
import type { Clock, IdFactory } from '../support/clock-and-ids.js';
import { collapseDueOccurrences } from './cron-occurrences.js';
import type { ScheduleRecord } from '../store/schedule-types.js';

/** Due schedules read per statement; the loop reads again until none is due. */
export const DUE_SCHEDULES_BATCH_SIZE = 500;

export interface QueueDueOccurrencesOptions {
  store: Store;
  clock: Clock;
  createId: IdFactory;
}

async function queueOne(schedule: ScheduleRecord, options: QueueDueOccurrencesOptions, now: Date): Promise<boolean> {
  const due = collapseDueOccurrences(schedule.cron, schedule.timeZone, schedule.nextRunAt, now);
  if (!due) return false;
  return options.store.schedules.enqueueScheduleOccurrence(
    { runId: options.createId('run_'), scheduleId: schedule.scheduleId, occurrenceAt: due.latest, missedCount: due.missedCount, manual: false, createdAt: now },
    schedule.nextRunAt,
    due.next ?? null,
  );
}

/** Queues one run for each due schedule; returns how many this caller queued (others may have queued the rest). */
export async function queueDueOccurrences(options: QueueDueOccurrencesOptions): Promise<number> {
  const now = options.clock();
  let queued = 0;
  const seen = new Set<string>();
  for (;;) {
    const due = (await options.store.schedules.listDueSchedules(now, DUE_SCHEDULES_BATCH_SIZE)).filter((schedule) => !seen.has(schedule.scheduleId));
    if (due.length === 0) return queued;
    for (const schedule of due) {
      seen.add(schedule.scheduleId);
      if (await queueOne(schedule, options, now)) queued += 1;
    }
  }
}
