// CSV in Teams end to end: an answer that ran a query has a CSV button; a click is answered (from
// the store, no model call) with a card holding a signed download link served by datathread's own
// HTTP server; the link returns the stored rows as CSV, a tampered link is refused, an expired one
// says so, and a link cannot reach another thread's result. In a channel the link goes to the
// clicker's one-to-one chat with the bot, never into the thread others read.
import { createHmac, hkdfSync } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CSV_NOT_SENT_PRIVATELY_SENTENCE } from '../../../src/channels/teams/actions/csv-click.js';
import { CsvDownloadLinks } from '../../../src/server/csv-download-links.js';
import { startFakeBotConnector, type FakeBotConnector } from '../../fakes/bot-connector-server.js';
import { createE2eWorkspace, type E2eWorkspace } from '../../support/e2e-workspace.js';
import { startTeamsBot, stopTeamsBot, type RunningTeamsBot } from './support/teams-bot.js';
import { attachmentProblemsIn } from './adaptive-card-validation.js';
import { ADA, BOT_ID, BOT_NAME, CHANNEL_ID, TENANT_ID, channelCardClick, channelMention, personalMessage, postActivity } from './teams-activities.js';

let workspace: E2eWorkspace;
let connector: FakeBotConnector;
let running: RunningTeamsBot | undefined;
let nowMs = Date.parse('2026-03-02T10:00:00Z');
const links = () => new CsvDownloadLinks(Buffer.alloc(32, 7), 'https://datathread.example.com/', () => new Date(nowMs));

const SQL = "SELECT region, amount, '=1+1' AS formula FROM orders ORDER BY amount";

