// Verify and the verified badge in Teams, end to end over HTTP against the local Bot Connector: the
// answer card has a Verify button; in a channel a click from someone who is not a verifier is
// answered in their one-to-one chat and stores nothing; a verifier's click (matched by Entra object
// id) stores the question and SQL with who and when and is confirmed in the thread; a later answer
// that runs the same query carries "✓ Verified query, by …" and its SQL behind Show SQL.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { NOT_A_VERIFIER_SENTENCE } from '../../../src/verified/answer-verification.js';
import { startFakeBotConnector, type FakeBotConnector } from '../../fakes/bot-connector-server.js';
import { createE2eWorkspace, SCRIPTED_MODEL, type E2eWorkspace } from '../../support/e2e-workspace.js';
import { startTeamsBot, stopTeamsBot, type RunningTeamsBot } from './support/teams-bot.js';
import { attachmentProblemsIn } from './adaptive-card-validation.js';
import { ADA, CHANNEL_ID, GRACE, TENANT_ID, channelCardClick, channelMention, personalMessage, postActivity } from './teams-activities.js';

let workspace: E2eWorkspace;
let connector: FakeBotConnector;
let running: RunningTeamsBot | undefined;

const SQL = 'SELECT region, SUM(amount) AS total FROM orders GROUP BY region ORDER BY region';
// Not verified by an earlier test: an answer resting on a verified query offers no Verify.
const UNVERIFIED_SQL = 'SELECT region, COUNT(*) AS orders FROM orders GROUP BY region ORDER BY region';

beforeAll(async () => {
  workspace = await createE2eWorkspace({
    prefix: 'teams-verify',
    config: { databases: [{ name: 'shop', type: 'duckdb', path: 'shop.duckdb' }], agent: { model: SCRIPTED_MODEL }, verification: { verifiers: [GRACE.aadObjectId] } },
    duckdb: ['CREATE TABLE orders (region VARCHAR, amount INTEGER)', "INSERT INTO orders VALUES ('North', 240), ('South', 250)"],
  });
  connector = await startFakeBotConnector();
});

afterEach(async () => {
  expect(await attachmentProblemsIn(connector.messages())).toEqual([]);
  connector.clear();
  await stopTeamsBot(running);
  running = undefined;
  expect(workspace.fakeModel.pending()).toBe(0);
});

afterAll(async () => {
  await connector.close();
  await workspace.close();
});

type Element = { type: string; text?: string; color?: string; weight?: string; actions?: Action[] };
type Action = { type: string; title: string; data?: unknown; mode?: string; card?: { body: Element[] } };
type Card = { body: Element[]; actions?: Action[] };

function cardAt(index: number): Card {
  return (connector.messages()[index]!.activity.attachments as Array<{ content: Card }>)[0]!.content;
}

async function askInChannel(bot: RunningTeamsBot, root: string, sql: string): Promise<number> {
  workspace.fakeModel.enqueue({ toolCalls: [{ name: 'execute_sql', arguments: { sql_query: sql } }] }, { text: 'South leads with **250**.' });
  await postActivity(bot.baseUrl, channelMention(connector.url, root, 'orders by region?'));
  await bot.channel.idle();
  return connector.messages().length - 1;
}

