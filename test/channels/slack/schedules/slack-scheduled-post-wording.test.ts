// Scheduled posts read like answers, through the real Slack Web API client to the local Slack API:
// numbers in the report's table and in an alert's line formatted as an answer formats them, and the
// two runs of an hourly schedule in the repeated autumn hour (02:30 Europe/Berlin on 25 October
// 2026 happens at 00:30Z and again at 01:30Z) told apart by the zone's abbreviation.
import { webApi } from '@slack/bolt';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createSlackScheduleDelivery } from '../../../../src/channels/slack/schedules/slack-schedule-delivery.js';
import { closeSharedChartRenderPool } from '../../../../src/charts/chart-render-pool.js';
import { startFakeSlackApi, type FakeSlackApi } from '../../../fakes/slack-api-server.js';
import { newSchedule } from '../../../schedules/schedule-fixtures.js';
import { openScheduleBench, type ScheduleBench } from '../../../schedules/schedule-harness.js';
import { problemsInCalls } from '../support/block-kit-validator.js';

const THREAD_TS = '1700000000.000100';
const SALES_QUERY = [{ queryId: 'query_sales1', databaseName: 'warehouse', sql: 'SELECT region, revenue FROM sales ORDER BY region' }];

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
  await bench.changeData(`CREATE TABLE sales (region TEXT, revenue REAL);
    INSERT INTO sales VALUES ('North', 4885141.34), ('South', 9197746.89);`);
});

afterEach(async () => {
  await bench.close();
});

function delivery() {
  return createSlackScheduleDelivery(new webApi.WebClient('xoxb-schedule-test', { slackApiUrl: slack.apiUrl, retryConfig: { retries: 0 } }));
}

describe('Slack scheduled posts read like answers', () => {
  it('shows the report table with grouped thousands and money decimals, as an answer does', async () => {
    const schedule = newSchedule({ delivery: { channelId: 'C_WORDING', threadTs: THREAD_TS }, queries: SALES_QUERY });
    await bench.store.schedules.createSchedule(schedule);
    await bench.runDue({ delivery: delivery() });
    const posted = slack.threadMessages('C_WORDING', THREAD_TS);
    expect(posted).toHaveLength(1);
    // A whole result that fits goes as a data_table: the value sorts as a number, the text reads as an answer's.
    expect(posted[0]!.blocks?.[2]).toEqual({
      type: 'data_table',
      caption: 'region, revenue — 2 rows',
      page_size: 2,
      rows: [
        [{ type: 'raw_text', text: 'region' }, { type: 'raw_text', text: 'revenue' }],
        [{ type: 'raw_text', text: 'North' }, { type: 'raw_number', value: 4885141.34, text: '4,885,141.34' }],
        [{ type: 'raw_text', text: 'South' }, { type: 'raw_number', value: 9197746.89, text: '9,197,746.89' }],
      ],
    });
    expect(problemsInCalls(slack.calls)).toEqual([]);
  });

  it("writes an alert's observed value and threshold in the column's format", async () => {
    const schedule = newSchedule({
      title: 'Revenue above ten million',
      delivery: { channelId: 'C_WORDING_ALERT', threadTs: THREAD_TS },
      queries: [{ queryId: 'query_total1', databaseName: 'warehouse', sql: 'SELECT SUM(revenue) AS revenue FROM sales' }],
      alert: { column: 'revenue', operator: '>', value: 10_000_000 },
    });
    await bench.store.schedules.createSchedule(schedule);
    await bench.runDue({ delivery: delivery() });
    const posted = slack.threadMessages('C_WORDING_ALERT', THREAD_TS);
    expect(posted.map((message) => message.text)).toEqual(['Revenue above ten million: revenue is above 10,000,000.00 (now 14,082,888.23)']);
    expect(posted[0]!.blocks?.[2]).toEqual({ type: 'section', text: { type: 'mrkdwn', text: '*Alert:* revenue is above 10,000,000.00 (now 14,082,888.23)' } });
  });

  it('tells the two runs of the repeated autumn hour apart: 02:30 CEST, then 02:30 CET', async () => {
    const schedule = newSchedule({
      cron: '30 * * * *',
      delivery: { channelId: 'C_WORDING_AUTUMN', threadTs: THREAD_TS },
      queries: SALES_QUERY,
      nextRunAt: new Date('2026-10-25T00:30:00Z'),
    });
    await bench.store.schedules.createSchedule(schedule);
    bench.clock.set('2026-10-25T00:30:05Z');
    await bench.runDue({ delivery: delivery() });
    bench.clock.set('2026-10-25T01:30:05Z');
    await bench.runDue({ delivery: delivery() });
    const posted = slack.threadMessages('C_WORDING_AUTUMN', THREAD_TS);
    expect(posted.map((message) => message.text)).toEqual([
      'Revenue by region (as of Sun 25 Oct 2026, 02:30 CEST (Europe/Berlin))',
      'Revenue by region (as of Sun 25 Oct 2026, 02:30 CET (Europe/Berlin))',
    ]);
    expect(posted.map((message) => message.blocks?.[1])).toEqual([
      { type: 'context', elements: [{ type: 'mrkdwn', text: 'as of Sun 25 Oct 2026, 02:30 CEST (Europe/Berlin) · <https://example.slack.com/archives/C_SALES/p1700000000000100|from this thread>' }] },
      { type: 'context', elements: [{ type: 'mrkdwn', text: 'as of Sun 25 Oct 2026, 02:30 CET (Europe/Berlin) · <https://example.slack.com/archives/C_SALES/p1700000000000100|from this thread>' }] },
    ]);
  });
});
