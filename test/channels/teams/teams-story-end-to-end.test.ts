// Stories in Teams, end to end: Activity JSON posted to /api/messages (local mode), the real engine
// with the story tool, the scripted OpenAI-compatible server, a DuckDB file, the SQLite state store
// and the fake Bot Framework connector. The model runs two queries and creates a story with two
// charts in a grid and a table; after a restart it updates the story; after another restart the
// Versions button still lists both versions and Re-post v1 posts version 1 again.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CARD_BUDGET_CHARACTERS } from '../../../src/channels/teams/render/message-budget.js';
import { startFakeBotConnector, type FakeBotConnector, type RecordedConnectorCall } from '../../fakes/bot-connector-server.js';
import { type FakeOpenAI, queryIdsIn } from '../../fakes/openai-server.js';
import { createE2eWorkspace, type E2eWorkspace } from '../../support/e2e-workspace.js';
import { startTeamsBot, stopTeamsBot, type RunningTeamsBot } from './support/teams-bot.js';
import { adaptiveCardProblems } from './adaptive-card-validation.js';
import { CHANNEL_ID, GRACE, channelCardClick, channelMention, channelThreadReply, postActivity } from './teams-activities.js';

interface CardElementJson {
  type: string;
  text?: string;
  url?: string;
  altText?: string;
  items?: CardElementJson[];
  columns?: Array<{ width?: unknown; items: CardElementJson[] }>;
  rows?: Array<{ cells: Array<{ items: CardElementJson[] }> }>;
}

interface CardContent {
  body: CardElementJson[];
  actions?: Array<{ title: string; data: unknown }>;
}

const ROOT_ID = 'story-root-1';
const THREAD = `${CHANNEL_ID};messageid=${ROOT_ID}`;
const V1_SUMMARY = 'Created "Sales review" with 2 charts and 1 table.';
const V2_SUMMARY = 'Replaced "North sells the most." with "North sells the most; South trails.".';

let workspace: E2eWorkspace;
let fakeModel: FakeOpenAI;
let connector: FakeBotConnector;
let variables: Record<string, string>;
let running: RunningTeamsBot | undefined;
const everyCard: unknown[] = [];
let v1CardId = '';
let v2CardId = '';

async function startBot() {
  running = await startTeamsBot(variables);
  return running;
}

async function stopBot() {
  await stopTeamsBot(running);
  running = undefined;
}

function cardsOf(call: RecordedConnectorCall | undefined): CardContent[] {
  return ((call?.activity.attachments as Array<{ content: CardContent }> | undefined) ?? []).map((attachment) => attachment.content);
}

function texts(card: CardContent | undefined): string[] {
  const collect = (elements: CardElementJson[]): string[] =>
    elements.flatMap((element) => [
      ...(element.text !== undefined ? [element.text] : []),
      ...(element.type === 'ColumnSet' ? (element.columns ?? []) : []).flatMap((column) => collect(column.items)),
      ...(element.items ?? []).flatMap((item) => collect([item])),
      ...(element.rows ?? []).flatMap((row) => row.cells.flatMap((cell) => collect(cell.items))),
    ]);
  return collect(card?.body ?? []);
}

function storyCode(byRegion: string, byMonth: string): string {
  return [
    '# Sales review',
    '',
    'North sells the most.',
    '',
    '<grid widths="2,1">',
    `<chart query_id="${byRegion}" chart_type="bar" x_axis_key="region" series='[{"data_key":"total"}]' title="Sales by region" />`,
    `<chart query_id="${byMonth}" chart_type="line" x_axis_key="month" x_axis_type="date" data_key="total" title="Sales by month" />`,
    '</grid>',
    '',
    `<table query_id="${byRegion}" title="Sales per region" />`,
  ].join('\n');
}

