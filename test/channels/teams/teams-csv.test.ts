// CSV in Teams end to end: an answer that ran a query has a CSV button; a click is answered (from
// the store, no model call) with a card holding a signed download link served by datathread's own
// HTTP server; the link returns the stored rows as CSV, a tampered link is refused, an expired one
// says so, and a link cannot reach another thread's result.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CsvDownloadLinks } from '../../../src/server/csv-download-links.js';
import { startFakeBotConnector, type FakeBotConnector } from '../../fakes/bot-connector-server.js';
import { createE2eWorkspace, type E2eWorkspace } from '../../support/e2e-workspace.js';
import { startTeamsBot, stopTeamsBot, type RunningTeamsBot } from './support/teams-bot.js';
import { attachmentProblemsIn } from './adaptive-card-validation.js';
import { ADA, BOT_ID, BOT_NAME, TENANT_ID, personalMessage, postActivity } from './teams-activities.js';

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
    expect(linkCard.body[0]?.text).toMatch(/^CSV of query_\w+: 2 rows from shop\. The link works for 15 minutes\.$/);
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
});
