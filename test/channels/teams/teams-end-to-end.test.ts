// End to end through the real engine: Activity JSON posted to /api/messages (local mode), the
// local OpenAI-compatible server scripting the model, a real DuckDB file, the SQLite state store,
// and the fake Bot Framework connector recording what the bot posts.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CARD_BUDGET_CHARACTERS } from '../../../src/channels/teams/render/message-budget.js';
import { startFakeBotConnector, type FakeBotConnector, type RecordedConnectorCall } from '../../fakes/bot-connector-server.js';
import { type FakeOpenAI, firstQueryIdIn, type RecordedChatRequest } from '../../fakes/openai-server.js';
import { createE2eWorkspace, type E2eWorkspace } from '../../support/e2e-workspace.js';
import { startTeamsBot, stopTeamsBot, type RunningTeamsBot } from './support/teams-bot.js';
import { adaptiveCardProblems } from './adaptive-card-validation.js';
import { ChartImageLinks } from '../../../src/server/chart-image-links.js';
import { CHANNEL_ID, GRACE, channelCardClick, channelMention, postActivity } from './teams-activities.js';

interface CardContent {
  body: Array<{ type: string; text?: string; url?: string; altText?: string; actions?: Array<{ title: string; data: unknown }> }>;
  actions?: Array<{ title: string; data: unknown; mode?: string }>;
}

let workspace: E2eWorkspace;
let fakeModel: FakeOpenAI;
let connector: FakeBotConnector;
let variables: Record<string, string>;
let running: RunningTeamsBot | undefined;
const everyCardSent: unknown[] = [];

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

function userTexts(request: RecordedChatRequest): string[] {
  return request.messages.filter((message) => message.role === 'user').map((message) => JSON.stringify(message.content));
}

beforeAll(async () => {
  workspace = await createE2eWorkspace({
    prefix: 'teams',
    duckdb: [
      'CREATE TABLE orders (month DATE, region VARCHAR, amount INTEGER)',
      "INSERT INTO orders VALUES ('2024-01-01', 'North', 100), ('2024-02-01', 'North', 140), ('2024-03-01', 'South', 90), ('2024-04-01', 'South', 160)",
    ],
  });
  ({ fakeModel, variables } = workspace);
  connector = await startFakeBotConnector();
});

afterEach(async () => {
  for (const call of connector.calls) everyCardSent.push(...cardsOf(call));
  connector.clear();
  await stopBot();
  expect(fakeModel.pending()).toBe(0);
});

afterAll(async () => {
  await stopBot();
  await connector.close();
  await workspace.close();
});

