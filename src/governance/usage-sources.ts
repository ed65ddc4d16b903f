// What `datathread usage` reads from the store for a period: a fixed number of statements whatever
// the number of schedules (the runs of every schedule come in one statement, not one per schedule).
import { scheduleChannelKey, scheduleRunUsageOf } from './schedule-run-usage.js';
import type { UsageSources } from './usage-summary.js';
import type { Store } from '../store/types.js';

export async function readUsageSources(store: Store, since: Date): Promise<UsageSources> {
  const [turns, queries, feedback, schedules, runs] = await Promise.all([
    store.ledger.listTurnLedger(since),
    store.listQueryAudit({ since }),
    store.listFeedback(since),
    store.schedules.listSchedules(),
    store.schedules.listScheduleRunsSince(since),
  ]);
  const scheduleById = new Map(schedules.map((schedule) => [schedule.scheduleId, schedule]));
  // A schedule's runs are deleted with it, so every run found has its schedule.
  const scheduleRuns = runs.flatMap((run) => {
    const schedule = scheduleById.get(run.scheduleId);
    return schedule ? [scheduleRunUsageOf(schedule, run)] : [];
  });
  const scheduleChannels = new Map(schedules.map((schedule) => [schedule.scheduleId, scheduleChannelKey(schedule)]));
  return { turns, queries, feedback, scheduleRuns, scheduleChannels };
}
