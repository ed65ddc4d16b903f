// A story schedule posted to the local Slack Web API server with the bot token: each run re-runs
// the story's queries on DuckDB, draws the story again and posts it under the scheduled header, its
// chart an image block of an unshared upload. The data changes between two runs: the second post
// carries the new numbers and a new chart.
import { webApi } from '@slack/bolt';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createSlackScheduleDelivery } from '../../../../src/channels/slack/schedules/slack-schedule-delivery.js';
import { closeSharedChartRenderPool } from '../../../../src/charts/chart-render-pool.js';
import { startFakeSlackApi, type FakeSlackApi } from '../../../fakes/slack-api-server.js';
import { openScheduleBench, type ScheduleBench } from '../../../schedules/schedule-harness.js';
import { createDuckDbWarehouse, runWithWarehouse, storySchedule, type DuckDbWarehouse } from '../../../schedules/story-schedule-fixtures.js';
import { problemsInCalls } from '../support/block-kit-validator.js';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const THREAD_TS = '1700000000.000100';
const OTHER_THREAD_TS = '1700000000.000200';
const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

let slack: FakeSlackApi;
let bench: ScheduleBench;
let warehouse: DuckDbWarehouse;

beforeAll(async () => {
  slack = await startFakeSlackApi();
});

afterAll(async () => {
  await slack?.close();
  await closeSharedChartRenderPool();
});

beforeEach(async () => {
  bench = await openScheduleBench('2026-12-07T08:00:05Z');
  warehouse = await createDuckDbWarehouse();
});

afterEach(async () => {
  await bench.close();
  await warehouse.close();
});

function delivery() {
  return createSlackScheduleDelivery(new webApi.WebClient('xoxb-schedule-test', { slackApiUrl: slack.apiUrl, retryConfig: { retries: 0 } }));
}

type Block = { type: string; text?: { text?: string }; slack_file?: { id: string }; title?: { text: string }; rows?: Array<Array<{ text?: string; elements?: unknown }>> };

function tableCells(blocks: Block[]): string {
  return JSON.stringify(blocks.filter((block) => block.type === 'table'));
}

describe('Slack delivery of a story schedule', () => {
  it('posts the story twice with the numbers of each run: header, the story text, its chart inline and its table', async () => {
    const schedule = storySchedule({ delivery: { channelId: 'C_SALES', threadTs: THREAD_TS } });
    await bench.store.schedules.createSchedule(schedule);
    await runWithWarehouse(warehouse, (databases) => bench.runDue({ databases, delivery: delivery() }));
    await warehouse.change(["UPDATE revenue SET revenue = 300 WHERE region = 'North'", "INSERT INTO signups VALUES ('2026-12-13', 410)"]);
    bench.clock.advance(WEEK_MS);
    await runWithWarehouse(warehouse, (databases) => bench.runDue({ databases, delivery: delivery() }));

    const posted = slack.threadMessages('C_SALES', THREAD_TS);
    expect(posted).toHaveLength(2);
    expect(problemsInCalls(slack.calls)).toEqual([]);
    const [first, second] = posted.map((message) => message.blocks as Block[]);
    expect(first![0]).toEqual({ type: 'header', text: { type: 'plain_text', text: '📅 Weekly sales' } });
    expect(JSON.stringify(first![1])).toContain('as of Mon 7 Dec 2026, 09:00 CET (Europe/Berlin) · story v2');
    expect(JSON.stringify(second![1])).toContain('as of Mon 14 Dec 2026, 09:00 CET (Europe/Berlin) · story v2');
    // The story's own title heading is not repeated under the header; its text is.
    expect(JSON.stringify(first)).toContain('Revenue by region, and the signups of the last day.');
    expect(JSON.stringify(first)).not.toContain('# Weekly sales');

    expect(tableCells(first!)).toContain('250');
    expect(tableCells(first!)).not.toContain('410');
    expect(tableCells(second!)).toContain('410');

    const images = [first!, second!].map((blocks) => blocks.find((block) => block.type === 'image'));
    expect(images.map((image) => image?.title?.text)).toEqual(['Revenue by region', 'Revenue by region']);
    const charts = images.map((image) => slack.files.find((file) => file.fileId === image!.slack_file!.id)!);
    // Uploaded without being shared anywhere: the image block shows them.
    expect(charts.map((chart) => chart.channelId)).toEqual([undefined, undefined]);
    expect(charts[0]!.bytes.subarray(0, 8)).toEqual(PNG_SIGNATURE);
    expect(charts[1]!.bytes.equals(charts[0]!.bytes)).toBe(false);
    expect(first!.at(-1)).toMatchObject({ type: 'actions' });

    const runs = await bench.store.schedules.listScheduleRuns(schedule.scheduleId);
    expect(runs.map((run) => run.outcome)).toEqual(['posted', 'posted']);
  });

  it('skips the post when set to skip unchanged and none of the story\'s results changed, and posts when one did', async () => {
    const schedule = storySchedule({ skipUnchanged: true, delivery: { channelId: 'C_SALES', threadTs: OTHER_THREAD_TS } });
    await bench.store.schedules.createSchedule(schedule);
    await runWithWarehouse(warehouse, (databases) => bench.runDue({ databases, delivery: delivery() }));
    bench.clock.advance(WEEK_MS);
    await runWithWarehouse(warehouse, (databases) => bench.runDue({ databases, delivery: delivery() }));
    // Only the table's query changes: the chart's rows are the same.
    await warehouse.change(["INSERT INTO signups VALUES ('2026-12-20', 99)"]);
    bench.clock.advance(WEEK_MS);
    await runWithWarehouse(warehouse, (databases) => bench.runDue({ databases, delivery: delivery() }));
    const runs = await bench.store.schedules.listScheduleRuns(schedule.scheduleId);
    expect(runs.map((run) => run.outcome)).toEqual(['posted', 'skipped: unchanged', 'posted']);
    expect(slack.threadMessages('C_SALES', OTHER_THREAD_TS)).toHaveLength(2);
  });
});
