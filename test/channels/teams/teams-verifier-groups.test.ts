// Verifiers listed only through groups, in Teams, through the Agents SDK over HTTP against the local
// Bot Connector: `verification.verifiers` names the config group `group:reviewers` (Grace, by her
// Entra object id) and `entra-group:<finance>` (Ada, a member according to the local Microsoft
// Graph's checkMemberGroups, called with an app token from the local Entra ID). Their Verify clicks
// store the query and their Approve clicks apply a workspace memory; Alan, in neither group, is told
// why not in his one-to-one chat with the bot and nothing changes.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { NOT_A_VERIFIER_SENTENCE } from '../../../src/verified/answer-verification.js';
import { ONLY_VERIFIERS_REASON } from '../../../src/memory/memory-decisions.js';
import { createGraphMemberGroups } from '../../../src/identity/graph-member-groups.js';
import { startFakeBotConnector, type FakeBotConnector, type RecordedConnectorCall } from '../../fakes/bot-connector-server.js';
import { startFakeEntra, type FakeEntra } from '../../fakes/entra-server.js';
import { startFakeGraph, type FakeGraph } from '../../fakes/graph-server.js';
import { createE2eWorkspace, SCRIPTED_MODEL, type E2eWorkspace } from '../../support/e2e-workspace.js';
import { attachmentProblemsIn } from './adaptive-card-validation.js';
import { startTeamsBot, stopTeamsBot, type RunningTeamsBot } from './support/teams-bot.js';
import { ADA, CHANNEL_ID, GRACE, channelCardClick, channelMention, postActivity } from './teams-activities.js';

const FINANCE = '9a8b7c6d-1111-4e2f-8a9b-00000000f1a0';
const ALAN = { id: '29:1alan-turing', name: 'Alan Turing', aadObjectId: '4c0b5f2e-cccc-4f4f-9f9f-000000000003' };
const SALES_SQL = 'SELECT region, SUM(amount) AS total FROM orders GROUP BY region ORDER BY region';
const COUNT_SQL = 'SELECT region, COUNT(*) AS orders FROM orders GROUP BY region ORDER BY region';

let workspace: E2eWorkspace;
let connector: FakeBotConnector;
let entra: FakeEntra;
let graph: FakeGraph;
let bot: RunningTeamsBot | undefined;
let activityCounter = 0;

beforeAll(async () => {
  workspace = await createE2eWorkspace({
    prefix: 'teams-verifier-groups',
    config: {
      databases: [{ name: 'shop', type: 'duckdb', path: 'shop.duckdb' }],
      agent: { model: SCRIPTED_MODEL },
      groups: { reviewers: [GRACE.aadObjectId] },
      verification: { verifiers: ['group:reviewers', `entra-group:${FINANCE}`] },
    },
    duckdb: ['CREATE TABLE orders (region VARCHAR, amount INTEGER)', "INSERT INTO orders VALUES ('North', 240), ('South', 250)"],
  });
  connector = await startFakeBotConnector();
  entra = await startFakeEntra();
  graph = await startFakeGraph(entra);
});

beforeEach(async () => {
  graph.up();
  graph.grantPermission(true);
  graph.setMemberships(ADA.aadObjectId, [FINANCE]);
  graph.setMemberships(GRACE.aadObjectId, []);
  graph.setMemberships(ALAN.aadObjectId, []);
  const checkMemberGroups = createGraphMemberGroups({
    entra: { clientId: entra.clientId, clientSecret: entra.clientSecret, authority: entra.authority, networkClient: entra.networkClient },
    graphUrl: graph.url,
  });
  bot = await startTeamsBot(workspace.variables, { streamPersonalChats: false, entraGroups: { groupIds: [FINANCE], checkMemberGroups } });
});

afterEach(async () => {
  expect(await attachmentProblemsIn(connector.messages())).toEqual([]);
  connector.clear();
  await stopTeamsBot(bot);
  bot = undefined;
  expect(workspace.fakeModel.pending()).toBe(0);
});

afterAll(async () => {
  await connector.close();
  await graph.close();
  await entra.close();
  await workspace.close();
});

type Card = { body: Array<{ text?: string }>; actions?: Array<{ title: string; data?: Record<string, unknown> }> };

function nextId(): string {
  activityCounter += 1;
  return `1772460${String(activityCounter).padStart(6, '0')}`;
}

function cardOf(call: RecordedConnectorCall): Card | undefined {
  return (call.activity.attachments as Array<{ content: Card }> | undefined)?.[0]?.content;
}

