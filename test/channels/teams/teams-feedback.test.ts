// The AI surfaces of a Teams answer and its feedback, end to end through the real engine: the
// answer's card carries the AI-generated label, Teams' feedback loop and a summary (citations are
// on streamed text answers, teams-streaming.test.ts); the `message/submitAction` invoke is
// answered in the request and stored with the question and SQL; a repeated rating updates it and
// keeps the text written before. An invoke that names no message, or a message id the bot did not
// post, is linked to the conversation's latest answer and never refused.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startFakeBotConnector, type FakeBotConnector, type RecordedConnectorCall } from '../../fakes/bot-connector-server.js';
import type { FakeOpenAI } from '../../fakes/openai-server.js';
import { createE2eWorkspace, type E2eWorkspace } from '../../support/e2e-workspace.js';
import { startTeamsBot, stopTeamsBot, type RunningTeamsBot } from './support/teams-bot.js';
import { attachmentProblemsIn } from './adaptive-card-validation.js';
import { ADA, BOT_ID, BOT_NAME, CHANNEL_ID, GRACE, TENANT_ID, channelMention, personalMessage, postActivity } from './teams-activities.js';

let workspace: E2eWorkspace;
let fakeModel: FakeOpenAI;
let connector: FakeBotConnector;
let running: RunningTeamsBot | undefined;

const SALES_SQL = 'SELECT region, SUM(amount) AS total FROM orders GROUP BY region ORDER BY region';

