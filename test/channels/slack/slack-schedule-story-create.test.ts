// A story schedule made from a Slack thread, end to end: the real engine and store, the scripted
// model behind the local OpenAI-compatible server, real Bolt over HTTP against the local Slack Web
// API. The model writes a story in the thread; "post this story every minute" → the model calls
// schedule with the story → the confirmation names the story and its version → Confirm → the
// scheduler (on a manual clock) re-runs the story's query on the data as it is then and posts the
// story with a real PNG chart; "list my schedules" names the schedule by its story.
import { join } from 'node:path';
import { webApi } from '@slack/bolt';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Application } from '../../../src/application.js';
import type { StorySource } from '../../../src/channels/story-source.js';
import { createSlackScheduleDelivery } from '../../../src/channels/slack/schedules/slack-schedule-delivery.js';
import { closeSharedChartRenderPool } from '../../../src/charts/chart-render-pool.js';
import { createLogger } from '../../../src/logging/logger.js';
import { createServerScheduleRunner } from '../../../src/schedules/server-schedule-runner.js';
import { firstQueryIdIn, toolResultsIn } from '../../fakes/openai-server.js';
import { startFakeSlackApi, type FakeSlackApi, type FakeSlackMessage } from '../../fakes/slack-api-server.js';
import { createDuckDbFile } from '../../support/duckdb-fixture.js';
import { SCRIPTED_MODEL } from '../../support/e2e-workspace.js';
import { manualClock, sequentialIds } from '../../schedules/schedule-fixtures.js';
import { problemsInCalls } from './support/block-kit-validator.js';
import { startEngineFixture, type EngineFixture } from './support/engine-fixture.js';
import { startSlackHarness, type SlackHarness } from './support/slack-harness.js';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const SALES_SQL = 'SELECT region, SUM(amount) AS total FROM sales GROUP BY region ORDER BY region';
const CHANNEL = 'CSTORYSCHED';
const THREAD_TS = '3001.1';

type Block = Record<string, unknown> & { type: string; block_id?: string; slack_file?: { id: string }; title?: { text: string } };

let fixture: EngineFixture;
let application: Application;
let slack: FakeSlackApi;
let harness: SlackHarness;

// Reads the current application's store: the story posted in the thread is drawn from it.
const stories: StorySource = {
  getQueryResult: (threadId, queryId) => application.store.getQueryResult(threadId, queryId),
  getStoryVersion: (threadId, slug, version) => application.store.stories.getStoryVersion(threadId, slug, version),
  listStoryVersions: (threadId, slug) => application.store.stories.listStoryVersions(threadId, slug),
};

beforeAll(async () => {
  fixture = await startEngineFixture({ databases: [{ name: 'shop', type: 'duckdb', path: 'shop.duckdb' }], agent: { model: SCRIPTED_MODEL }, schedules: { default_timezone: 'Europe/Berlin' } });
});

afterAll(async () => {
  await closeSharedChartRenderPool();
  await fixture.close();
});

beforeEach(async () => {
  slack = await startFakeSlackApi();
  slack.addUser({ id: 'UANA', name: 'ana', email: 'ana@example.com', tz: 'Europe/Berlin' });
  application = await fixture.open();
  harness = await startSlackHarness({ handler: application.engine, slack, scheduleProposals: application.scheduleProposals, getQueryResult: stories.getQueryResult, stories });
});

afterEach(async () => {
  expect(problemsInCalls(slack.calls)).toEqual([]);
  expect(fixture.model.pending()).toBe(0);
  await harness.close();
  await application.close();
  await slack.close();
});

const blocksOf = (message: FakeSlackMessage) => (message.blocks ?? []) as Block[];

function storyCode(queryId: string): string {
  return [
    '# Weekly sales',
    'Sales by region, refreshed.',
    `<chart query_id="${queryId}" chart_type="bar" x_axis_key="region" x_axis_type="category" data_key="total" title="Sales by region" />`,
    `<table query_id="${queryId}" title="Totals" />`,
  ].join('\n');
}