/** The story card's shape: header, text, one ColumnSet with both charts (widths 2,1), the table. */
function expectStoryCard(card: CardContent | undefined, version: number, summary: string, sentence: string) {
  expect(card?.body[0]).toEqual({ type: 'TextBlock', text: 'Sales review', wrap: true, size: 'Large', weight: 'Bolder' });
  expect(card?.body[1]?.text).toBe(`Version ${version} · ${summary}`);
  expect(texts(card)).toContain(sentence);
  const grid = card?.body.find((element) => element.type === 'ColumnSet');
  expect(grid?.columns?.map((column) => column.width)).toEqual([2, 1]);
  // Each chart draws its own title: the card names it once, in the alt text, not again above it.
  expect(grid?.columns?.map((column) => column.items.map((item) => item.type))).toEqual([['Image'], ['Image']]);
  expect(grid?.columns?.map((column) => column.items[0]?.altText)).toEqual(['Chart: Sales by region', 'Chart: Sales by month']);
  for (const column of grid?.columns ?? []) expect(column.items[0]?.url).toMatch(/^data:image\/png;base64,iVBORw0KGgo/);
  expect(texts(card)).not.toContain('Sales by region');
  expect(texts(card).filter((text) => text === 'Sales review')).toHaveLength(1);
  expect(texts(card)).toEqual(expect.arrayContaining(['Sales per region', 'North', '300', 'South', '130']));
  expect(card?.body.some((element) => element.type === 'Container' && element.items?.some((item) => item.type === 'Table'))).toBe(true);
  expect(texts(card).some((text) => text === '2 rows from shop.')).toBe(true);
  expect(card?.actions).toEqual([{ type: 'Action.Submit', title: 'Versions', data: { datathread: 'story_versions', slug: 'sales-review' } }]);
  expect(JSON.stringify(card).length).toBeLessThanOrEqual(CARD_BUDGET_CHARACTERS);
}

beforeAll(async () => {
  workspace = await createE2eWorkspace({
    prefix: 'teams-story',
    duckdb: [
      'CREATE TABLE sales (region VARCHAR, month DATE, amount INTEGER)',
      "INSERT INTO sales VALUES ('North', DATE '2025-01-01', 100), ('North', DATE '2025-02-01', 200), ('South', DATE '2025-01-01', 50), ('South', DATE '2025-03-01', 80)",
    ],
  });
  ({ fakeModel, variables } = workspace);
  connector = await startFakeBotConnector();
});

afterEach(async () => {
  for (const call of connector.calls) everyCard.push(...cardsOf(call));
  expect(connector.calls.every((call) => call.conversationId === THREAD)).toBe(true);
  connector.clear();
  await stopBot();
  expect(fakeModel.pending()).toBe(0);
});

afterAll(async () => {
  await stopBot();
  await connector.close();
  await workspace.close();
});

