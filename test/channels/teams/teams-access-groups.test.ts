// Access by a named group in Teams through the Agents SDK over HTTP: the shop database is granted
// to the group `analysts`, which lists Ada's Entra object id. Ada's question queries it and her
// CSV click is answered with a link (the click checks her groups too); Grace, in no group, gets
// no database.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CsvDownloadLinks } from '../../../src/server/csv-download-links.js';
import { toolResultsIn } from '../../fakes/openai-server.js';
import { startFakeBotConnector, type FakeBotConnector } from '../../fakes/bot-connector-server.js';
import { createE2eWorkspace, SCRIPTED_MODEL, type E2eWorkspace } from '../../support/e2e-workspace.js';
import { startTeamsBot, stopTeamsBot, type RunningTeamsBot } from './support/teams-bot.js';
import { ADA, BOT_ID, BOT_NAME, GRACE, personalMessage, postActivity } from './teams-activities.js';

const SQL = 'SELECT region, SUM(amount) AS total FROM orders GROUP BY region ORDER BY region';
const CONFIG = {
  databases: [{ name: 'shop', type: 'duckdb', path: 'shop.duckdb' }],
  agent: { model: SCRIPTED_MODEL },
  groups: { analysts: [ADA.aadObjectId] },
  access: { rules: [{ databases: ['shop'], groups: ['analysts'] }] },
};

let workspace: E2eWorkspace;
let connector: FakeBotConnector;
let running: RunningTeamsBot | undefined;

beforeAll(async () => {
  workspace = await createE2eWorkspace({ prefix: 'teams-groups', config: CONFIG, duckdb: ['CREATE TABLE orders (region VARCHAR, amount INTEGER)', "INSERT INTO orders VALUES ('North', 240), ('South', 250)"] });
  connector = await startFakeBotConnector();
});

afterEach(async () => {
  connector.clear();
  await stopTeamsBot(running);
  running = undefined;
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

async function ask(person: typeof ADA, id: string): Promise<string> {
  const before = workspace.fakeModel.requests.length;
  workspace.fakeModel.enqueue({ toolCalls: [{ name: 'execute_sql', arguments: { sql_query: SQL, database_id: 'shop' } }] }, { text: 'Two regions.' });
  await postActivity(running!.baseUrl, { ...personalMessage(connector.url, id, 'orders by region?'), from: person });
  await running!.channel.idle();
  return toolResultsIn(workspace.fakeModel.requests[before + 1]!).join('\n');
}

describe('Teams access by named group', () => {
  it('a member of the group gets the database and its CSV; someone in no group gets no database', async () => {
    running = await startTeamsBot(workspace.variables, { csvLinks: new CsvDownloadLinks(Buffer.alloc(32, 7), 'https://datathread.example.com/', () => new Date()), streamPersonalChats: false, checkClickAccess: true });
    expect(await ask(ADA, 'groups-1')).toContain('North');
    const csvButton = cardOf(0).actions?.find((action) => action.title === 'CSV');
    expect(csvButton).toBeDefined();
    const click = { ...personalMessage(connector.url, 'groups-click', ''), text: undefined, replyToId: connector.messages()[0]?.assignedId, value: csvButton!.data, from: ADA, recipient: { id: BOT_ID, name: BOT_NAME } };
    await postActivity(running.baseUrl, click);
    await running.channel.idle();
    expect(cardOf(1).body[0]?.text).toContain('CSV of region, total: 2 rows from shop.');
    expect(cardOf(1).actions?.[0]).toMatchObject({ type: 'Action.OpenUrl', title: 'Download CSV' });

    expect(await ask(GRACE, 'groups-2')).toContain('No database is available to this user in this place');
  });
});