describe('Teams Verify', () => {
  it('a non-verifier is told privately; a verifier stores the query and the thread hears it; a later answer running it is badged', async () => {
    running = await startTeamsBot(workspace.variables, { streamPersonalChats: false });
    const bot = running;
    const answerIndex = await askInChannel(bot, 'verify-root-1', SQL);
    const thread = `${CHANNEL_ID};messageid=verify-root-1`;
    const verify = cardAt(answerIndex).actions?.find((action) => action.title === '✓ Verify');
    expect(verify).toEqual({ type: 'Action.Submit', title: '✓ Verify', data: { datathread: 'verify', answer: expect.stringMatching(/^answer_/) } });
    const answerActivityId = connector.messages()[answerIndex]!.assignedId!;

    await postActivity(bot.baseUrl, channelCardClick(connector.url, 'verify-click-1', 'verify-root-1', answerActivityId, verify!.data, ADA));
    await bot.channel.idle();
    const toAda = connector.messages().at(-1)!;
    expect(toAda.conversationId).toBe('a:1personal-291ada-lovelace');
    expect(cardAt(connector.messages().length - 1).body.map((element) => element.text)).toEqual([NOT_A_VERIFIER_SENTENCE]);
    expect(await bot.application.store.verifiedQueries.listVerifiedQueries()).toEqual([]);
    expect(connector.messages().filter((message) => message.conversationId === thread)).toHaveLength(1);

    await postActivity(bot.baseUrl, channelCardClick(connector.url, 'verify-click-2', 'verify-root-1', answerActivityId, verify!.data, GRACE));
    await bot.channel.idle();
    const confirmation = connector.messages().at(-1)!;
    expect(confirmation.conversationId).toBe(thread);
    const today = new Date().toISOString().slice(0, 10);
    expect(cardAt(connector.messages().length - 1).body).toEqual([
      { type: 'TextBlock', wrap: true, color: 'Good', text: `✓ Verified query, by Grace Hopper, ${today}: this answer's query is now verified for “orders by region?” on shop. Similar questions get it as a trusted example, and answers that run it say so.` },
    ]);
    expect(await bot.application.store.verifiedQueries.listVerifiedQueries()).toEqual([
      expect.objectContaining({ question: 'orders by region?', sql: SQL, databaseName: 'shop', verifiedBy: { platform: 'teams', userId: GRACE.aadObjectId, displayName: 'Grace Hopper' }, threadId: `teams:${TENANT_ID}:${thread}` }),
    ]);

    const laterIndex = await askInChannel(bot, 'verify-root-2', 'select region, sum(amount) as total from orders group by region order by region');
    const later = cardAt(laterIndex);
    expect(later.body[1]).toEqual({ type: 'TextBlock', wrap: true, text: `✓ Verified query, by Grace Hopper, ${today}`, color: 'Good', weight: 'Bolder', size: 'Small' });
    const showSql = later.actions?.find((action) => action.title === 'Show SQL');
    expect(showSql).toMatchObject({ type: 'Action.ShowCard', mode: 'secondary' });
    expect(JSON.stringify(showSql?.card)).toContain('select region, sum(amount) as total from orders group by region order by region');
    // Verifying it again would only store a copy: the badge stands instead of the button.
    expect(JSON.stringify(later)).not.toContain('✓ Verify');
  });

  it("replaces the answer card's ✓ Verify with the badge (updateActivity, AI label kept); a second click from a stale client is answered privately, not confirmed twice", async () => {
    running = await startTeamsBot(workspace.variables, { streamPersonalChats: false });
    const bot = running;
    const answerIndex = await askInChannel(bot, 'verify-root-5', SQL.replace('ORDER BY region', 'ORDER BY region DESC'));
    const thread = `${CHANNEL_ID};messageid=verify-root-5`;
    const answer = connector.messages()[answerIndex]!;
    const sentCard = cardAt(answerIndex);
    const verify = sentCard.actions?.find((action) => action.title === '✓ Verify');
    await postActivity(bot.baseUrl, channelCardClick(connector.url, 'verify-click-3', 'verify-root-5', answer.assignedId!, verify!.data, GRACE));
    await bot.channel.idle();
    const today = new Date().toISOString().slice(0, 10);
    const badge = { type: 'TextBlock', wrap: true, text: `✓ Verified query, by Grace Hopper, ${today}`, color: 'Good', weight: 'Bolder', size: 'Small' };
    const updates = connector.updates().filter((call) => call.activityId === answer.assignedId);
    expect(updates).toHaveLength(1);
    const updated = (updates[0]!.activity.attachments as Array<{ content: Card }>)[0]!.content;
    expect(updated.body).toEqual([...sentCard.body, badge]);
    expect(updated.actions?.map((action) => action.title)).toEqual(sentCard.actions!.map((action) => action.title).filter((title) => title !== '✓ Verify'));
    // Still an AI answer with its citations and 👍/👎, as it was sent.
    expect(updates[0]!.activity.entities).toEqual(answer.activity.entities);
    expect(updates[0]!.activity.channelData).toEqual(answer.activity.channelData);
    const inThread = () => connector.messages().filter((message) => message.conversationId === thread);
    expect(inThread()).toHaveLength(2);

    // Grace's other window still shows the button.
    await postActivity(bot.baseUrl, channelCardClick(connector.url, 'verify-click-4', 'verify-root-5', answer.assignedId!, verify!.data, GRACE));
    await bot.channel.idle();
    expect(inThread()).toHaveLength(2);
    const toGrace = connector.messages().at(-1)!;
    expect(toGrace.conversationId).not.toBe(thread);
    expect(cardAt(connector.messages().length - 1).body.map((element) => element.text)).toEqual([`✓ Verified query, by Grace Hopper, ${today}: this answer's query is verified already.`]);
    expect((await bot.application.store.verifiedQueries.listVerifiedQueries()).filter((query) => query.threadId === `teams:${TENANT_ID}:${thread}`)).toHaveLength(1);
  });

  it('in a streamed one-to-one answer, posts a card with Verify after the streamed text', async () => {
    running = await startTeamsBot(workspace.variables);
    workspace.fakeModel.enqueue({ toolCalls: [{ name: 'execute_sql', arguments: { sql_query: UNVERIFIED_SQL } }] }, { text: 'South leads with **250**.' });
    await postActivity(running.baseUrl, personalMessage(connector.url, 'verify-personal-1', 'orders by region?', GRACE));
    await running.channel.idle();
    const cards = connector.messages().filter((message) => Array.isArray(message.activity.attachments));
    const last = (cards.at(-1)!.activity.attachments as Array<{ content: Card }>)[0]!.content;
    expect(last.actions?.find((action) => action.title === '✓ Verify')).toMatchObject({ type: 'Action.Submit', data: { datathread: 'verify' } });
    // The streamed text is not repeated on that card.
    expect(JSON.stringify(last.body)).not.toContain('South leads');
  });

  it('offers no Verify when no verifier is configured', async () => {
    await writeFile(join(workspace.directory, 'datathread.yaml'), JSON.stringify({ databases: [{ name: 'shop', type: 'duckdb', path: 'shop.duckdb' }], agent: { model: SCRIPTED_MODEL } }));
    running = await startTeamsBot(workspace.variables, { streamPersonalChats: false });
    const answerIndex = await askInChannel(running, 'verify-root-3', SQL);
    expect(cardAt(answerIndex).actions?.some((action) => action.title === '✓ Verify')).toBe(false);
  });
});
