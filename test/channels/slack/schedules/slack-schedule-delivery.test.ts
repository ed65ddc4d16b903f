// Scheduled runs posted to the local Slack Web API server with the bot token: the report in its
// thread with a real chart PNG uploaded beside it; an archived channel pauses the schedule and the
// owner hears it in a direct message; a deactivated owner pauses it before anything runs.
import { webApi } from '@slack/bolt';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createSlackScheduleDelivery } from '../../../../src/channels/slack/schedules/slack-schedule-delivery.js';
import { closeSharedChartRenderPool } from '../../../../src/charts/chart-render-pool.js';
import { startFakeSlackApi, type FakeSlackApi } from '../../../fakes/slack-api-server.js';
import { newSchedule } from '../../../schedules/schedule-fixtures.js';
import { openScheduleBench, type ScheduleBench } from '../../../schedules/schedule-harness.js';
import { problemsInCalls } from '../support/block-kit-validator.js';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const REVENUE_CHART = { query_id: 'query_revenue1', chart_type: 'bar', x_axis_key: 'region', x_axis_type: 'category', series: [{ data_key: 'revenue' }], title: 'Revenue by region' };

let slack: FakeSlackApi;
let bench: ScheduleBench;

beforeAll(async () => {
  slack = await startFakeSlackApi();
});

afterAll(async () => {
  await slack?.close();
  await closeSharedChartRenderPool();
});

beforeEach(async () => {
  bench = await openScheduleBench('2026-12-07T08:00:05Z');
});

afterEach(async () => {
  await bench.close();
});

function delivery() {
  return createSlackScheduleDelivery(new webApi.WebClient('xoxb-schedule-test', { slackApiUrl: slack.apiUrl, retryConfig: { retries: 0 } }));
}

