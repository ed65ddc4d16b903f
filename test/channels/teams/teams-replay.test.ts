// Replays Teams activities as Microsoft documents them (test/channels/recordings/teams/) through the
// real receiver: POST /api/messages, the Microsoft 365 Agents SDK, the adapter, the engine (SQLite
// state, DuckDB, the scripted model) and the fake Bot Framework connector. The hand-built activities
// of the other suites carry the fields the adapter reads; these carry everything Teams documents.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startFakeBotConnector, type FakeBotConnector, type RecordedConnectorCall } from '../../fakes/bot-connector-server.js';
import type { FakeOpenAI, RecordedChatRequest } from '../../fakes/openai-server.js';
import { createE2eWorkspace, type E2eWorkspace } from '../../support/e2e-workspace.js';
import { loadRecording } from '../recordings/load-recording.js';
import { attachmentProblemsIn } from './adaptive-card-validation.js';
import { startTeamsBot, stopTeamsBot, type RunningTeamsBot } from './support/teams-bot.js';
import { BOT_ID, BOT_NAME, postActivity } from './teams-activities.js';

interface CardContent {
  body: Array<{ type: string; text?: string }>;
  actions?: Array<{ title: string; data?: unknown }>;
}

let workspace: E2eWorkspace;
let fakeModel: FakeOpenAI;
let connector: FakeBotConnector;
let running: RunningTeamsBot | undefined;
let replayCount = 0;

const SALES_SQL = 'SELECT region, SUM(amount) AS total FROM orders GROUP BY region ORDER BY region';
/** The channel and the personal chat of the documented examples. */
const CHANNEL_ID = '19:e3c8b44bb6a94b43b1d4a0ab2d0b1bd2@thread.tacv2';
const PERSONAL_CHAT_ID = 'a:17I0kl8EkpE1O9PH5TWrzrLqwnJ3FFmuOVIZSk0b5f8';
const TENANT_ID = '72f988bf-86f1-41af-91ab-2d7cd011db47';
const MEGAN = { aadObjectId: '7faf080d-f888-4f43-8ee3-19c6a86b73d3', name: 'Megan Bowen' };

beforeAll(async () => {
  workspace = await createE2eWorkspace({
    prefix: 'teams-replay',
    duckdb: ['CREATE TABLE orders (region VARCHAR, amount INTEGER)', "INSERT INTO orders VALUES ('North', 240), ('South', 250)"],
  });
  fakeModel = workspace.fakeModel;
  connector = await startFakeBotConnector();
});

afterEach(async () => {
  expect(await attachmentProblemsIn(connector.messages())).toEqual([]);
  connector.clear();
  await stopTeamsBot(running);
  running = undefined;
  expect(fakeModel.pending()).toBe(0);
});

afterAll(async () => {
  await stopTeamsBot(running);
  await connector.close();
  await workspace.close();
});

async function startBot(): Promise<RunningTeamsBot> {
  // The answer as one card message, in personal chats too (streaming has its own suite).
  running = await startTeamsBot(workspace.variables, { streamPersonalChats: false });
  return running;
}

/** The recording's placeholders for this bot and connector, and a new activity id (replays share a state store). */
function fields(extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { service_url: connector.url, bot_id: BOT_ID, bot_name: BOT_NAME, activity_id: `1772446500${String(++replayCount).padStart(3, '0')}`, ...extra };
}

function cardsOf(call: RecordedConnectorCall | undefined): CardContent[] {
  return ((call?.activity.attachments as Array<{ content: CardContent }> | undefined) ?? []).map((attachment) => attachment.content);
}

function userTexts(request: RecordedChatRequest): string[] {
  return request.messages.filter((message) => message.role === 'user').map((message) => (typeof message.content === 'string' ? message.content : JSON.stringify(message.content)));
}