describe('Teams end to end', () => {
  it('links a chart from the card when the server has a public address: the image is served as drawn, signed and unshrunk', async () => {
    const links = new ChartImageLinks(Buffer.alloc(32, 3), 'https://datathread.example.com', () => new Date());
    running = await startTeamsBot(variables, { chartImageLinks: links });
    const bot = running;
    fakeModel.enqueue(
      { toolCalls: [{ name: 'execute_sql', arguments: { sql_query: 'SELECT month, SUM(amount) AS revenue FROM orders GROUP BY month ORDER BY month' } }] },
      (request) => ({
        toolCalls: [{ name: 'display_chart', arguments: { query_id: firstQueryIdIn(request), chart_type: 'line', x_axis_key: 'month', x_axis_type: 'date', series: [{ data_key: 'revenue' }], title: 'Revenue by month' } }],
      }),
      { text: 'Revenue peaked in April.' },
    );
    expect((await postActivity(bot.baseUrl, channelMention(connector.url, 'e2e-root-image', 'revenue by month?'))).status).toBe(200);
    await bot.channel.idle();

    const [card] = cardsOf(connector.messages()[0]);
    const image = card?.body.find((element) => element.type === 'Image');
    expect(image?.url).toMatch(/^https:\/\/datathread\.example\.com\/images\/[\w-]+\.[\w-]+\.png$/);
    expect(JSON.stringify(card).length).toBeLessThan(2_000);
    const served = await fetch(image!.url!.replace('https://datathread.example.com', bot.baseUrl));
    expect(served.status).toBe(200);
    const png = Buffer.from(await served.arrayBuffer());
    // Drawn for the 382 px Teams shows it at, at 2×: not a pixel narrower.
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([764, 520]);
    expect(await adaptiveCardProblems(card)).toEqual([]);
  });

  it('1. answers a channel mention with SQL, an inline chart and follow-ups, all in the post thread', async () => {
    const bot = await startBot();
    fakeModel.enqueue(
      { toolCalls: [{ name: 'execute_sql', arguments: { sql_query: 'SELECT month, SUM(amount) AS revenue FROM orders GROUP BY month ORDER BY month' } }] },
      (request) => ({
        toolCalls: [
          {
            name: 'display_chart',
            arguments: { query_id: firstQueryIdIn(request), chart_type: 'bar', x_axis_key: 'month', x_axis_type: 'date', series: [{ data_key: 'revenue' }], title: 'Revenue by month' },
          },
        ],
      }),
      {
        text: 'Revenue peaked in **April** at 160.',
        toolCalls: [{ name: 'suggest_follow_ups', arguments: { suggestions: ['Revenue by region?', 'Compare with last year?'] } }],
      },
    );

    expect((await postActivity(bot.baseUrl, channelMention(connector.url, 'e2e-root-1', 'revenue by month?'))).status).toBe(200);
    await bot.channel.idle();

    const thread = `${CHANNEL_ID};messageid=e2e-root-1`;
    expect(connector.calls.length).toBeGreaterThan(0);
    expect(connector.calls.every((call) => call.conversationId === thread)).toBe(true);
    expect(connector.typing().length).toBeGreaterThanOrEqual(1);
    const [answer] = connector.messages();
    expect(connector.messages()).toHaveLength(1);
    const [card] = cardsOf(answer);
    expect(card?.body[0]).toEqual({ type: 'TextBlock', text: 'Revenue peaked in **April** at 160.', wrap: true });
    const image = card?.body.find((element) => element.type === 'Image');
    expect(image?.url).toMatch(/^data:image\/png;base64,iVBORw0KGgo/);
    // The chart draws its title; the card names it once, in the image's alt text.
    expect(image?.altText).toBe('Chart: Revenue by month');
    expect(card?.body.some((element) => element.text === 'Revenue by month')).toBe(false);
    expect(JSON.stringify(card).length).toBeLessThanOrEqual(CARD_BUDGET_CHARACTERS);
    // Both follow-ups do not fit one row of a phone's card: each gets a full-width row; Show SQL is in the overflow menu.
    const followUpButtons = card?.body.filter((element) => element.type === 'ActionSet').flatMap((set) => set.actions ?? []);
    expect(followUpButtons?.map((action) => action.data)).toEqual([
      { datathread: 'follow_up', text: 'Revenue by region?', index: 0 },
      { datathread: 'follow_up', text: 'Compare with last year?', index: 1 },
    ]);
    expect(card?.actions?.map((action) => [action.title, action.mode])).toEqual([['Show SQL', 'secondary']]);
    // Show SQL opens in the clicker's client: the query, as monospace lines, needs no round trip.
    const showSql = card?.actions?.at(-1) as unknown as { type: string; card: { body: Array<{ text?: string; items?: Array<{ text: string; fontType?: string }> }> } };
    expect(showSql.type).toBe('Action.ShowCard');
    expect(showSql.card.body[0]?.text).toBe('**Query 1** on shop — 4 rows');
    expect(showSql.card.body[1]?.items?.map((line) => line.text).join('\n')).toBe('SELECT month, SUM(amount) AS revenue FROM orders GROUP BY month ORDER BY month');
    expect(showSql.card.body[1]?.items?.every((line) => line.fontType === 'Monospace')).toBe(true);
    expect(userTexts(fakeModel.requests[0]!).join('\n')).toContain('revenue by month?');
    expect(userTexts(fakeModel.requests[0]!).join('\n')).not.toContain('<at>');
  });

  it('2. runs a follow-up click as the next turn of the same thread, with history; a second click runs nothing', async () => {
    const bot = await startBot();
    fakeModel.enqueue({
      text: 'Orders total 490.',
      toolCalls: [{ name: 'suggest_follow_ups', arguments: { suggestions: ['Orders by region?'] } }],
    });
    await postActivity(bot.baseUrl, channelMention(connector.url, 'e2e-root-2', 'how many orders in total?'));
    await bot.channel.idle();
    const card = connector.messages()[0]!;
    const requestsBefore = fakeModel.requests.length;

    fakeModel.enqueue({ text: 'North 240, South 250.' });
    const click = (id: string) =>
      channelCardClick(connector.url, id, 'e2e-root-2', card.assignedId!, { datathread: 'follow_up', text: 'Orders by region?', index: 0 }, GRACE);
    await postActivity(bot.baseUrl, click('e2e-click-1'));
    await bot.channel.idle();
    await postActivity(bot.baseUrl, click('e2e-click-2'));
    await bot.channel.idle();

    expect(fakeModel.requests.length).toBe(requestsBefore + 1);
    const followUpRequest = fakeModel.requests.at(-1)!;
    const history = userTexts(followUpRequest).join('\n');
    expect(history).toContain('how many orders in total?');
    expect(history).toContain('Orders by region?');
    expect(JSON.stringify(followUpRequest.messages)).toContain('Orders total 490.');

    expect(connector.messages()).toHaveLength(2);
    expect(cardsOf(connector.messages()[1])[0]?.body[0]?.text).toBe('North 240, South 250.');
    expect(connector.updates()).toHaveLength(1);
    const resolved = cardsOf(connector.updates()[0])[0];
    expect(resolved?.actions).toBeUndefined();
    expect(resolved?.body.at(-1)?.text).toBe('Grace Hopper asked: Orders by region?');
    expect(connector.calls.every((call) => call.conversationId === `${CHANNEL_ID};messageid=e2e-root-2`)).toBe(true);
  });

  it('3. asks a clarifying question, survives a restart, and resumes with the answer', async () => {
    let bot = await startBot();
    fakeModel.enqueue({ toolCalls: [{ name: 'clarification', arguments: { question: 'Which revenue do you mean?', options: ['Gross', 'Net'] } }] });
    await postActivity(bot.baseUrl, channelMention(connector.url, 'e2e-root-3', 'what is our revenue?'));
    await bot.channel.idle();
    const question = connector.messages()[0]!;
    const [questionCard] = cardsOf(question);
    expect(questionCard?.body.map((element) => element.text)).toEqual(['Which revenue do you mean?', 'Choose an option, or reply in this thread.']);
    expect(questionCard?.actions?.map((action) => action.title)).toEqual(['Gross', 'Net']);

    await stopBot();
    bot = await startBot();

    fakeModel.enqueue({ text: 'Net revenue is 490.' });
    await postActivity(
      bot.baseUrl,
      channelCardClick(connector.url, 'e2e-click-3', 'e2e-root-3', question.assignedId!, { datathread: 'clarification_answer', text: 'Net', index: 1 }),
    );
    await bot.channel.idle();

    const resumed = fakeModel.requests.at(-1)!;
    const conversation = JSON.stringify(resumed.messages);
    expect(conversation).toContain('what is our revenue?');
    expect(conversation).toContain('Which revenue do you mean?');
    expect(conversation).toContain('Net');
    expect(cardsOf(connector.messages().at(-1))[0]?.body[0]?.text).toBe('Net revenue is 490.');
    expect(connector.calls.every((call) => call.conversationId === `${CHANNEL_ID};messageid=e2e-root-3`)).toBe(true);
  });

  it('4. runs an activity that Teams delivers twice only once', async () => {
    const bot = await startBot();
    fakeModel.enqueue({ text: 'Four months of orders.' });
    const activity = channelMention(connector.url, 'e2e-root-4', 'how many months of data?');
    const [first, second] = await Promise.all([postActivity(bot.baseUrl, activity), postActivity(bot.baseUrl, activity)]);
    expect([first.status, second.status]).toEqual([200, 200]);
    await bot.channel.idle();
    await postActivity(bot.baseUrl, activity);
    await bot.channel.idle();
    expect(connector.messages()).toHaveLength(1);
  });

  it('5. continues a long answer with two charts on further cards, every paragraph kept and the follow-ups on the last card', async () => {
    const bot = await startBot();
    const paragraphs = Array.from({ length: 110 }, (_unused, index) => `Paragraph ${index + 1}: ${'revenue grew in the northern region '.repeat(11).trim()}.`);
    const chart = (request: RecordedChatRequest, title: string, chartType: string) => ({
      name: 'display_chart',
      arguments: { query_id: firstQueryIdIn(request), chart_type: chartType, x_axis_key: 'month', x_axis_type: 'date', series: [{ data_key: 'revenue' }], title },
    });
    fakeModel.enqueue(
      { toolCalls: [{ name: 'execute_sql', arguments: { sql_query: 'SELECT month, SUM(amount) AS revenue FROM orders GROUP BY month ORDER BY month' } }] },
      (request) => ({ toolCalls: [chart(request, 'Revenue by month', 'bar'), chart(request, 'Revenue trend', 'line')] }),
      { text: paragraphs.join('\n\n'), toolCalls: [{ name: 'suggest_follow_ups', arguments: { suggestions: ['Revenue by region?'] } }] },
    );

    await postActivity(bot.baseUrl, channelMention(connector.url, 'e2e-root-5', 'write up revenue in detail'));
    await bot.channel.idle();

    const cards = connector.messages().flatMap(cardsOf);
    expect(cards.length).toBeGreaterThan(1);
    for (const card of cards) expect(JSON.stringify(card).length).toBeLessThanOrEqual(CARD_BUDGET_CHARACTERS);
    const shown = cards.flatMap((card) => card.body.map((element) => (element.type === 'Image' ? element.altText : element.text)));
    expect(shown.filter((text) => text?.startsWith('Paragraph '))).toEqual(paragraphs);
    expect(shown.filter((text) => text?.startsWith('Chart: '))).toEqual(['Chart: Revenue by month', 'Chart: Revenue trend']);
    expect(shown.indexOf('Chart: Revenue by month')).toBeGreaterThan(shown.indexOf(paragraphs.at(-1)));
    expect(cards.map((card) => card.actions?.map((action) => action.title))).toEqual([...cards.slice(1).map(() => undefined), ['Revenue by region?', 'Show SQL']]);
  });

  it('6. every card sent in these tests passes Adaptive Card 1.5 validation', async () => {
    expect(everyCardSent.length).toBeGreaterThanOrEqual(6);
    for (const card of everyCardSent) {
      expect((card as { version?: string }).version).toBe('1.5');
      expect(await adaptiveCardProblems(card)).toEqual([]);
    }
  });
});