beforeAll(async () => {
  workspace = await createE2eWorkspace({
    prefix: 'teams-feedback',
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
  // The answer as one card message (teams-streaming.test.ts covers the streamed final message).
  running = await startTeamsBot(workspace.variables, { streamPersonalChats: false });
  return running;
}

function aiEntity(call: RecordedConnectorCall | undefined): Record<string, unknown> | undefined {
  return (call?.activity.entities as Array<Record<string, unknown>> | undefined)?.find((entity) => entity.type === 'https://schema.org/Message');
}

function feedbackInvoke(conversation: Record<string, unknown>, replyToId: string | undefined, reaction: 'like' | 'dislike', feedbackText: string | undefined, from = ADA) {
  return {
    type: 'invoke',
    name: 'message/submitAction',
    id: `invoke-${Math.random().toString(36).slice(2)}`,
    timestamp: '2026-03-02T10:16:00.000Z',
    channelId: 'msteams',
    serviceUrl: connector.url,
    from,
    recipient: { id: BOT_ID, name: BOT_NAME },
    conversation,
    ...(replyToId === undefined ? {} : { replyToId }),
    channelData: { tenant: { id: TENANT_ID }, source: { name: 'message' } },
    value: { actionName: 'feedback', actionValue: { reaction, feedback: feedbackText === undefined ? '' : JSON.stringify({ feedbackText }) } },
  };
}

async function askInPersonalChat(bot: RunningTeamsBot, id: string): Promise<RecordedConnectorCall> {
  fakeModel.enqueue({ toolCalls: [{ name: 'execute_sql', arguments: { sql_query: SALES_SQL } }] }, { text: 'South leads with **250**.' });
  expect((await postActivity(bot.baseUrl, personalMessage(connector.url, id, 'orders by region?'))).status).toBe(200);
  await bot.channel.idle();
  return connector.messages().at(-1)!;
}

describe('Teams AI answer and feedback', () => {
  it('marks the answer card as AI-generated (no citations: a card has no text for their markers), enables the feedback loop and sets a summary', async () => {
    const bot = await startBot();
    const answer = await askInPersonalChat(bot, 'ai-1');
    const entity = aiEntity(answer);
    expect(entity).toMatchObject({ '@type': 'Message', '@context': 'https://schema.org', additionalType: ['AIGeneratedContent'] });
    expect(entity?.citation).toBeUndefined();
    expect(answer.activity.channelData).toMatchObject({ feedbackLoopEnabled: true });
    expect(answer.activity.summary).toBe('South leads with **250**.');
  });

  it('stores a 👎 with its text, question and SQL; a later 👍 by the same person updates it and keeps the text; another person gets their own', async () => {
    const bot = await startBot();
    const answer = await askInPersonalChat(bot, 'ai-2');
    const conversation = personalMessage(connector.url, 'unused', '').conversation;
    const threadId = `teams:${TENANT_ID}:${conversation.id}`;

    const disliked = await postActivity(bot.baseUrl, feedbackInvoke(conversation, answer.assignedId!, 'dislike', 'Refunds are missing'));
    expect(disliked.status).toBe(200);
    const mine = async () => (await bot.application.store.listFeedback()).filter((record) => record.messageId === answer.assignedId);
    expect(await mine()).toEqual([
      expect.objectContaining({ threadId, rating: 'negative', comment: 'Refunds are missing', question: 'orders by region?', sql: [SALES_SQL], actor: { platform: 'teams', userId: ADA.aadObjectId, displayName: ADA.name } }),
    ]);

    expect((await postActivity(bot.baseUrl, feedbackInvoke(conversation, answer.assignedId!, 'like', undefined))).status).toBe(200);
    expect((await postActivity(bot.baseUrl, feedbackInvoke(conversation, answer.assignedId!, 'like', 'Good', GRACE))).status).toBe(200);
    expect((await mine()).map((record) => [record.actor.userId, record.rating, record.comment])).toEqual([
      [ADA.aadObjectId, 'positive', 'Refunds are missing'],
      [GRACE.aadObjectId, 'positive', 'Good'],
    ]);
  });

  it('links a rating without replyToId (as the Agents Playground sends it) to the latest answer, with its text', async () => {
    const bot = await startBot();
    await askInPersonalChat(bot, 'ai-3');
    const latest = await askInPersonalChat(bot, 'ai-4');
    const conversation = personalMessage(connector.url, 'unused', '').conversation;
    const response = await postActivity(bot.baseUrl, feedbackInvoke(conversation, undefined, 'dislike', 'Missing March'));
    expect(response.status).toBe(200);
    const stored = (await bot.application.store.listFeedback()).filter((record) => record.comment === 'Missing March');
    expect(stored).toEqual([expect.objectContaining({ messageId: latest.assignedId, rating: 'negative', question: 'orders by region?', sql: [SALES_SQL] })]);
  });

  it('links a rating naming an id the bot never posted to the latest answer of that conversation', async () => {
    const bot = await startBot();
    const answer = await askInPersonalChat(bot, 'ai-5');
    const conversation = personalMessage(connector.url, 'unused', '').conversation;
    const response = await postActivity(bot.baseUrl, feedbackInvoke(conversation, '1:teams-client-message-id', 'like', 'Clear', GRACE));
    expect(response.status).toBe(200);
    const stored = (await bot.application.store.listFeedback()).filter((record) => record.comment === 'Clear');
    expect(stored).toEqual([expect.objectContaining({ messageId: answer.assignedId, rating: 'positive', question: 'orders by region?', actor: { platform: 'teams', userId: GRACE.aadObjectId, displayName: GRACE.name } })]);
  });

  it('keeps a rating in a conversation with no known answer, under the id Teams sent', async () => {
    const bot = await startBot();
    const conversation = { conversationType: 'personal', tenantId: TENANT_ID, id: 'a:1personal-chat-without-answers' };
    const response = await postActivity(bot.baseUrl, feedbackInvoke(conversation, 'old-message', 'dislike', 'Old answer was wrong'));
    expect(response.status).toBe(200);
    const stored = (await bot.application.store.listFeedback()).filter((record) => record.comment === 'Old answer was wrong');
    expect(stored).toEqual([expect.objectContaining({ messageId: 'old-message', question: '', sql: [], rating: 'negative' })]);
  });

  it('answers an invoke it cannot read with 400 and stores nothing', async () => {
    const bot = await startBot();
    const conversation = personalMessage(connector.url, 'unused', '').conversation;
    const before = (await bot.application.store.listFeedback()).length;
    const broken = { ...feedbackInvoke(conversation, 'some-activity', 'like', undefined), value: { actionName: 'feedback', actionValue: { reaction: 'meh' } } };
    expect((await postActivity(bot.baseUrl, broken)).status).toBe(400);
    expect(await bot.application.store.listFeedback()).toHaveLength(before);
  });

  it('in a channel answers with one message after the typing indicator, labelled and rateable the same way', async () => {
    const bot = await startBot();
    fakeModel.enqueue({ toolCalls: [{ name: 'execute_sql', arguments: { sql_query: SALES_SQL } }] }, { text: 'North has 240.' });
    await postActivity(bot.baseUrl, channelMention(connector.url, 'fb-root-1', 'north orders?'));
    await bot.channel.idle();
    expect(connector.typing().length).toBeGreaterThanOrEqual(1);
    expect(connector.messages()).toHaveLength(1);
    const answer = connector.messages()[0]!;
    expect(answer.conversationId).toBe(`${CHANNEL_ID};messageid=fb-root-1`);
    expect(aiEntity(answer)?.additionalType).toEqual(['AIGeneratedContent']);
    expect(answer.activity.channelData).toMatchObject({ feedbackLoopEnabled: true });
    const conversation = { isGroup: true, conversationType: 'channel', tenantId: TENANT_ID, id: `${CHANNEL_ID};messageid=fb-root-1` };
    expect((await postActivity(bot.baseUrl, feedbackInvoke(conversation, answer.assignedId!, 'dislike', 'Wrong region'))).status).toBe(200);
    const stored = (await bot.application.store.listFeedback()).find((record) => record.messageId === answer.assignedId);
    expect(stored).toMatchObject({ question: 'north orders?', comment: 'Wrong region', sql: [SALES_SQL] });
  });
});
