// A scheduled report and an alert as a run hands them to a channel.
import type { ScheduledPost } from '../../src/schedules/scheduled-post.js';

export function scheduledReport(png: Buffer = Buffer.from('89504e470d0a1a0a', 'hex')): ScheduledPost {
  return {
    kind: 'report',
    scheduleId: 'sched_revenue',
    title: 'Revenue by region',
    asOf: 'Mon 7 Dec 2026, 09:00 CET (Europe/Berlin)',
    sourceLink: 'https://example.slack.com/archives/C_SALES/p1700000000000100',
    results: [{ queryId: 'query_revenue1', columns: [{ name: 'region', type: 'text' }, { name: 'revenue', type: 'integer' }], rows: [['North', 120], ['South', 80]], truncated: false }],
    charts: [{ title: 'Revenue by region', png }],
  };
}

export function scheduledAlert(): ScheduledPost {
  return {
    kind: 'alert',
    scheduleId: 'sched_signups',
    title: 'Daily signups below 200',
    asOf: 'Tue 8 Dec 2026, 08:30 EST (America/New_York)',
    sourceLink: 'https://example.slack.com/archives/C_GROWTH/p1700000000000200',
    catchUpNote: 'Catch-up run: the service was down, so 2 earlier occurrences were folded into this one.',
    alertText: 'signups is below 200 (now 150)',
    results: [{ queryId: 'query_signups1', columns: [{ name: 'day', type: 'date' }, { name: 'signups', type: 'integer' }], rows: [['2026-12-07', 150]], truncated: false }],
    charts: [],
  };
}

/** A story schedule's run: the story with this run's rows of the queries it shows, nothing beside it. */
export function scheduledStory(): ScheduledPost {
  const createdAt = new Date('2026-12-07T08:00:00Z');
  const result = { threadId: '', databaseName: 'warehouse', truncated: false, createdAt };
  return {
    kind: 'report',
    scheduleId: 'sched_weekly_sales',
    title: 'Weekly sales',
    asOf: 'Mon 14 Dec 2026, 09:00 CET (Europe/Berlin)',
    sourceLink: 'https://example.slack.com/archives/C_SALES/p1700000000000100',
    results: [],
    charts: [],
    time: { cron: '0 9 * * 1', timeZone: 'Europe/Berlin' },
    story: {
      storyId: 'weekly-sales',
      version: 2,
      title: 'Weekly sales',
      code: [
        '# Weekly sales',
        'North keeps leading; **South** is catching up after the December campaign.',
        `<chart query_id="query_revenue1" chart_type="bar" x_axis_key="region" series='[{"data_key":"revenue","label":"Revenue"}]' title="Revenue by region" />`,
        '<table query_id="query_signups1" title="Signups" />',
      ].join('\n\n'),
      results: [
        { ...result, queryId: 'query_revenue1', sql: 'SELECT region, revenue FROM revenue', columns: [{ name: 'region', type: 'text' }, { name: 'revenue', type: 'integer' }], rows: [['North', 300], ['South', 180], ['East', 140], ['West', 95]], rowCount: 4 },
        { ...result, queryId: 'query_signups1', sql: 'SELECT day, signups FROM signups', columns: [{ name: 'day', type: 'date' }, { name: 'signups', type: 'integer' }], rows: [['2026-12-12', 380], ['2026-12-13', 410]], rowCount: 2 },
      ],
    },
  };
}
