// A scheduled run on real engines (SQLite warehouse and state store): the stored SQL runs again
// with fresh rows, charts are real PNGs, alerts post once per incident, unchanged reports skip,
// lost access, an owner who is gone and repeated failures pause the schedule and tell the owner once.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { closeSharedChartRenderPool } from '../../src/charts/chart-render-pool.js';
import type { DatabaseAdapter } from '../../src/databases/types.js';
import { silentLogger } from '../../src/logging/logger.js';
import { newSchedule } from './schedule-fixtures.js';
import { openScheduleBench, type ScheduleBench } from './schedule-harness.js';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const REVENUE_CHART = { query_id: 'query_revenue1', chart_type: 'bar', x_axis_key: 'region', x_axis_type: 'category', series: [{ data_key: 'revenue' }], title: 'Revenue by region' };

let bench: ScheduleBench;

beforeEach(async () => {
  bench = await openScheduleBench('2026-12-07T08:00:05Z');
});

afterEach(async () => {
  await bench.close();
  await closeSharedChartRenderPool();
});

function rowsOfPost(index: number) {
  return bench.delivery.posts[index]?.post.results[0]?.rows;
}

describe('a scheduled report', () => {
  it('posts fresh rows each week with a header in the schedule’s zone, a link to its thread and a real PNG', async () => {
    const schedule = newSchedule({ queries: [{ queryId: 'query_revenue1', databaseName: 'warehouse', sql: 'SELECT region, revenue FROM revenue ORDER BY region', chart: REVENUE_CHART }] });
    await bench.store.schedules.createSchedule(schedule);
    await bench.runDue();
    await bench.changeData(`UPDATE revenue SET revenue = 200 WHERE region = 'South'`);
    bench.clock.set('2026-12-14T08:00:03Z');
    await bench.runDue();
    expect(bench.delivery.posts.map((each) => each.post.asOf)).toEqual(['Mon 7 Dec 2026, 09:00 CET (Europe/Berlin)', 'Mon 14 Dec 2026, 09:00 CET (Europe/Berlin)']);
    expect(rowsOfPost(0)).toEqual([['North', 120], ['South', 80]]);
    expect(rowsOfPost(1)).toEqual([['North', 120], ['South', 200]]);
    const first = bench.delivery.posts[0]!.post;
    expect(first).toMatchObject({ kind: 'report', title: 'Revenue by region', sourceLink: schedule.sourceLink, catchUpNote: undefined });
    expect(first.charts).toHaveLength(1);
    expect(first.charts[0]!.png.subarray(0, 8)).toEqual(PNG_SIGNATURE);
    expect(first.charts[0]!.png.length).toBeGreaterThan(2_000);
    const runs = await bench.store.schedules.listScheduleRuns(schedule.scheduleId);
    expect(runs.map((run) => [run.outcome, run.postedMessageId])).toEqual([['posted', 'message-1'], ['posted', 'message-2']]);
  });

  it('says so when a run stands for occurrences missed during downtime', async () => {
    const schedule = newSchedule({ cron: '0 * * * *', nextRunAt: new Date('2026-12-04T08:00:00Z') });
    await bench.store.schedules.createSchedule(schedule);
    await bench.runDue();
    expect(bench.delivery.posts).toHaveLength(1);
    expect(bench.delivery.posts[0]!.post.catchUpNote).toBe('Catch-up run: the service was down, so 72 earlier occurrences were folded into this one.');
    expect(bench.delivery.posts[0]!.post.asOf).toBe('Mon 7 Dec 2026, 09:00 CET (Europe/Berlin)');
  });

  it('skips a run whose rows did not change when set to, and posts again once they do', async () => {
    await bench.store.schedules.createSchedule(newSchedule({ cron: '* * * * *', nextRunAt: new Date('2026-12-07T08:00:00Z'), skipUnchanged: true }));
    await bench.runDue();
    bench.clock.set('2026-12-07T08:01:05Z');
    await bench.runDue();
    await bench.changeData(`INSERT INTO revenue VALUES ('East', 5)`);
    bench.clock.set('2026-12-07T08:02:05Z');
    await bench.runDue();
    expect(bench.delivery.posts.map((each) => each.post.results[0]!.rows.length)).toEqual([2, 3]);
  });
});