beforeAll(async () => {
  workspace = await createE2eWorkspace({ prefix: 'teams-csv', duckdb: ['CREATE TABLE orders (region VARCHAR, amount INTEGER)', "INSERT INTO orders VALUES ('North, East', 240), ('South', 250)"] });
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

type Card = { body: Array<{ text?: string }>; actions?: Array<{ type: string; title: string; data?: unknown; url?: string }> };

function cardOf(index: number): Card {
  const attachments = connector.messages()[index]!.activity.attachments as Array<{ content: Card }>;
  return attachments[0]!.content;
}

function click(value: unknown, id: string) {
  return { ...personalMessage(connector.url, id, ''), text: undefined, replyToId: connector.messages()[0]?.assignedId, value, from: ADA, recipient: { id: BOT_ID, name: BOT_NAME } };
}

describe('Teams CSV', () => {
  it('answers a CSV click with a signed link that downloads the stored rows; tampered and expired links are refused', async () => {
    running = await startTeamsBot(workspace.variables, { csvLinks: links(), streamPersonalChats: false });
    const bot = running;
    workspace.fakeModel.enqueue({ toolCalls: [{ name: 'execute_sql', arguments: { sql_query: SQL } }] }, { text: 'Two regions.' });
    await postActivity(bot.baseUrl, personalMessage(connector.url, 'csv-1', 'orders?'));
    await bot.channel.idle();
    const csvButton = cardOf(0).actions?.find((action) => action.title === 'CSV');
    expect(csvButton).toMatchObject({ type: 'Action.Submit', data: { datathread: 'csv', queryId: expect.stringMatching(/^query_/) } });
    const requestsBefore = workspace.fakeModel.requests.length;

    await postActivity(bot.baseUrl, click(csvButton!.data, 'csv-click-1'));
    await bot.channel.idle();
    expect(workspace.fakeModel.requests.length).toBe(requestsBefore);
    const linkCard = cardOf(1);
    expect(linkCard.body[0]?.text).toBe('CSV of region, amount, formula: 2 rows from shop. The link works for 15 minutes; keep it to yourself, as whoever opens it gets the rows.');
    expect(connector.messages()[1]!.conversationId).toBe('a:1personal-chat-ada');
    const download = linkCard.actions?.[0];
    expect(download).toMatchObject({ type: 'Action.OpenUrl', title: 'Download CSV' });
    expect(download!.url).toMatch(/^https:\/\/datathread\.example\.com\/downloads\/csv\/[\w-]+\.[\w-]+$/);

    // The link points at the public URL; fetch the same path from the local server.
    const path = new URL(download!.url!).pathname;
    const response = await fetch(`${bot.baseUrl}${path}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="query_\w+\.csv"$/);
    expect(await response.text()).toBe('region,amount,formula\r\n"North, East",240,\'=1+1\r\nSouth,250,\'=1+1\r\n');

    const [body, signature] = path.split('/').at(-1)!.split('.');
    const tampered = await fetch(`${bot.baseUrl}/downloads/csv/${body}.${signature!.slice(0, -2)}AA`);
    expect(tampered.status).toBe(403);
    nowMs += 15 * 60_000 + 1;
    const expired = await fetch(`${bot.baseUrl}${path}`);
    expect(expired.status).toBe(410);
    expect(await expired.text()).toContain('expired');
  });

  it('a click naming a result of another thread finds nothing: the thread comes from where the click happened', async () => {
    running = await startTeamsBot(workspace.variables, { csvLinks: links(), streamPersonalChats: false });
    const bot = running;
    workspace.fakeModel.enqueue({ toolCalls: [{ name: 'execute_sql', arguments: { sql_query: SQL } }] }, { text: 'Two regions.' });
    await postActivity(bot.baseUrl, personalMessage(connector.url, 'csv-2', 'orders?'));
    await bot.channel.idle();
    const csvButton = cardOf(0).actions!.find((action) => action.title === 'CSV')!;
    const queryId = (csvButton.data as { queryId: string }).queryId;
    const elsewhere = { ...click({ datathread: 'csv', queryId }, 'csv-click-2'), conversation: { conversationType: 'personal', tenantId: TENANT_ID, id: 'a:1personal-chat-someone-else' } };
    await postActivity(bot.baseUrl, elsewhere);
    await bot.channel.idle();
    expect(cardOf(1).body[0]?.text).toBe('That result is no longer stored. Ask the question again to run the query anew.');
    expect(cardOf(1).actions).toBeUndefined();
  });

  it('in a channel sends the link to the clicker privately; the thread only hears that it was sent', async () => {
    running = await startTeamsBot(workspace.variables, { csvLinks: links(), streamPersonalChats: false });
    const bot = running;
    workspace.fakeModel.enqueue({ toolCalls: [{ name: 'execute_sql', arguments: { sql_query: SQL } }] }, { text: 'Two regions.' });
    await postActivity(bot.baseUrl, channelMention(connector.url, 'csv-root-3', 'orders?'));
    await bot.channel.idle();
    const thread = `${CHANNEL_ID};messageid=csv-root-3`;
    const csvButton = cardOf(0).actions!.find((action) => action.title === 'CSV')!;

    await postActivity(bot.baseUrl, channelCardClick(connector.url, 'csv-click-3', 'csv-root-3', connector.messages()[0]!.assignedId!, csvButton.data));
    await bot.channel.idle();
    expect(connector.createdConversations()).toEqual([{ conversationId: 'a:1personal-291ada-lovelace', memberId: ADA.id, tenantId: TENANT_ID, botId: BOT_ID }]);
    const [, first, second] = connector.messages();
    expect(first!.conversationId).toBe('a:1personal-291ada-lovelace');
    expect(cardOf(1).actions?.[0]).toMatchObject({ type: 'Action.OpenUrl', title: 'Download CSV', url: expect.stringMatching(/^https:\/\/datathread\.example\.com\/downloads\/csv\//) });
    expect(second!.conversationId).toBe(thread);
    expect(cardOf(2).body.map((element) => element.text)).toEqual(['Ada Lovelace, I sent you the CSV download link in our one-to-one chat.']);
    expect(cardOf(2).actions).toBeUndefined();
    const inThread = connector.messages().filter((message) => message.conversationId === thread);
    expect(JSON.stringify(inThread.map((message) => message.activity))).not.toContain('/downloads/csv/');
  });

  it('in a channel, when the private chat cannot be opened, says how to get the link and posts none', async () => {
    running = await startTeamsBot(workspace.variables, { csvLinks: links(), streamPersonalChats: false });
    const bot = running;
    workspace.fakeModel.enqueue({ toolCalls: [{ name: 'execute_sql', arguments: { sql_query: SQL } }] }, { text: 'Two regions.' });
    await postActivity(bot.baseUrl, channelMention(connector.url, 'csv-root-4', 'orders?'));
    await bot.channel.idle();
    const csvButton = cardOf(0).actions!.find((action) => action.title === 'CSV')!;
    connector.refusePrivateChats();

    await postActivity(bot.baseUrl, channelCardClick(connector.url, 'csv-click-4', 'csv-root-4', connector.messages()[0]!.assignedId!, csvButton.data));
    await bot.channel.idle();
    expect(connector.messages()).toHaveLength(2);
    expect(connector.messages()[1]!.conversationId).toBe(`${CHANNEL_ID};messageid=csv-root-4`);
    expect(cardOf(1).body.map((element) => element.text)).toEqual([CSV_NOT_SENT_PRIVATELY_SENTENCE]);
    expect(JSON.stringify(connector.messages().map((message) => message.activity))).not.toContain('/downloads/csv/');
  });

  it('refuses a correctly signed link whose body is not a link (JSON that is not an object) with 403 and a sentence', async () => {
    running = await startTeamsBot(workspace.variables, { csvLinks: links(), streamPersonalChats: false });
    const signingKey = Buffer.from(hkdfSync('sha256', Buffer.alloc(32, 7), Buffer.alloc(0), 'datathread csv download links', 32));
    for (const json of ['null', '42', '"query_1"', '[1,2]', '{"t":"teams:x","q":"query_1","e":1e15}']) {
      const body = Buffer.from(json, 'utf8').toString('base64url');
      const signature = createHmac('sha256', signingKey).update(body).digest('base64url');
      const response = await fetch(`${running.baseUrl}/downloads/csv/${body}.${signature}`);
      expect([json, response.status, await response.text()]).toEqual([json, 403, 'This download link was not issued by datathread.\n']);
    }
  });
});