describe('Teams stories end to end', () => {
  it('1. posts a new story as one card: title, version, text, two charts side by side, a table, Versions', async () => {
    const bot = await startBot();
    fakeModel.enqueue(
      { toolCalls: [{ name: 'execute_sql', arguments: { sql_query: 'SELECT region, SUM(amount)::INTEGER AS total FROM sales GROUP BY region ORDER BY region' } }] },
      { toolCalls: [{ name: 'execute_sql', arguments: { sql_query: 'SELECT month, SUM(amount)::INTEGER AS total FROM sales GROUP BY month ORDER BY month' } }] },
      (request) => {
        const [byRegion, byMonth] = queryIdsIn(request);
        return { toolCalls: [{ name: 'story', arguments: { action: 'create', id: 'sales-review', title: 'Sales review', code: storyCode(byRegion!, byMonth!) } }] };
      },
      { text: 'The story **Sales review** is ready.' },
    );
    await postActivity(bot.baseUrl, channelMention(connector.url, ROOT_ID, 'write a sales review'));
    await bot.channel.idle();

    const [story, answer, ...rest] = connector.messages();
    expect(rest).toEqual([]);
    expectStoryCard(cardsOf(story)[0], 1, V1_SUMMARY, 'North sells the most.');
    expect(texts(cardsOf(answer)[0])).toEqual(['The story **Sales review** is ready.']);
    expect(connector.updates()).toEqual([]);
    v1CardId = story!.assignedId!;
  });

  it('2. after a restart, posts v2 with its change line and turns the v1 card into "Superseded by v2"', async () => {
    const bot = await startBot();
    fakeModel.enqueue(
      { toolCalls: [{ name: 'story', arguments: { action: 'update', id: 'sales-review', search: 'North sells the most.', replace: 'North sells the most; South trails.' } }] },
      { text: 'Updated: South is mentioned now.' },
    );
    await postActivity(bot.baseUrl, channelThreadReply(connector.url, 'story-reply-1', ROOT_ID, 'mention the South too'));
    await bot.channel.idle();

    const [story, answer, ...rest] = connector.messages();
    expect(rest).toEqual([]);
    expectStoryCard(cardsOf(story)[0], 2, V2_SUMMARY, 'North sells the most; South trails.');
    expect(texts(cardsOf(answer)[0])).toEqual(['Updated: South is mentioned now.']);
    v2CardId = story!.assignedId!;

    expect(connector.updates().map((call) => call.activityId)).toEqual([v1CardId]);
    const superseded = cardsOf(connector.updates()[0])[0];
    expect(texts(superseded)).toEqual(['Sales review — v1', `Superseded by v2: ${V2_SUMMARY}`]);
    expect(superseded?.actions?.map((action) => action.data)).toEqual([{ datathread: 'story_versions', slug: 'sales-review' }]);
    expect(fakeModel.requests.length).toBe(6);
  });

  it('3. after another restart, Versions lists both versions and Re-post v1 posts version 1 again (once)', async () => {
    const bot = await startBot();
    const requestsBefore = fakeModel.requests.length;
    await postActivity(bot.baseUrl, channelCardClick(connector.url, 'story-click-1', ROOT_ID, v2CardId, { datathread: 'story_versions', slug: 'sales-review' }, GRACE));
    await bot.channel.idle();

    const versionsCard = cardsOf(connector.messages()[0])[0];
    const rows = versionsCard?.body.find((element) => element.type === 'Table')?.rows?.map((row) => row.cells.map((cell) => cell.items[0]?.text));
    expect(rows?.map((row) => [row[0], row[2]])).toEqual([
      ['Version', 'Change'],
      ['v2', V2_SUMMARY],
      ['v1', V1_SUMMARY],
    ]);
    expect(rows?.[1]?.[1]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC$/);
    expect(versionsCard?.actions).toEqual([
      { type: 'Action.Submit', title: 'Re-post v1', data: { datathread: 'story_repost', slug: 'sales-review', version: 1 } },
    ]);

    const versionsCardId = connector.messages()[0]!.assignedId!;
    const repost = (id: string) =>
      channelCardClick(connector.url, id, ROOT_ID, versionsCardId, { datathread: 'story_repost', slug: 'sales-review', version: 1 }, GRACE);
    await postActivity(bot.baseUrl, repost('story-click-2'));
    await bot.channel.idle();
    await postActivity(bot.baseUrl, repost('story-click-3'));
    await bot.channel.idle();

    expect(connector.messages()).toHaveLength(2);
    const reposted = cardsOf(connector.messages()[1])[0];
    expect(reposted?.body[1]?.text).toBe(`Version 1 (posted again on request; the latest is v2) · ${V1_SUMMARY}`);
    expect(texts(reposted)).toContain('North sells the most.');
    expect(reposted?.body.find((element) => element.type === 'ColumnSet')?.columns?.[0]?.items[0]?.url).toMatch(/^data:image\/png;base64,/);
    expect(connector.updates()).toEqual([]);
    expect(fakeModel.requests.length).toBe(requestsBefore);
  });

  it('4. every card sent or updated passes Adaptive Card 1.5 validation', async () => {
    expect(everyCard.length).toBeGreaterThanOrEqual(7);
    for (const card of everyCard) {
      expect((card as { version?: string }).version).toBe('1.5');
      expect(await adaptiveCardProblems(card)).toEqual([]);
    }
  });
});
