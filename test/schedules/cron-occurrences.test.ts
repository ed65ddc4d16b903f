// Cron in IANA zones across both daylight-saving changes: each local day has exactly one run of a
// daily schedule, never two and never none; downtime collapses into one catch-up run.
import { describe, expect, it } from 'vitest';
import { collapseDueOccurrences, MISSED_OCCURRENCES_COUNT_LIMIT, nextOccurrence, validateCron } from '../../src/schedules/cron-occurrences.js';
import { SCHEDULE_SENTENCES, zoneAbbreviation } from '../../src/schedules/schedule-wording.js';
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

/** Each gap between consecutive runs, in minutes of real time. */
function gapsInMinutes(isoTimes: string[]): number[] {
  return isoTimes.slice(1).map((iso, index) => (Date.parse(iso) - Date.parse(isoTimes[index]!)) / 60_000);
}

/** Each run as the schedule's zone shows it: "02:30 CEST". */
function wallClock(isoTimes: string[], timeZone: string): string[] {
  const time = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  return isoTimes.map((iso) => `${time.format(new Date(iso))} ${zoneAbbreviation(new Date(iso), timeZone)}`);
}

// Interval schedules (every hour, every 30 minutes) follow real time across both changes: one run
// per hour or half hour of elapsed time, none skipped and none doubled. On the spring night the
// wall-clock hour that does not exist (02:00-02:59) simply has no runs: 01:30 is followed by 03:00.
// On the autumn night the repeated hour runs twice, once in summer time and once in winter time,
// because both are real instants an hour apart; the posts' "as of" tell them apart (CEST / CET).
describe('hourly and every-30-minutes schedules across the daylight-saving changes', () => {
  it('Europe/Berlin spring forward (29 March 2026): every real hour and half hour, no 02:xx', () => {
    const hourly = occurrencesBetween('0 * * * *', 'Europe/Berlin', '2026-03-28T23:30:00Z', '2026-03-29T02:00:00Z');
    expect(hourly).toEqual(['2026-03-29T00:00:00.000Z', '2026-03-29T01:00:00.000Z', '2026-03-29T02:00:00.000Z']);
    expect(wallClock(hourly, 'Europe/Berlin')).toEqual(['01:00 CET', '03:00 CEST', '04:00 CEST']);
    const halfHourly = occurrencesBetween('*/30 * * * *', 'Europe/Berlin', '2026-03-28T23:45:00Z', '2026-03-29T01:30:00Z');
    expect(halfHourly).toEqual(['2026-03-29T00:00:00.000Z', '2026-03-29T00:30:00.000Z', '2026-03-29T01:00:00.000Z', '2026-03-29T01:30:00.000Z']);
    expect(wallClock(halfHourly, 'Europe/Berlin')).toEqual(['01:00 CET', '01:30 CET', '03:00 CEST', '03:30 CEST']);
    expect(gapsInMinutes(occurrencesBetween('*/30 * * * *', 'Europe/Berlin', '2026-03-28T12:00:00Z', '2026-03-29T12:00:00Z'))).toEqual(Array(47).fill(30));
    expect(gapsInMinutes(occurrencesBetween('0 * * * *', 'Europe/Berlin', '2026-03-28T12:00:00Z', '2026-03-29T12:00:00Z'))).toEqual(Array(23).fill(60));
  });

  it('Europe/Berlin fall back (25 October 2026): the repeated 02:xx runs once in CEST and once in CET', () => {
    const hourly = occurrencesBetween('0 * * * *', 'Europe/Berlin', '2026-10-24T23:30:00Z', '2026-10-25T02:00:00Z');
    expect(hourly).toEqual(['2026-10-25T00:00:00.000Z', '2026-10-25T01:00:00.000Z', '2026-10-25T02:00:00.000Z']);
    expect(wallClock(hourly, 'Europe/Berlin')).toEqual(['02:00 CEST', '02:00 CET', '03:00 CET']);
    const halfHourly = occurrencesBetween('*/30 * * * *', 'Europe/Berlin', '2026-10-24T23:45:00Z', '2026-10-25T02:00:00Z');
    expect(wallClock(halfHourly, 'Europe/Berlin')).toEqual(['02:00 CEST', '02:30 CEST', '02:00 CET', '02:30 CET', '03:00 CET']);
    expect(halfHourly).toEqual(['2026-10-25T00:00:00.000Z', '2026-10-25T00:30:00.000Z', '2026-10-25T01:00:00.000Z', '2026-10-25T01:30:00.000Z', '2026-10-25T02:00:00.000Z']);
    expect(gapsInMinutes(occurrencesBetween('*/30 * * * *', 'Europe/Berlin', '2026-10-24T12:00:00Z', '2026-10-25T12:00:00Z'))).toEqual(Array(47).fill(30));
    expect(gapsInMinutes(occurrencesBetween('0 * * * *', 'Europe/Berlin', '2026-10-24T12:00:00Z', '2026-10-25T12:00:00Z'))).toEqual(Array(23).fill(60));
  });

  it('America/New_York spring forward (8 March 2026): 01:30 EST is followed by 03:00 EDT', () => {
    const hourly = occurrencesBetween('0 * * * *', 'America/New_York', '2026-03-08T05:30:00Z', '2026-03-08T08:00:00Z');
    expect(hourly).toEqual(['2026-03-08T06:00:00.000Z', '2026-03-08T07:00:00.000Z', '2026-03-08T08:00:00.000Z']);
    expect(wallClock(hourly, 'America/New_York')).toEqual(['01:00 EST', '03:00 EDT', '04:00 EDT']);
    const halfHourly = occurrencesBetween('*/30 * * * *', 'America/New_York', '2026-03-08T05:45:00Z', '2026-03-08T07:30:00Z');
    expect(halfHourly).toEqual(['2026-03-08T06:00:00.000Z', '2026-03-08T06:30:00.000Z', '2026-03-08T07:00:00.000Z', '2026-03-08T07:30:00.000Z']);
    expect(wallClock(halfHourly, 'America/New_York')).toEqual(['01:00 EST', '01:30 EST', '03:00 EDT', '03:30 EDT']);
    expect(gapsInMinutes(occurrencesBetween('*/30 * * * *', 'America/New_York', '2026-03-07T18:00:00Z', '2026-03-08T18:00:00Z'))).toEqual(Array(47).fill(30));
    expect(gapsInMinutes(occurrencesBetween('0 * * * *', 'America/New_York', '2026-03-07T18:00:00Z', '2026-03-08T18:00:00Z'))).toEqual(Array(23).fill(60));
  });

  it('America/New_York fall back (1 November 2026): the repeated 01:xx runs once in EDT and once in EST', () => {
    const hourly = occurrencesBetween('0 * * * *', 'America/New_York', '2026-11-01T04:30:00Z', '2026-11-01T07:00:00Z');
    expect(hourly).toEqual(['2026-11-01T05:00:00.000Z', '2026-11-01T06:00:00.000Z', '2026-11-01T07:00:00.000Z']);
    expect(wallClock(hourly, 'America/New_York')).toEqual(['01:00 EDT', '01:00 EST', '02:00 EST']);
    const halfHourly = occurrencesBetween('*/30 * * * *', 'America/New_York', '2026-11-01T04:45:00Z', '2026-11-01T07:00:00Z');
    expect(halfHourly).toEqual(['2026-11-01T05:00:00.000Z', '2026-11-01T05:30:00.000Z', '2026-11-01T06:00:00.000Z', '2026-11-01T06:30:00.000Z', '2026-11-01T07:00:00.000Z']);
    expect(wallClock(halfHourly, 'America/New_York')).toEqual(['01:00 EDT', '01:30 EDT', '01:00 EST', '01:30 EST', '02:00 EST']);
    expect(gapsInMinutes(occurrencesBetween('*/30 * * * *', 'America/New_York', '2026-10-31T18:00:00Z', '2026-11-01T18:00:00Z'))).toEqual(Array(47).fill(30));
    expect(gapsInMinutes(occurrencesBetween('0 * * * *', 'America/New_York', '2026-10-31T18:00:00Z', '2026-11-01T18:00:00Z'))).toEqual(Array(23).fill(60));
  });

  it('collapses an outage across the autumn change counting every real hour, the repeated one twice', () => {
    // Due since 01:00 CEST, checked at 04:20 CET: 01:00 CEST, 02:00 CEST, 02:00 CET and 03:00 CET were missed; 04:00 CET runs for them.
    const due = collapseDueOccurrences('0 * * * *', 'Europe/Berlin', new Date('2026-10-24T23:00:00Z'), new Date('2026-10-25T03:20:00Z'));
    expect(due).toEqual({ latest: new Date('2026-10-25T03:00:00Z'), missedCount: 4, next: new Date('2026-10-25T04:00:00Z') });
  });
});

describe('a very long outage', () => {
  it('stops counting missed occurrences at the limit and still runs once, at the time it was checked', () => {
    const due = collapseDueOccurrences('* * * * *', 'UTC', new Date('2026-12-01T00:00:00Z'), new Date('2026-12-08T00:00:30Z'));
    expect(due).toEqual({ latest: new Date('2026-12-08T00:00:30Z'), missedCount: MISSED_OCCURRENCES_COUNT_LIMIT, next: new Date('2026-12-08T00:01:00Z') });
    expect(SCHEDULE_SENTENCES.catchUp(MISSED_OCCURRENCES_COUNT_LIMIT)).toBe('Catch-up run: the service was down, so at least 1000 earlier occurrences were folded into this one.');
  });
});