describe('Slack delivery of scheduled runs', () => {
  it('posts the report into its thread with the bot token and uploads the chart PNG there', async () => {
    const schedule = newSchedule({
      delivery: { channelId: 'C_SALES', threadTs: '1700000000.000100' },
      queries: [{ queryId: 'query_revenue1', databaseName: 'warehouse', sql: 'SELECT region, revenue FROM revenue ORDER BY region', chart: REVENUE_CHART }],
    });
    await bench.store.schedules.createSchedule(schedule);
    await bench.runDue({ delivery: delivery() });
    const posted = slack.threadMessages('C_SALES', '1700000000.000100');
    expect(posted).toHaveLength(1);
    expect(posted[0]!.text).toBe('Revenue by region (as of Mon 7 Dec 2026, 09:00 CET (Europe/Berlin))');
    expect(posted[0]!.blocks?.[0]).toEqual({ type: 'header', text: { type: 'plain_text', text: '📅 Revenue by region' } });
    expect(problemsInCalls(slack.calls)).toEqual([]);
    const upload = slack.files.find((file) => file.filename === `${schedule.scheduleId}-1.png`);
    expect(upload).toMatchObject({ channelId: 'C_SALES', threadTs: '1700000000.000100', title: 'Revenue by region' });
    expect(upload!.bytes.subarray(0, 8)).toEqual(PNG_SIGNATURE);
    expect((await bench.store.schedules.listScheduleRuns(schedule.scheduleId))[0]).toMatchObject({ outcome: 'posted', postedMessageId: posted[0]!.ts });
  });

  it('pauses the schedule and tells the owner in a direct message when the channel was archived', async () => {
    const schedule = newSchedule({ delivery: { channelId: 'C_ARCHIVED' } });
    await bench.store.schedules.createSchedule(schedule);
    slack.failNext('chat.postMessage', { error: 'is_archived' });
    await bench.runDue({ delivery: delivery() });
    expect(slack.messages.filter((message) => message.channel === 'C_ARCHIVED')).toEqual([]);
    const notices = slack.messages.filter((message) => message.channel === 'U_OWNER');
    expect(notices.map((message) => message.text)).toEqual([
      'Your schedule "Revenue by region" is paused: Slack refused to post the scheduled report (is_archived): the channel is archived. Unarchive it or ask in another channel.',
    ]);
    expect(await bench.store.schedules.getSchedule(schedule.scheduleId)).toMatchObject({ state: 'paused' });
  });

  it('a schedule whose owner lost access says so in its thread, once, naming who can resume it, besides the DM', async () => {
    const schedule = newSchedule({ cron: '* * * * *', delivery: { channelId: 'C_ACCESS', threadTs: '1700000000.000300' } });
    await bench.store.schedules.createSchedule(schedule);
    bench.accessRules.push({ databases: ['warehouse'], users: ['someone-else@example.com'] });
    await bench.runDue({ delivery: delivery() });
    bench.clock.set('2026-12-07T08:01:05Z');
    await bench.runDue({ delivery: delivery() });
    expect(await bench.store.schedules.getSchedule(schedule.scheduleId)).toMatchObject({ state: 'paused', pausedReason: 'the owner has no access to warehouse' });
    expect(slack.threadMessages('C_ACCESS', '1700000000.000300').map((message) => message.text)).toEqual([
      '⏸ The schedule "Revenue by region" is paused: the owner has no access to warehouse. Olga Owner (its owner) or an admin can resume it.',
    ]);
    expect(slack.messages.filter((message) => message.channel === 'C_ACCESS' && message.thread_ts === undefined)).toEqual([]);
    expect(slack.messages.filter((message) => message.channel === 'U_OWNER' && message.text.includes('no longer have access')).map((message) => message.text)).toEqual([
      'Your schedule "Revenue by region" is paused: you no longer have access to the database "warehouse". Once access is back, resume it.',
    ]);
  });

  it('a schedule paused after three failures in a row says so in its thread once; the failures before it say nothing there', async () => {
    const schedule = newSchedule({ cron: '* * * * *', delivery: { channelId: 'C_FAILING', threadTs: '1700000000.000400' }, queries: [{ queryId: 'query_gone', databaseName: 'warehouse', sql: 'SELECT region FROM revenue_archive' }] });
    await bench.store.schedules.createSchedule(schedule);
    for (const iso of ['2026-12-07T08:00:05Z', '2026-12-07T08:01:05Z', '2026-12-07T08:02:05Z', '2026-12-07T08:03:05Z']) {
      bench.clock.set(iso);
      await bench.runDue({ delivery: delivery() });
    }
    expect(await bench.store.schedules.getSchedule(schedule.scheduleId)).toMatchObject({ state: 'paused', consecutiveFailures: 3 });
    expect(slack.threadMessages('C_FAILING', '1700000000.000400').map((message) => message.text)).toEqual([
      '⏸ The schedule "Revenue by region" is paused: it failed 3 times in a row. Olga Owner (its owner) or an admin can resume it.',
    ]);
  });

  it('pauses the schedule before it runs when users.info says the owner is deactivated: nothing posted, no failure counted', async () => {
    slack.addUser({ id: 'U_GONE', name: 'gone', deleted: true });
    const schedule = newSchedule({ owner: { platform: 'slack', userId: 'U_GONE', displayName: 'Gus Gone' }, delivery: { channelId: 'C_GONE' } });
    await bench.store.schedules.createSchedule(schedule);
    await bench.runDue({ delivery: delivery() });
    // No report; where it would have gone, one line says why the posts stopped and who can resume it.
    expect(slack.messages.filter((message) => message.channel === 'C_GONE').map((message) => message.text)).toEqual([
      '⏸ The schedule "Revenue by region" is paused: the owner\'s Slack account is deactivated. Gus Gone (its owner) or an admin can resume it.',
    ]);
    expect(await bench.store.schedules.getSchedule(schedule.scheduleId)).toMatchObject({ state: 'paused', pausedReason: "the owner's Slack account is deactivated", consecutiveFailures: 0 });
    expect((await bench.store.schedules.listScheduleRuns(schedule.scheduleId))[0]).toMatchObject({ state: 'done', outcome: "paused: the owner's Slack account is deactivated" });
    expect(slack.messages.filter((message) => message.channel === 'U_GONE').map((message) => message.text)).toEqual([
      'Your schedule "Revenue by region" is paused: the owner\'s Slack account is deactivated. Resume it once that is fixed.',
    ]);
  });
});
