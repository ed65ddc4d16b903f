// A story schedule made from a Teams channel thread, end to end: the real engine and store, the
// scripted model, the Agents SDK over HTTP against the local Bot Connector. The model writes a story
// in the thread; "post this story every minute" → the model calls schedule with the story → the
// confirmation card names the story and its version → Confirm → the scheduler (on a manual clock)
// re-runs the story's query on the data as it is then and posts the story card proactively into the
// thread with a real PNG chart; "list my schedules" names the schedule by its story.
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { closeSharedChartRenderPool } from '../../../src/charts/chart-render-pool.js';
import { createLogger } from '../../../src/logging/logger.js';
import { createServerScheduleRunner } from '../../../src/schedules/server-schedule-runner.js';
import { startFakeBotConnector, type FakeBotConnector, type RecordedConnectorCall } from '../../fakes/bot-connector-server.js';
import { firstQueryIdIn, toolResultsIn, type FakeOpenAI } from '../../fakes/openai-server.js';
import { manualClock, sequentialIds } from '../../schedules/schedule-fixtures.js';
import { createDuckDbFile } from '../../support/duckdb-fixture.js';
import { createE2eWorkspace, SCRIPTED_MODEL, type E2eWorkspace } from '../../support/e2e-workspace.js';
import { attachmentProblemsIn } from './adaptive-card-validation.js';
import { startTeamsBot, stopTeamsBot, type RunningTeamsBot } from './support/teams-bot.js';
import { ADA, CHANNEL_ID, channelCardClick, channelMention, channelThreadReply, postActivity } from './teams-activities.js';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const SALES_SQL = 'SELECT region, SUM(amount) AS total FROM orders GROUP BY region ORDER BY region';
const ROOT_ID = '1772470000001';
const THREAD = `${CHANNEL_ID};messageid=${ROOT_ID}`;

let workspace: E2eWorkspace;
let fakeModel: FakeOpenAI;
let connector: FakeBotConnector;
let bot: RunningTeamsBot;

beforeAll(async () => {
  workspace = await createE2eWorkspace({
    prefix: 'teams-schedule-story-create',
    duckdb: ['CREATE TABLE orders (region VARCHAR, amount INTEGER)', "INSERT INTO orders VALUES ('North', 300), ('South', 50)"],
    config: { databases: [{ name: 'shop', type: 'duckdb', path: 'shop.duckdb' }], agent: { model: SCRIPTED_MODEL }, schedules: { default_timezone: 'Europe/Berlin' } },
  });
  fakeModel = workspace.fakeModel;
  connector = await startFakeBotConnector();
  bot = await startTeamsBot(workspace.variables, { streamPersonalChats: false, checkClickAccess: true });
});

afterEach(async () => {
  expect(await attachmentProblemsIn(connector.messages())).toEqual([]);
  expect(fakeModel.pending()).toBe(0);
});

afterAll(async () => {
  await stopTeamsBot(bot);
  await closeSharedChartRenderPool();
  await connector.close();
  await workspace.close();
});

// A Table's `columns` are width definitions without items; a ColumnSet's hold the elements.
type CardElement = { type: string; text?: string; url?: string; items?: CardElement[]; columns?: Array<{ items?: CardElement[] }>; rows?: Array<{ cells: Array<{ items: CardElement[] }> }> };
type Card = { body: CardElement[]; actions?: Array<{ type: string; title: string; data: Record<string, unknown> }> };

function cardOf(call: RecordedConnectorCall): Card | undefined {
  const attachment = (call.activity.attachments as Array<{ content: unknown }> | undefined)?.[0];
  return attachment?.content as Card | undefined;
}

/** Every element of a card, nested ones included (containers, columns, table cells). */
function elementsOf(elements: CardElement[]): CardElement[] {
  return elements.flatMap((element) => [
    element,
    ...elementsOf(element.items ?? []),
    ...elementsOf((element.columns ?? []).flatMap((column) => column.items ?? [])),
    ...elementsOf((element.rows ?? []).flatMap((row) => row.cells.flatMap((cell) => cell.items))),
  ]);
}

function storyCode(queryId: string): string {
  return [
    '# Weekly sales',
    'Sales by region, refreshed.',
    `<chart query_id="${queryId}" chart_type="bar" x_axis_key="region" x_axis_type="category" data_key="total" title="Sales by region" />`,
    `<table query_id="${queryId}" title="Totals" />`,
  ].join('\n');
}

