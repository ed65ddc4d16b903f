// Schedules for tests, and a fixed clock a test moves by hand.
import type { NewSchedule } from '../../src/store/schedule-types.js';

let scheduleCounter = 0;

export function newSchedule(overrides: Partial<NewSchedule> = {}): NewSchedule {
  scheduleCounter += 1;
  return {
    scheduleId: `schedule_${process.pid}_${scheduleCounter}_${Math.random().toString(36).slice(2, 8)}`,
    title: 'Revenue by region',
    owner: { platform: 'slack', userId: 'U_OWNER', email: 'owner@example.com', displayName: 'Olga Owner', channelId: 'C_SALES', teamId: 'T1' },
    sourceThreadId: 'slack:C_SALES:1700000000.000100',
    sourceLink: 'https://example.slack.com/archives/C_SALES/p1700000000000100',
    cron: '0 9 * * 1',
    timeZone: 'Europe/Berlin',
    queries: [{ queryId: 'query_revenue1', databaseName: 'warehouse', sql: 'SELECT region, revenue FROM revenue ORDER BY region' }],
    delivery: { channelId: 'C_SALES', threadTs: '1700000000.000100' },
    skipUnchanged: false,
    nextRunAt: new Date('2026-12-07T08:00:00Z'),
    createdAt: new Date('2026-12-03T10:00:00Z'),
    ...overrides,
  };
}

export interface ManualClock {
  (): Date;
  set(iso: string | Date): void;
  advance(milliseconds: number): void;
}

export function manualClock(startIso: string): ManualClock {
  let now = new Date(startIso);
  const clock = (() => new Date(now)) as ManualClock;
  clock.set = (iso) => {
    now = new Date(iso);
  };
  clock.advance = (milliseconds) => {
    now = new Date(now.getTime() + milliseconds);
  };
  return clock;
}

let idCounter = 0;

export function sequentialIds(prefix = ''): (kind: string) => string {
  return (kind) => {
    idCounter += 1;
    return `${kind}${prefix}${process.pid}_${idCounter}`;
  };
}