describe('Slack: a story schedule made from the thread', () => {
  it('story in the thread → confirmation naming the story → Confirm → the run posts the story with fresh rows and a PNG chart', async () => {
    fixture.model.enqueue(
      { toolCalls: [{ name: 'execute_sql', arguments: { sql_query: SALES_SQL } }] },
      (request) => ({ toolCalls: [{ name: 'story', arguments: { action: 'create', id: 'weekly-sales', title: 'Weekly sales', code: storyCode(firstQueryIdIn(request)!) } }] }),
      { text: 'The story is above.' },
    );
    await harness.sendEvent({ user: 'UANA', text: '<@UBOT> write a sales story', channel: CHANNEL, ts: THREAD_TS });
    await slack.waitFor(() => slack.threadMessages(CHANNEL, THREAD_TS).find((message) => JSON.stringify(message).includes('The story is above.')));

    fixture.model.enqueue({ toolCalls: [{ name: 'schedule', arguments: { story: { story_id: 'weekly-sales' }, cron: '* * * * *', title: 'weekly-sales' } }] }, { text: 'Confirm it below and it starts.' });
    await harness.sendEvent({ user: 'UANA', text: '<@UBOT> post this story every minute', channel: CHANNEL, ts: '3001.2', thread_ts: THREAD_TS });
    const confirmation = structuredClone(
      await slack.waitFor(() => slack.threadMessages(CHANNEL, THREAD_TS).find((message) => blocksOf(message).some((block) => String(block.block_id ?? '').startsWith('datathread_schedule_proposal_')))),
    );
    expect(JSON.stringify(confirmation.blocks)).toMatch(/Every minute Europe\/Berlin, starting \d+ \w+: the Weekly sales story \(v1\), in this thread/);
    expect(await application.store.schedules.listSchedules()).toEqual([]);

    expect((await harness.click(confirmation, 'datathread_schedule_confirm', 'UANA')).status).toBe(200);
    await slack.waitFor(() => slack.threadMessages(CHANNEL, THREAD_TS).find((each) => each.ts === confirmation.ts && JSON.stringify(each.blocks).includes('→ Scheduled: Every minute Europe/Berlin')));
    const [schedule] = await application.store.schedules.listSchedules();
    expect(schedule).toMatchObject({ title: 'weekly-sales', story: { storyId: 'weekly-sales', version: 1, title: 'Weekly sales' }, delivery: { channelId: CHANNEL, threadTs: THREAD_TS } });
    expect(schedule!.queries).toEqual([{ queryId: expect.stringMatching(/^query_/), databaseName: 'shop', sql: SALES_SQL }]);

    // The data changes after the story was written: the scheduled post shows the rows as they are at the run.
    const shop = application.databases.find((database) => database.name === 'shop')!;
    await shop.close();
    await createDuckDbFile(join(fixture.directory, 'shop.duckdb'), ["INSERT INTO sales VALUES ('South', 450)"]);
    const runner = createServerScheduleRunner({
      store: application.store,
      databases: application.databases,
      config: application.config,
      groupMembership: application.groupMembership,
      deliveries: { slack: createSlackScheduleDelivery(new webApi.WebClient('xoxb-test-bot-token', { slackApiUrl: slack.apiUrl, retryConfig: { retries: 0 } })) },
      clock: manualClock(schedule!.nextRunAt.toISOString()),
      createId: sequentialIds('_slack_story_create'),
      logger: createLogger({ level: 'error', write: () => undefined }),
    });
    await runner.tick();
    const posts = slack.threadMessages(CHANNEL, THREAD_TS).filter((message) => blocksOf(message)[0]?.type === 'header' && JSON.stringify(blocksOf(message)[0]).includes('📅 weekly-sales'));
    expect(posts).toHaveLength(1);
    const blocks = blocksOf(posts[0]!);
    // The schedule's title (the story's id, as the model gave it) is another: the story is named beside the "as of" time.
    expect(JSON.stringify(blocks[1])).toMatch(/as of .+ CET \(Europe\/Berlin\) · story “Weekly sales” v1/);
    expect(JSON.stringify(blocks)).toContain('Sales by region, refreshed.');
    const table = JSON.stringify(blocks.filter((block) => block.type === 'table'));
    expect(table).toContain('"500"');
    expect(table).not.toContain('"50"');
    const image = blocks.find((block) => block.type === 'image');
    expect(image?.title?.text).toBe('Sales by region');
    const chart = slack.files.find((file) => file.fileId === image!.slack_file!.id)!;
    expect(chart.bytes.subarray(0, 8)).toEqual(PNG_SIGNATURE);
    expect((await application.store.schedules.listScheduleRuns(schedule!.scheduleId)).map((run) => run.outcome)).toEqual(['posted']);

    // "list my schedules": the model is given the schedule by its story, not by the title it gave it.
    fixture.model.enqueue({ toolCalls: [{ name: 'list_schedules', arguments: {} }] }, { text: 'You have one schedule.' });
    await harness.sendEvent({ user: 'UANA', text: '<@UBOT> list my schedules', channel: CHANNEL, ts: '3001.3', thread_ts: THREAD_TS });
    await slack.waitFor(() => slack.threadMessages(CHANNEL, THREAD_TS).find((message) => JSON.stringify(message).includes('You have one schedule.')));
    expect(toolResultsIn(fixture.model.requests.at(-1)!).at(-1)).toContain(`- ${schedule!.scheduleId} | story “Weekly sales” v1 | Every minute Europe/Berlin | active, next run`);
  });
});