describe('Teams: a story schedule made from the thread', () => {
  it('story in the thread → confirmation card naming the story → Confirm → the run posts the story card with fresh rows and a PNG chart', async () => {
    fakeModel.enqueue(
      { toolCalls: [{ name: 'execute_sql', arguments: { sql_query: SALES_SQL } }] },
      (request) => ({ toolCalls: [{ name: 'story', arguments: { action: 'create', id: 'weekly-sales', title: 'Weekly sales', code: storyCode(firstQueryIdIn(request)!) } }] }),
      { text: 'The story is above.' },
    );
    expect((await postActivity(bot.baseUrl, channelMention(connector.url, ROOT_ID, 'write a sales story', ADA))).status).toBe(200);
    await bot.channel.idle();

    fakeModel.enqueue({ toolCalls: [{ name: 'schedule', arguments: { story: { story_id: 'weekly-sales' }, cron: '* * * * *', title: 'weekly-sales' } }] }, { text: 'Confirm it below and it starts.' });
    const reply = { ...channelThreadReply(connector.url, '1772470000002', ROOT_ID, 'post this story every minute', ADA), localTimezone: 'Europe/London' };
    expect((await postActivity(bot.baseUrl, reply)).status).toBe(200);
    await bot.channel.idle();
    const call = connector.messages().find((each) => each.conversationId === THREAD && cardOf(each)?.body[0]?.text?.startsWith('📅 **Schedule this?**'));
    expect(call).toBeDefined();
    const card = cardOf(call!)!;
    expect(card.body[0]?.text).toMatch(/^📅 \*\*Schedule this\?\*\* Every minute Europe\/London, starting \d+ \w+: the Weekly sales story \(v1\), in this thread$/);
    expect(await bot.application.store.schedules.listSchedules()).toEqual([]);

    const proposalId = String(card.actions?.[0]?.data.proposalId);
    expect((await postActivity(bot.baseUrl, channelCardClick(connector.url, '1772470000003', ROOT_ID, call!.assignedId!, { datathread: 'schedule_confirm', proposalId }, ADA))).status).toBe(200);
    await bot.channel.idle();
    const [schedule] = await bot.application.store.schedules.listSchedules();
    expect(schedule).toMatchObject({ title: 'weekly-sales', timeZone: 'Europe/London', story: { storyId: 'weekly-sales', version: 1, title: 'Weekly sales' }, owner: { platform: 'teams', userId: ADA.aadObjectId } });
    expect(schedule!.queries).toEqual([{ queryId: expect.stringMatching(/^query_/), databaseName: 'shop', sql: SALES_SQL }]);

    // The data changes after the story was written: the scheduled post shows the rows as they are at the run.
    const shop = bot.application.databases.find((database) => database.name === 'shop')!;
    await shop.close();
    await createDuckDbFile(join(workspace.directory, 'shop.duckdb'), ["INSERT INTO orders VALUES ('South', 450)"]);
    const runner = createServerScheduleRunner({
      store: bot.application.store,
      databases: bot.application.databases,
      config: bot.application.config,
      groupMembership: bot.application.groupMembership,
      deliveries: { teams: bot.channel.scheduleDelivery },
      clock: manualClock(schedule!.nextRunAt.toISOString()),
      createId: sequentialIds('_teams_story_create'),
      logger: createLogger({ level: 'error', write: () => undefined }),
    });
    const beforeRun = connector.messages().length;
    await runner.tick();
    const posts = connector.messages().slice(beforeRun);
    expect(posts).toHaveLength(1);
    expect(posts[0]!.conversationId).toBe(THREAD);
    const posted = cardOf(posts[0]!)!;
    expect(posted.body[0]?.text).toBe('📅 weekly-sales');
    // The schedule's title (the story's id, as the model gave it) is another: the story is named beside the "as of" time.
    expect(posted.body[1]?.text).toMatch(/^as of .+ \(Europe\/London\) · story “Weekly sales” v1/);
    const elements = elementsOf(posted.body);
    const texts = elements.flatMap((element) => (element.text === undefined ? [] : [element.text]));
    expect(texts).toContain('Sales by region, refreshed.');
    expect(texts).toEqual(expect.arrayContaining(['North', '300', 'South', '500']));
    expect(texts).not.toContain('50');
    const images = elements.filter((element) => element.type === 'Image');
    expect(images).toHaveLength(1);
    const png = Buffer.from(images[0]!.url!.replace(/^data:image\/png;base64,/, ''), 'base64');
    expect(png.subarray(0, 8)).toEqual(PNG_SIGNATURE);
    expect((await bot.application.store.schedules.listScheduleRuns(schedule!.scheduleId)).map((run) => run.outcome)).toEqual(['posted']);

    // "list my schedules": the model is given the schedule by its story, not by the title it gave it.
    fakeModel.enqueue({ toolCalls: [{ name: 'list_schedules', arguments: {} }] }, { text: 'You have one schedule.' });
    expect((await postActivity(bot.baseUrl, channelThreadReply(connector.url, '1772470000004', ROOT_ID, 'list my schedules', ADA))).status).toBe(200);
    await bot.channel.idle();
    expect(toolResultsIn(fakeModel.requests.at(-1)!).at(-1)).toContain(`- ${schedule!.scheduleId} | story “Weekly sales” v1 | Every minute Europe/London | active, next run`);
  });
});