describe('a data alert', () => {
  it('posts once while the condition holds for three runs, and again only after it stopped holding once', async () => {
    const schedule = newSchedule({
      title: 'Daily signups below 200',
      cron: '* * * * *',
      nextRunAt: new Date('2026-12-07T08:00:00Z'),
      queries: [{ queryId: 'query_signups1', databaseName: 'warehouse', sql: 'SELECT signups FROM signups ORDER BY day DESC LIMIT 1' }],
      alert: { column: 'signups', operator: '<', value: 200 },
    });
    await bench.store.schedules.createSchedule(schedule);
    const minute = async (iso: string, signups: number) => {
      await bench.changeData(`UPDATE signups SET signups = ${signups}`);
      bench.clock.set(iso);
      await bench.runDue();
    };
    await minute('2026-12-07T08:00:05Z', 250);
    await minute('2026-12-07T08:01:05Z', 150);
    await minute('2026-12-07T08:02:05Z', 140);
    await minute('2026-12-07T08:03:05Z', 130);
    expect(bench.delivery.posts.map((each) => each.post.alertText)).toEqual(['signups is below 200 (now 150)']);
    await minute('2026-12-07T08:04:05Z', 210);
    await minute('2026-12-07T08:05:05Z', 190);
    expect(bench.delivery.posts.map((each) => [each.post.kind, each.post.alertText])).toEqual([
      ['alert', 'signups is below 200 (now 150)'],
      ['alert', 'signups is below 200 (now 190)'],
    ]);
    const outcomes = (await bench.store.schedules.listScheduleRuns(schedule.scheduleId)).map((run) => run.outcome);
    expect(outcomes).toEqual([
      'skipped: the condition does not hold',
      'posted',
      'skipped: the condition still holds',
      'skipped: the condition still holds',
      'skipped: the condition does not hold',
      'posted',
    ]);
  });

  it('posts when a value changed by at least the given percent since the last run', async () => {
    await bench.store.schedules.createSchedule(
      newSchedule({
        cron: '* * * * *',
        nextRunAt: new Date('2026-12-07T08:00:00Z'),
        queries: [{ queryId: 'query_signups1', databaseName: 'warehouse', sql: 'SELECT signups FROM signups' }],
        alert: { column: 'signups', operator: 'changes_by_percent', value: 20 },
      }),
    );
    await bench.runDue();
    await bench.changeData('UPDATE signups SET signups = 260');
    bench.clock.set('2026-12-07T08:01:05Z');
    await bench.runDue();
    await bench.changeData('UPDATE signups SET signups = 100');
    bench.clock.set('2026-12-07T08:02:05Z');
    await bench.runDue();
    expect(bench.delivery.posts.map((each) => each.post.alertText)).toEqual(['signups changed by at least 20% (now 100)']);
  });
});