/** Alan asks in the channel and the model's answer runs `sql`; returns the root id, the answer's activity id and its Verify data. */
async function askAsAlan(sql: string): Promise<{ rootId: string; answerId: string; verify: Record<string, unknown> }> {
  const rootId = nextId();
  const before = connector.messages().length;
  workspace.fakeModel.enqueue({ toolCalls: [{ name: 'execute_sql', arguments: { sql_query: sql } }] }, { text: 'South leads.' });
  await postActivity(bot!.baseUrl, channelMention(connector.url, rootId, 'orders by region?', ALAN));
  await bot!.channel.idle();
  const answer = connector.messages().slice(before).find((call) => cardOf(call)?.actions?.some((action) => action.title === '✓ Verify'));
  const verify = cardOf(answer!)!.actions!.find((action) => action.title === '✓ Verify')!.data!;
  return { rootId, answerId: answer!.assignedId!, verify };
}

/** Alan proposes a workspace memory; returns the root id, the memory card's call and the memory id. */
async function proposeAsAlan(text: string): Promise<{ rootId: string; call: RecordedConnectorCall; memoryId: string }> {
  const rootId = nextId();
  const before = connector.messages().length;
  workspace.fakeModel.enqueue({ toolCalls: [{ name: 'remember', arguments: { action: 'propose', text, scope: 'workspace' } }] }, { text: 'Noted.' });
  await postActivity(bot!.baseUrl, channelMention(connector.url, rootId, text, ALAN));
  await bot!.channel.idle();
  const call = connector.messages().slice(before).find((each) => cardOf(each)?.body[0]?.text?.startsWith('🧠'))!;
  return { rootId, call, memoryId: String(cardOf(call)!.actions![0]!.data!.memoryId) };
}

/** A click on a card in the thread of `rootId`; returns what the bot sent because of it. */
async function click(rootId: string, cardActivityId: string, data: Record<string, unknown>, from: typeof ADA): Promise<RecordedConnectorCall[]> {
  const before = connector.messages().length;
  expect((await postActivity(bot!.baseUrl, channelCardClick(connector.url, nextId(), rootId, cardActivityId, data, from))).status).toBe(200);
  await bot!.channel.idle();
  return connector.messages().slice(before);
}

async function verifiedBy(): Promise<string[]> {
  return (await bot!.application.store.verifiedQueries.listVerifiedQueries()).map((query) => `${query.verifiedBy.displayName}: ${query.sql}`).sort();
}

describe('Teams verifiers listed through groups', () => {
  it('a member of the config group and a member of the Entra group can Verify; someone in neither is told privately', async () => {
    const first = await askAsAlan(SALES_SQL);
    const toAlan = await click(first.rootId, first.answerId, first.verify, ALAN);
    expect(toAlan.map((call) => call.conversationId)).toEqual(['a:1personal-291alan-turing']);
    expect(cardOf(toAlan[0]!)?.body.map((element) => element.text)).toEqual([NOT_A_VERIFIER_SENTENCE]);
    expect(await verifiedBy()).toEqual([]);

    // Grace is a verifier only as a member of group:reviewers.
    const toThread = await click(first.rootId, first.answerId, first.verify, GRACE);
    expect(toThread.map((call) => call.conversationId)).toEqual([`${CHANNEL_ID};messageid=${first.rootId}`]);
    expect(await verifiedBy()).toEqual([`Grace Hopper: ${SALES_SQL}`]);

    // Ada is a verifier only as a member of the Entra group, as Graph says.
    const second = await askAsAlan(COUNT_SQL);
    await click(second.rootId, second.answerId, second.verify, ADA);
    expect(await verifiedBy()).toEqual([`Ada Lovelace: ${COUNT_SQL}`, `Grace Hopper: ${SALES_SQL}`]);
    expect(graph.requests.some((request) => request.path === `/v1.0/users/${ADA.aadObjectId}/checkMemberGroups` && request.status === 200)).toBe(true);
  });

  it('group members approve workspace memories; someone in neither group is told why not and the memory stays pending', async () => {
    const fiscal = await proposeAsAlan('The fiscal year starts on 1 February.');
    const approve = { datathread: 'memory_approve', memoryId: fiscal.memoryId };
    const toAlan = await click(fiscal.rootId, fiscal.call.assignedId!, approve, ALAN);
    expect(toAlan.map((call) => call.conversationId)).toEqual(['a:1personal-291alan-turing']);
    expect(cardOf(toAlan[0]!)?.body[0]?.text).toBe(ONLY_VERIFIERS_REASON);
    expect((await bot!.application.store.memories.getMemory(fiscal.memoryId))?.status).toBe('pending');

    await click(fiscal.rootId, fiscal.call.assignedId!, approve, GRACE);
    expect(await bot!.application.store.memories.getMemory(fiscal.memoryId)).toMatchObject({ status: 'active', approvedBy: 'Grace Hopper' });

    const testAccounts = await proposeAsAlan('Orders exclude test accounts.');
    await click(testAccounts.rootId, testAccounts.call.assignedId!, { datathread: 'memory_approve', memoryId: testAccounts.memoryId }, ADA);
    expect(await bot!.application.store.memories.getMemory(testAccounts.memoryId)).toMatchObject({ status: 'active', approvedBy: 'Ada Lovelace' });
  });
});
