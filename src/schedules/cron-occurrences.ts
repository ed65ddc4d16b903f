// When a schedule runs: croner evaluates the cron expression in the schedule's IANA zone. Across a
// daylight-saving change croner neither skips nor doubles a fixed time of day (one minute and one
// hour in the expression; a list such as "0,30 2" is not covered by this): a time the spring
// change skips runs at the first valid minute after it, a time the autumn change repeats runs at
// its first instance only. Interval schedules (every hour, every 30 minutes) follow real time: one
// run per elapsed interval, so the hour the spring change skips has no runs and the hour the autumn
// change repeats runs in both its instances (the posts' "as of" names CEST / CET to tell them
// apart); an occurrence is keyed by its UTC instant, so the two never collide. Everything takes the
// time from the caller (an injected clock).
import { Cron } from 'croner';
import { InvalidScheduleError } from './schedule-errors.js';

/** Throws InvalidScheduleError when the zone is not an IANA time zone name. */
export function validateTimeZone(timeZone: string): void {
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone });
  } catch (cause) {
    throw new InvalidScheduleError(`"${timeZone}" is not an IANA time zone; use a name such as Europe/Berlin or America/New_York.`, { cause });
  }
}

function cronIn(expression: string, timeZone: string): Cron {
  validateTimeZone(timeZone);
  try {
    // Five fields (minute precision): a schedule never runs more than once a minute.
    return new Cron(expression, { timezone: timeZone, paused: true, mode: '5-part' });
  } catch (cause) {
    throw new InvalidScheduleError(`"${expression}" is not a cron expression with five fields (minute hour day-of-month month day-of-week).`, { cause });
  }
}

/** Throws InvalidScheduleError when the expression or the zone cannot be used. */
export function validateCron(expression: string, timeZone: string): void {
  if (!cronIn(expression, timeZone).nextRun(new Date(0))) {
    throw new InvalidScheduleError(`"${expression}" never runs.`);
  }
}

/** The first occurrence strictly after `after`, or undefined when there is none. */
export function nextOccurrence(expression: string, timeZone: string, after: Date): Date | undefined {
  return cronIn(expression, timeZone).nextRun(after) ?? undefined;
}

export interface DueOccurrences {
  /** The latest occurrence at or before `now`: the one run that stands for all that are due. */
  latest: Date;
  /** How many due occurrences the run stands for besides `latest` (downtime collapses them). */
  missedCount: number;
  /** The first occurrence after `now`: where the schedule waits next. */
  next: Date | undefined;
}

/**
 * Counting missed occurrences stops here (each count is one cron evaluation, about 0.1-0.4 ms: an
 * every-minute schedule down for a week would cost seconds); a run then says "at least".
 */
export const MISSED_OCCURRENCES_COUNT_LIMIT = 1_000;

/**
 * The occurrences from `firstDue` (the schedule's stored next run) up to `now`, collapsed into one:
 * undefined when `firstDue` is still in the future.
 */
export function collapseDueOccurrences(expression: string, timeZone: string, firstDue: Date, now: Date): DueOccurrences | undefined {
  if (firstDue.getTime() > now.getTime()) return undefined;
  const cron = cronIn(expression, timeZone);
  let latest = firstDue;
  let missedCount = 0;
  for (;;) {
    const following = cron.nextRun(latest);
    if (!following || following.getTime() > now.getTime()) return { latest, missedCount, next: following ?? undefined };
    latest = following;
    missedCount += 1;
    if (missedCount >= MISSED_OCCURRENCES_COUNT_LIMIT) {
      return { latest: now, missedCount, next: cron.nextRun(now) ?? undefined };
    }
  }
}