describe('who a schedule runs as', () => {
  it('pauses and tells the owner once when their access was revoked between runs', async () => {
    const schedule = newSchedule({ cron: '* * * * *', nextRunAt: new Date('2026-12-07T08:00:00Z') });
    await bench.store.schedules.createSchedule(schedule);
    bench.accessRules.push({ databases: ['warehouse'], users: ['owner@example.com'] });
    await bench.runDue();
    bench.accessRules.splice(0, 1, { databases: ['warehouse'], users: ['someone-else@example.com'] });
    bench.clock.set('2026-12-07T08:01:05Z');
    await bench.runDue();
    bench.clock.set('2026-12-07T08:02:05Z');
    await bench.runDue();
    expect(bench.delivery.posts).toHaveLength(1);
    expect(bench.delivery.told.map((each) => each.text)).toEqual([
      'Your schedule "Revenue by region" is paused: you no longer have access to the database "warehouse". Once access is back, resume it.',
    ]);
    expect(await bench.store.schedules.getSchedule(schedule.scheduleId)).toMatchObject({ state: 'paused', pausedReason: 'the owner has no access to warehouse' });
  });

  it('skips and asks the owner to sign in when a federated database has no token for them, never using the shared credential', async () => {
    const credentialsSeen: unknown[] = [];
    const federated: DatabaseAdapter = {
      ...bench.warehouse,
      name: 'warehouse',
      dialect: bench.warehouse.dialect,
      allowsWrites: false,
      allowsFileAccess: false,
      requiresUserCredential: true,
      runQuery: (sql, options) => {
        credentialsSeen.push(options.credential);
        return bench.warehouse.runQuery(sql, options);
      },
      introspect: () => bench.warehouse.introspect(),
      close: async () => undefined,
    };
    const schedule = newSchedule({ cron: '* * * * *', nextRunAt: new Date('2026-12-07T08:00:00Z'), owner: { platform: 'teams', userId: 'aad-owner' } });
    await bench.store.schedules.createSchedule(schedule);
    await bench.runDue({ databases: [federated], credentialFor: async () => undefined });
    expect(credentialsSeen).toEqual([]);
    expect(bench.delivery.posts).toEqual([]);
    expect(bench.delivery.told[0]?.text).toMatch(/runs queries with your own Microsoft account, and your sign-in has expired/);
    bench.clock.set('2026-12-07T08:01:05Z');
    await bench.runDue({ databases: [federated], credentialFor: async (actor) => ({ userName: `${actor.userId}@example.com`, accessToken: 'owner-token' }) });
    expect(credentialsSeen).toEqual([{ userName: 'aad-owner@example.com', accessToken: 'owner-token' }]);
    expect(bench.delivery.posts).toHaveLength(1);
    const audit = await bench.store.listQueryAudit({ threadId: schedule.sourceThreadId });
    expect(audit.at(-1)).toMatchObject({ ranAs: 'aad-owner@example.com', databaseName: 'warehouse', detail: `schedule ${schedule.scheduleId}` });
  });
});

describe('an owner who is gone', () => {
  it('pauses before the query runs, counts no failure, logs it, and still pauses when the owner cannot be told', async () => {
    const schedule = newSchedule();
    await bench.store.schedules.createSchedule(schedule);
    const logged: Array<{ message: string; fields: unknown }> = [];
    const logger = { ...silentLogger, warn: (message: string, fields?: unknown) => void logged.push({ message, fields }) };
    const delivery = {
      ...bench.delivery,
      ownerGoneReason: async () => "the owner's Slack account is deactivated",
      tellOwner: async () => {
        throw new Error('cannot_dm_deactivated_user');
      },
    };
    await bench.runDue({ delivery, logger });
    expect(bench.delivery.posts).toEqual([]);
    expect(await bench.store.schedules.getSchedule(schedule.scheduleId)).toMatchObject({ state: 'paused', pausedReason: "the owner's Slack account is deactivated", consecutiveFailures: 0, failureReported: false });
    expect(logged.map((line) => line.message)).toEqual(['a schedule paused itself', 'the owner of a paused schedule could not be told']);
    expect(logged[0]!.fields).toMatchObject({ scheduleId: schedule.scheduleId, reason: "the owner's Slack account is deactivated" });
  });
});

describe('failures', () => {
  it('tells the owner once per incident and pauses after three failures in a row', async () => {
    const schedule = newSchedule({ cron: '* * * * *', nextRunAt: new Date('2026-12-07T08:00:00Z'), queries: [{ queryId: 'query_gone', databaseName: 'warehouse', sql: 'SELECT region FROM revenue_archive' }] });
    await bench.store.schedules.createSchedule(schedule);
    for (const iso of ['2026-12-07T08:00:05Z', '2026-12-07T08:01:05Z', '2026-12-07T08:02:05Z', '2026-12-07T08:03:05Z']) {
      bench.clock.set(iso);
      await bench.runDue();
    }
    expect(bench.delivery.posts).toEqual([]);
    expect(bench.delivery.told).toHaveLength(2);
    expect(bench.delivery.told[0]!.text).toMatch(/^Your schedule "Revenue by region" failed: .*no such table: revenue_archive.* I will tell you again only if it recovers/);
    expect(bench.delivery.told[1]!.text).toMatch(/^Your schedule "Revenue by region" failed 3 times in a row and is now paused\. The last error: .*revenue_archive/);
    expect(await bench.store.schedules.getSchedule(schedule.scheduleId)).toMatchObject({ state: 'paused', consecutiveFailures: 3 });
    expect((await bench.store.schedules.listScheduleRuns(schedule.scheduleId)).map((run) => run.state)).toEqual(['failed', 'failed', 'failed']);
  });
});
