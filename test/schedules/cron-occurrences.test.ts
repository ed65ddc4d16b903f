// Cron in IANA zones across both daylight-saving changes: each local day has exactly one run of a
// daily schedule, never two and never none; downtime collapses into one catch-up run.
import { describe, expect, it } from 'vitest';
import { collapseDueOccurrences, MISSED_OCCURRENCES_COUNT_LIMIT, nextOccurrence, validateCron } from '../../src/schedules/cron-occurrences.js';
import { SCHEDULE_SENTENCES } from '../../src/schedules/schedule-wording.js';
import { InvalidScheduleError } from '../../src/schedules/schedule-errors.js';

function occurrencesBetween(expression: string, timeZone: string, fromIso: string, untilIso: string): string[] {
  const until = Date.parse(untilIso);
  const found: string[] = [];
  let cursor = new Date(fromIso);
  for (;;) {
    const next = nextOccurrence(expression, timeZone, cursor);
    if (!next || next.getTime() > until) return found;
    found.push(next.toISOString());
    cursor = next;
  }
}

function localDays(isoTimes: string[], timeZone: string): string[] {
  const format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
  return isoTimes.map((iso) => format.format(new Date(iso)));
}

describe('cron occurrences in a time zone', () => {
  it('runs a daily 02:30 Berlin schedule once on the spring-forward day, at the first valid time', () => {
    // 29 March 2026: 02:00 CET jumps to 03:00 CEST, so 02:30 does not exist that night.
    const runs = occurrencesBetween('30 2 * * *', 'Europe/Berlin', '2026-03-27T00:00:00Z', '2026-03-31T00:00:00Z');
    expect(runs).toEqual(['2026-03-27T01:30:00.000Z', '2026-03-28T01:30:00.000Z', '2026-03-29T01:00:00.000Z', '2026-03-30T00:30:00.000Z']);
    expect(new Set(localDays(runs, 'Europe/Berlin')).size).toBe(runs.length);
  });

  it('runs a daily 02:30 Berlin schedule once on the fall-back day, though 02:30 happens twice', () => {
    // 25 October 2026: 03:00 CEST falls back to 02:00 CET, so 02:30 comes at 00:30Z and 01:30Z.
    const runs = occurrencesBetween('30 2 * * *', 'Europe/Berlin', '2026-10-23T00:00:00Z', '2026-10-27T00:00:00Z');
    expect(runs).toEqual(['2026-10-23T00:30:00.000Z', '2026-10-24T00:30:00.000Z', '2026-10-25T00:30:00.000Z', '2026-10-26T01:30:00.000Z']);
  });

  it('runs a daily 01:30 New York schedule once on the fall-back day and a 02:30 one on the spring-forward day', () => {
    // 1 November 2026: 02:00 EDT falls back to 01:00 EST (01:30 twice).
    const autumn = occurrencesBetween('30 1 * * *', 'America/New_York', '2026-10-31T00:00:00Z', '2026-11-03T00:00:00Z');
    expect(autumn).toEqual(['2026-10-31T05:30:00.000Z', '2026-11-01T05:30:00.000Z', '2026-11-02T06:30:00.000Z']);
    // 8 March 2026: 02:00 EST jumps to 03:00 EDT (no 02:30).
    const spring = occurrencesBetween('30 2 * * *', 'America/New_York', '2026-03-07T00:00:00Z', '2026-03-10T00:00:00Z');
    expect(spring).toEqual(['2026-03-07T07:30:00.000Z', '2026-03-08T07:00:00.000Z', '2026-03-09T06:30:00.000Z']);
    expect(new Set(localDays([...autumn, ...spring], 'America/New_York')).size).toBe(autumn.length + spring.length);
  });

  it('keeps a weekday 09:00 schedule at 09:00 local time on both sides of a change', () => {
    const runs = occurrencesBetween('0 9 * * 1-5', 'Europe/Berlin', '2026-10-22T00:00:00Z', '2026-10-28T00:00:00Z');
    expect(runs).toEqual(['2026-10-22T07:00:00.000Z', '2026-10-23T07:00:00.000Z', '2026-10-26T08:00:00.000Z', '2026-10-27T08:00:00.000Z']);
  });

  it('collapses a 3-day outage of an hourly schedule into one run at the latest occurrence', () => {
    const due = collapseDueOccurrences('0 * * * *', 'Europe/Berlin', new Date('2026-12-01T10:00:00Z'), new Date('2026-12-04T10:20:00Z'));
    expect(due).toEqual({ latest: new Date('2026-12-04T10:00:00Z'), missedCount: 72, next: new Date('2026-12-04T11:00:00Z') });
  });

  it('has nothing due before the stored next run, and one run without missed ones when exactly due', () => {
    expect(collapseDueOccurrences('0 9 * * *', 'UTC', new Date('2026-12-04T09:00:00Z'), new Date('2026-12-04T08:59:59Z'))).toBeUndefined();
    expect(collapseDueOccurrences('0 9 * * *', 'UTC', new Date('2026-12-04T09:00:00Z'), new Date('2026-12-04T09:00:30Z'))).toEqual({
      latest: new Date('2026-12-04T09:00:00Z'),
      missedCount: 0,
      next: new Date('2026-12-05T09:00:00Z'),
    });
  });

  it('refuses an unknown zone and an expression that is not five-field cron, saying what to write', () => {
    expect(() => validateCron('0 9 * * 1', 'Mars/Olympus')).toThrow(InvalidScheduleError);
    expect(() => validateCron('0 9 * * 1', 'Mars/Olympus')).toThrow(/IANA time zone/);
    expect(() => validateCron('every monday', 'UTC')).toThrow(/five fields/);
    expect(() => validateCron('0 0 9 * * 1', 'UTC')).toThrow(InvalidScheduleError);
  });
});

describe('a very long outage', () => {
  it('stops counting missed occurrences at the limit and still runs once, at the time it was checked', () => {
    const due = collapseDueOccurrences('* * * * *', 'UTC', new Date('2026-12-01T00:00:00Z'), new Date('2026-12-08T00:00:30Z'));
    expect(due).toEqual({ latest: new Date('2026-12-08T00:00:30Z'), missedCount: MISSED_OCCURRENCES_COUNT_LIMIT, next: new Date('2026-12-08T00:01:00Z') });
    expect(SCHEDULE_SENTENCES.catchUp(MISSED_OCCURRENCES_COUNT_LIMIT)).toBe('Catch-up run: the service was down, so at least 1000 earlier occurrences were folded into this one.');
  });
});
