// What the confirmation says before a schedule is saved: the timetable, zone, first day, what and where.
import { describe, expect, it } from 'vitest';
import { describeSchedule } from '../../src/schedules/describe-schedule.js';

const now = new Date('2026-12-03T15:00:00Z');

function say(cron: string, timeZone = 'Europe/Berlin'): string {
  return describeSchedule({ cron, timeZone, what: 'the revenue chart', where: 'in #sales', now });
}

describe('a schedule in plain words', () => {
  it('says the example of the issue word for word', () => {
    expect(say('0 9 * * 1')).toBe('Every Monday at 09:00 Europe/Berlin, starting 7 Dec: the revenue chart, in #sales');
  });

  it('names the common shapes', () => {
    expect(say('30 8 * * 1-5')).toBe('Every weekday at 08:30 Europe/Berlin, starting 4 Dec: the revenue chart, in #sales');
    expect(say('0 9 * * 1#1')).toBe('On the first Monday of every month at 09:00 Europe/Berlin, starting 7 Dec: the revenue chart, in #sales');
    expect(say('0 7 * * 1,4')).toBe('Every Monday and Thursday at 07:00 Europe/Berlin, starting 7 Dec: the revenue chart, in #sales');
    expect(say('0 6 1 * *')).toBe('On day 1 of every month at 06:00 Europe/Berlin, starting 1 Jan: the revenue chart, in #sales');
    expect(say('15 * * * *', 'America/New_York')).toBe('Every hour at minute 15 America/New_York, starting 3 Dec: the revenue chart, in #sales');
    expect(say('* * * * *')).toBe('Every minute Europe/Berlin, starting 3 Dec: the revenue chart, in #sales');
    expect(say('*/15 * * * *')).toBe('Every 15 minutes Europe/Berlin, starting 3 Dec: the revenue chart, in #sales');
    expect(say('0 0 * * 0')).toBe('Every Sunday at 00:00 Europe/Berlin, starting 6 Dec: the revenue chart, in #sales');
  });

  it('quotes an expression it has no sentence for instead of guessing', () => {
    expect(say('0 9-17/2 * * 1-5')).toBe('On the cron schedule "0 9-17/2 * * 1-5" Europe/Berlin, starting 3 Dec: the revenue chart, in #sales');
  });

  it('adds an alert’s condition', () => {
    expect(describeSchedule({ cron: '0 8 * * *', timeZone: 'UTC', what: 'daily signups', where: 'in this thread', condition: 'signups is below 200', now })).toBe(
      'Every day at 08:00 UTC, starting 4 Dec: daily signups when signups is below 200, in this thread',
    );
  });
});