describe('Teams replay of documented activities', () => {
  it('channel message with a mention entity: the question without the mention is answered in the post thread', async () => {
    const bot = await startBot();
    fakeModel.enqueue({ text: 'South ordered the most.', toolCalls: [{ name: 'suggest_follow_ups', arguments: { suggestions: ['Orders by month?'] } }] });
    const mention = loadRecording('teams', 'channel-mention', fields());
    expect((await postActivity(bot.baseUrl, mention.body)).status).toBe(200);
    await bot.channel.idle();

    expect(userTexts(fakeModel.requests.at(-1)!)).toEqual(['how much did each region order?']);
    const thread = `${CHANNEL_ID};messageid=${String(mention.body.id)}`;
    expect(connector.calls.length).toBeGreaterThan(0);
    expect(connector.calls.every((call) => call.conversationId === thread)).toBe(true);
    expect(connector.messages()).toHaveLength(1);
    const [card] = cardsOf(connector.messages()[0]);
    expect(card?.body[0]).toEqual({ type: 'TextBlock', text: 'South ordered the most.', wrap: true });
    expect(card?.actions?.[0]?.data).toEqual({ datathread: 'follow_up', text: 'Orders by month?', index: 0 });
  });

  it('Action.Submit on the answer card: the follow-up runs in the same thread and the card shows who asked', async () => {
    const bot = await startBot();
    fakeModel.enqueue({ text: 'South ordered the most.', toolCalls: [{ name: 'suggest_follow_ups', arguments: { suggestions: ['Orders by month?'] } }] });
    const mention = loadRecording('teams', 'channel-mention', fields());
    await postActivity(bot.baseUrl, mention.body);
    await bot.channel.idle();
    const answer = connector.messages()[0]!;
    const button = cardsOf(answer)[0]!.actions![0]!;

    fakeModel.enqueue({ text: 'Flat across months.' });
    const click = loadRecording('teams', 'card-action-submit', fields({ root_id: String(mention.body.id), card_activity_id: answer.assignedId!, value: button.data }));
    expect((await postActivity(bot.baseUrl, click.body)).status).toBe(200);
    await bot.channel.idle();

    expect(userTexts(fakeModel.requests.at(-1)!)).toEqual(['how much did each region order?', 'Orders by month?']);
    expect(JSON.stringify(fakeModel.requests.at(-1)!.messages)).toContain('South ordered the most.');
    expect(connector.messages()).toHaveLength(2);
    expect(cardsOf(connector.messages()[1])[0]?.body[0]?.text).toBe('Flat across months.');
    const resolved = cardsOf(connector.updates()[0])[0];
    expect(resolved?.actions).toBeUndefined();
    expect(resolved?.body.at(-1)?.text).toBe('Isaiah Langer asked: Orders by month?');
    expect(connector.calls.every((call) => call.conversationId === `${CHANNEL_ID};messageid=${String(mention.body.id)}`)).toBe(true);
  });

  it('personal message without a tenant on its conversation: answered in the chat, the thread keyed by the channelData tenant', async () => {
    const bot = await startBot();
    fakeModel.enqueue({ text: 'North 240, South 250.' });
    expect((await postActivity(bot.baseUrl, loadRecording('teams', 'personal-message', fields()).body)).status).toBe(200);
    await bot.channel.idle();

    expect(userTexts(fakeModel.requests.at(-1)!).at(-1)).toBe('how much did each region order?');
    expect(connector.messages()).toHaveLength(1);
    expect(connector.messages()[0]?.conversationId).toBe(PERSONAL_CHAT_ID);
    expect(cardsOf(connector.messages()[0])[0]?.body[0]?.text).toBe('North 240, South 250.');
    expect(await bot.application.engine.isKnownThread(`teams:${TENANT_ID}:${PERSONAL_CHAT_ID}`)).toBe(true);
  });

  it('message/submitAction feedback: answered in the request and stored on the rated answer with its text, question and SQL', async () => {
    const bot = await startBot();
    fakeModel.enqueue({ toolCalls: [{ name: 'execute_sql', arguments: { sql_query: SALES_SQL } }] }, { text: 'South leads with 250.' });
    await postActivity(bot.baseUrl, loadRecording('teams', 'personal-message', fields()).body);
    await bot.channel.idle();
    const answer = connector.messages().at(-1)!;

    const response = await postActivity(bot.baseUrl, loadRecording('teams', 'feedback-submit-action', fields({ rated_activity_id: answer.assignedId! })).body);
    expect(response.status).toBe(200);
    const stored = (await bot.application.store.listFeedback()).filter((record) => record.messageId === answer.assignedId);
    expect(stored).toEqual([
      expect.objectContaining({
        threadId: `teams:${TENANT_ID}:${PERSONAL_CHAT_ID}`,
        rating: 'negative',
        comment: 'South should include refunds',
        question: 'how much did each region order?',
        sql: [SALES_SQL],
        actor: { platform: 'teams', userId: MEGAN.aadObjectId, displayName: MEGAN.name },
      }),
    ]);
  });

  it('Agents Playground message: answered in its personal chat, without any credentials sent to its connector', async () => {
    const bot = await startBot();
    fakeModel.enqueue({ text: 'North 240, South 250.' });
    expect((await postActivity(bot.baseUrl, loadRecording('teams', 'playground-message', fields()).body)).status).toBe(200);
    await bot.channel.idle();

    expect(userTexts(fakeModel.requests.at(-1)!).at(-1)).toBe('how much did each region order?');
    expect(connector.messages()).toHaveLength(1);
    expect(connector.messages()[0]?.conversationId).toBe('personal-chat-id');
    expect(cardsOf(connector.messages()[0])[0]?.body[0]?.text).toBe('North 240, South 250.');
    expect(connector.calls.every((call) => call.authorization === undefined)).toBe(true);
  });

  it('adaptiveCard/action (Action.Execute) from an old card or another app’s card: answered with a message saying the button is not supported, nothing posted, no turn runs', async () => {
    const bot = await startBot();
    const requestsBefore = fakeModel.requests.length;
    const response = await postActivity(bot.baseUrl, loadRecording('teams', 'adaptive-card-execute', fields()).body);
    // Teams shows the person an error for anything but a 200; the message response is shown instead.
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      statusCode: 200,
      type: 'application/vnd.microsoft.activity.message',
      value: 'This button is no longer supported. Ask your question in the thread instead.',
    });
    await bot.channel.idle();
    expect(connector.calls).toEqual([]);
    expect(fakeModel.requests).toHaveLength(requestsBefore);
  });

  it('conversationUpdate for the bot added to a team: nothing is posted and no turn runs', async () => {
    const bot = await startBot();
    const requestsBefore = fakeModel.requests.length;
    const response = await postActivity(bot.baseUrl, loadRecording('teams', 'conversation-update-bot-added', fields()).body);
    expect(response.status).toBe(200);
    await bot.channel.idle();
    expect(connector.calls).toEqual([]);
    expect(fakeModel.requests).toHaveLength(requestsBefore);
  });
});
