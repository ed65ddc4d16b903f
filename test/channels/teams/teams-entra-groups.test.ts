// Access by Entra ID group in Teams through the Agents SDK over HTTP: the shop database is granted
// to `entra-group:<finance>`. The asker's groups come from a local Microsoft Graph
// (checkMemberGroups) called with an app token that msal-node gets from the local Entra ID by
// client credentials; the Graph fake checks that token's signature and audience. The application's
// clock is injected, so the 5-minute refresh is crossed without waiting.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createGraphMemberGroups } from '../../../src/identity/graph-member-groups.js';
import { GROUP_MEMBERSHIP_REFRESH_MS } from '../../../src/access/membership-cache.js';
import { toolResultsIn } from '../../fakes/openai-server.js';
import { startFakeBotConnector, type FakeBotConnector } from '../../fakes/bot-connector-server.js';
import { startFakeEntra, type FakeEntra } from '../../fakes/entra-server.js';
import { startFakeGraph, type FakeGraph } from '../../fakes/graph-server.js';
import { createE2eWorkspace, SCRIPTED_MODEL, type E2eWorkspace } from '../../support/e2e-workspace.js';
import { startTeamsBot, stopTeamsBot, type RunningTeamsBot } from './support/teams-bot.js';
import { ADA, GRACE, personalMessage, postActivity } from './teams-activities.js';

const FINANCE = '9a8b7c6d-1111-4e2f-8a9b-00000000f1a0';
const OTHER_GROUP = '9a8b7c6d-2222-4e2f-8a9b-00000000f1a0';
const SQL = 'SELECT region, SUM(amount) AS total FROM orders GROUP BY region ORDER BY region';
const NO_DATABASE = 'No database is available to this user in this place';
const CONFIG = {
  databases: [{ name: 'shop', type: 'duckdb', path: 'shop.duckdb' }],
  agent: { model: SCRIPTED_MODEL },
  access: { rules: [{ databases: ['shop'], groups: [`entra-group:${FINANCE}`] }] },
};

let workspace: E2eWorkspace;
let connector: FakeBotConnector;
let entra: FakeEntra;
let graph: FakeGraph;
let running: RunningTeamsBot | undefined;
let nowMs: number;
let turn = 0;

beforeAll(async () => {
  workspace = await createE2eWorkspace({ prefix: 'teams-entra-groups', config: CONFIG, duckdb: ['CREATE TABLE orders (region VARCHAR, amount INTEGER)', "INSERT INTO orders VALUES ('North', 240), ('South', 250)"] });
  connector = await startFakeBotConnector();
  entra = await startFakeEntra();
  graph = await startFakeGraph(entra);
});

beforeEach(async () => {
  nowMs = Date.parse('2026-03-02T10:15:00.000Z');
  graph.up();
  graph.grantPermission(true);
  graph.setMemberships(ADA.aadObjectId, [FINANCE]);
  graph.setMemberships(GRACE.aadObjectId, [OTHER_GROUP]);
  graph.requests.length = 0;
  const clock = () => new Date(nowMs);
  const checkMemberGroups = createGraphMemberGroups({
    entra: { clientId: entra.clientId, clientSecret: entra.clientSecret, authority: entra.authority, networkClient: entra.networkClient },
    graphUrl: graph.url,
  });
  running = await startTeamsBot(workspace.variables, { streamPersonalChats: false, clock, entraGroups: { groupIds: [FINANCE], checkMemberGroups, clock } });
});

afterEach(async () => {
  connector.clear();
  await stopTeamsBot(running);
  running = undefined;
});

afterAll(async () => {
  await connector.close();
  await graph.close();
  await entra.close();
  await workspace.close();
});

/** One question in a personal chat; returns what execute_sql told the model. */
async function ask(person: typeof ADA): Promise<string> {
  turn += 1;
  const before = workspace.fakeModel.requests.length;
  workspace.fakeModel.enqueue({ toolCalls: [{ name: 'execute_sql', arguments: { sql_query: SQL, database_id: 'shop' } }] }, { text: 'Two regions.' });
  await postActivity(running!.baseUrl, { ...personalMessage(connector.url, `entra-groups-${turn}`, 'orders by region?'), from: person });
  await running!.channel.idle();
  return toolResultsIn(workspace.fakeModel.requests[before + 1]!).join('\n');
}

const graphCallsFor = (person: typeof ADA) => graph.requests.filter((request) => request.path === `/v1.0/users/${person.aadObjectId}/checkMemberGroups`);

describe('Teams access by Entra ID group (Microsoft Graph)', () => {
  it('a member of the Entra group gets the database; a member of another group does not', async () => {
    expect(await ask(ADA)).toContain('North');
    expect(await ask(GRACE)).toContain(NO_DATABASE);
    expect(graphCallsFor(ADA)).toEqual([{ method: 'POST', path: `/v1.0/users/${ADA.aadObjectId}/checkMemberGroups`, groupIds: [FINANCE], status: 200 }]);
    expect(graphCallsFor(GRACE).map((call) => call.status)).toEqual([200]);
    // The app token Graph accepted: client credentials, audience Graph.
    const appTokens = entra.issued.filter((token) => token.grantType === 'client_credentials');
    expect(appTokens.length).toBeGreaterThan(0);
    expect(appTokens.every((token) => token.audience === 'https://graph.microsoft.com')).toBe(true);
  });

  it('a membership change in Entra applies once the refresh period has passed, not before', async () => {
    expect(await ask(ADA)).toContain('North');
    graph.setMemberships(ADA.aadObjectId, []);
    graph.setMemberships(GRACE.aadObjectId, [FINANCE]);
    expect(await ask(GRACE)).toContain('North');
    nowMs += GROUP_MEMBERSHIP_REFRESH_MS - 1000;
    expect(await ask(ADA)).toContain('North');
    expect(graphCallsFor(ADA)).toHaveLength(1);
    nowMs += 2000;
    expect(await ask(ADA)).toContain(NO_DATABASE);
    expect(graphCallsFor(ADA)).toHaveLength(2);
  });

  it('with Graph down the last answer is kept, and no one gets a group Graph has not confirmed', async () => {
    expect(await ask(ADA)).toContain('North');
    graph.down();
    graph.setMemberships(GRACE.aadObjectId, [FINANCE]);
    nowMs += GROUP_MEMBERSHIP_REFRESH_MS + 1000;
    expect(await ask(ADA)).toContain('North');
    expect(await ask(GRACE)).toContain(NO_DATABASE);
    expect(graphCallsFor(ADA).map((call) => call.status)).toEqual([200, 503]);
    expect(graphCallsFor(GRACE).map((call) => call.status)).toEqual([503]);
    // Back up: Grace's new membership is read on her next question.
    graph.up();
    expect(await ask(GRACE)).toContain('North');
  });

  it('without the GroupMember.Read.All permission Graph answers 403 and the group grants nothing', async () => {
    graph.grantPermission(false);
    expect(await ask(ADA)).toContain(NO_DATABASE);
    expect(graphCallsFor(ADA).map((call) => call.status)).toEqual([403]);
  });
});
