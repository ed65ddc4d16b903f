// The sentences a schedule's owner and its readers see, in one place.
import { MISSED_OCCURRENCES_COUNT_LIMIT } from './cron-occurrences.js';
import type { AlertCondition } from '../store/schedule-types.js';

const OPERATOR_WORDS: Record<AlertCondition['operator'], string> = {
  '<': 'is below',
  '<=': 'is at most',
  '>': 'is above',
  '>=': 'is at least',
  '=': 'equals',
  '!=': 'is not',
  changes_by_percent: 'changed by at least',
};

export function describeAlert(condition: AlertCondition): string {
  const suffix = condition.operator === 'changes_by_percent' ? '%' : '';
  return `${condition.column} ${OPERATOR_WORDS[condition.operator]} ${condition.value}${suffix}`;
}

/**
 * The zone's abbreviation at that instant (CET/CEST, EST/EDT, BST/GMT), so the two instances of a
 * repeated autumn hour read apart. en-US names American zones and en-GB European ones; where
 * neither has a name the offset stands in (GMT+9), which tells the instants apart just as well.
 */
export function zoneAbbreviation(time: Date, timeZone: string): string {
  let offsetName = '';
  for (const locale of ['en-US', 'en-GB']) {
    const name = new Intl.DateTimeFormat(locale, { timeZone, timeZoneName: 'short' }).formatToParts(time).find((part) => part.type === 'timeZoneName')?.value ?? '';
    if (name !== '' && !/^GMT[+-−]/.test(name)) return name;
    offsetName ||= name;
  }
  return offsetName;
}

/** "as of" in the schedule's zone: "Mon 7 Dec 2026, 09:00 CET (Europe/Berlin)"; "…, 09:00 UTC" for UTC. */
export function formatAsOf(time: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone, weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(time);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((each) => each.type === type)?.value ?? '';
  const abbreviation = zoneAbbreviation(time, timeZone);
  const zone = abbreviation === timeZone || abbreviation === '' ? timeZone : `${abbreviation} (${timeZone})`;
  return `${part('weekday')} ${part('day')} ${part('month')} ${part('year')}, ${part('hour')}:${part('minute')} ${zone}`;
}

export const SCHEDULE_SENTENCES = {
  catchUp: (missedCount: number) =>
    `Catch-up run: the service was down, so ${missedCount >= MISSED_OCCURRENCES_COUNT_LIMIT ? 'at least ' : ''}${missedCount} earlier ${missedCount === 1 ? 'occurrence was' : 'occurrences were'} folded into this one.`,
  lostAccess: (title: string, databaseName: string) =>
    `Your schedule "${title}" is paused: you no longer have access to the database "${databaseName}". Once access is back, resume it.`,
  signInNeeded: (title: string, databaseName: string) =>
    `Your schedule "${title}" skipped a run: the database "${databaseName}" runs queries with your own Microsoft account, and your sign-in has expired. Sign in again (ask me anything about that database) and the next run goes ahead.`,
  failed: (title: string, reason: string) => `Your schedule "${title}" failed: ${reason} I will tell you again only if it recovers and then fails anew.`,
  pausedAfterFailures: (title: string, failures: number, reason: string) =>
    `Your schedule "${title}" failed ${failures} times in a row and is now paused. The last error: ${reason} Resume it once the cause is fixed.`,
  ownerGone: (title: string, reason: string) => `Your schedule "${title}" is paused: ${reason}. Resume it once that is fixed.`,
  /** The line in the schedule's own thread when it paused itself: readers learn why the posts stopped and whom to ask. */
  pausedInThread: (title: string, reason: string, ownerName: string) => `⏸ The schedule "${title}" is paused: ${reason.replace(/\.$/, '')}. ${ownerName} (its owner) or an admin can resume it.`,
  /** A click on a post whose schedule is no longer in the store. */
  alreadyDeleted: 'This schedule no longer exists: it was deleted, so there is nothing to change.',
  /** The line that replaces or sits above a post's buttons after a click; `person` as the platform shows a person. */
  pausedBy: (person: string) => `Paused by ${person}`,
  resumedBy: (person: string) => `Resumed by ${person}`,
  deletedBy: (person: string) => `Deleted by ${person}`,
  timeChangedBy: (person: string, summary: string) => `New time set by ${person}: ${summary}`,
} as const;
