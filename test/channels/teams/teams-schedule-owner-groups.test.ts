// A schedule runs with its owner's Entra ID groups, end to end on Teams: the `hr` database is
// granted only to `entra-group:<people>`. Ada's membership comes from a local Microsoft Graph
// (checkMemberGroups) called with an app token msal-node gets from the local Entra ID by client
// credentials; the Graph fake checks that token's signature and audience. Ada asks in a channel
// thread (chat grants hr through the group), confirms the proposed schedule, and the scheduler —
// built as `datathread serve` builds it, with the application's group membership — posts the report
// into the thread through the Agents SDK and the local Bot Connector; the schedule stays active.
// Once Graph says she left the group, the next run pauses the schedule and posts nothing.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { closeSharedChartRenderPool } from '../../../src/charts/chart-render-pool.js';
import { createGraphMemberGroups } from '../../../src/identity/graph-member-groups.js';
import { createLogger } from '../../../src/logging/logger.js';
import { createServerScheduleRunner } from '../../../src/schedules/server-schedule-runner.js';
import { startFakeBotConnector, type FakeBotConnector, type RecordedConnectorCall } from '../../fakes/bot-connector-server.js';
import { startFakeEntra, type FakeEntra } from '../../fakes/entra-server.js';
import { startFakeGraph, type FakeGraph } from '../../fakes/graph-server.js';
import { firstQueryIdIn } from '../../fakes/openai-server.js';
import { manualClock, sequentialIds } from '../../schedules/schedule-fixtures.js';
import { createE2eWorkspace, SCRIPTED_MODEL, type E2eWorkspace } from '../../support/e2e-workspace.js';
import { startTeamsBot, stopTeamsBot, type RunningTeamsBot } from './support/teams-bot.js';
import { ADA, CHANNEL_ID, channelCardClick, channelMention, postActivity } from './teams-activities.js';

const PEOPLE = '7e6d5c4b-3333-4e2f-8a9b-00000000beef';
const SALES_SQL = 'SELECT region, SUM(amount) AS total FROM orders GROUP BY region ORDER BY region';

let workspace: E2eWorkspace;
let connector: FakeBotConnector;
let entra: FakeEntra;
let graph: FakeGraph;
let bot: RunningTeamsBot;

beforeAll(async () => {
  workspace = await createE2eWorkspace({
    prefix: 'teams-schedule-owner-groups',
    duckdb: ['CREATE TABLE orders (region VARCHAR, amount INTEGER)', "INSERT INTO orders VALUES ('North', 300), ('South', 50)"],
    config: {
      databases: [{ name: 'hr', type: 'duckdb', path: 'shop.duckdb' }],
      agent: { model: SCRIPTED_MODEL },
      schedules: { default_timezone: 'Europe/Berlin' },
      access: { rules: [{ databases: ['hr'], groups: [`entra-group:${PEOPLE}`] }] },
    },
  });
  connector = await startFakeBotConnector();
  entra = await startFakeEntra();
  graph = await startFakeGraph(entra, { [ADA.aadObjectId]: [PEOPLE] });
  const checkMemberGroups = createGraphMemberGroups({
    entra: { clientId: entra.clientId, clientSecret: entra.clientSecret, authority: entra.authority, networkClient: entra.networkClient },
    graphUrl: graph.url,
  });
  // Every check asks Graph again, so a membership change shows at the next run.
  bot = await startTeamsBot(workspace.variables, { streamPersonalChats: false, entraGroups: { groupIds: [PEOPLE], checkMemberGroups, refreshMs: 0 } });
});

afterEach(() => {
  expect(workspace.fakeModel.pending()).toBe(0);
});

afterAll(async () => {
  await stopTeamsBot(bot);
  await closeSharedChartRenderPool();
  await connector.close();
  await graph.close();
  await entra.close();
  await workspace.close();
});

type Card = { body: Array<{ type: string; text?: string }>; actions?: Array<{ data: Record<string, unknown> }> };

function cardOf(call: RecordedConnectorCall): Card | undefined {
  return (call.activity.attachments as Array<{ content: unknown }> | undefined)?.[0]?.content as Card | undefined;
}

describe('Teams: a schedule runs with its owner’s Entra ID groups', () => {
  it('posts the report of an owner granted hr through an Entra group, stays active, and pauses once Graph says she left', async () => {
    const rootId = '1772470000001';
    workspace.fakeModel.enqueue(
      { toolCalls: [{ name: 'execute_sql', arguments: { sql_query: SALES_SQL, database_id: 'hr' } }] },
      (request) => ({ toolCalls: [{ name: 'schedule', arguments: { query_ids: [firstQueryIdIn(request)], cron: '0 9 * * 1', title: 'HR by region' } }] }),
      { text: 'Confirm it below and it starts.' },
    );
    expect((await postActivity(bot.baseUrl, channelMention(connector.url, rootId, 'send me hr by region every Monday at 9', ADA))).status).toBe(200);
    await bot.channel.idle();
    const proposal = connector.messages().find((each) => cardOf(each)?.body[0]?.text?.startsWith('📅 **Schedule this?**'));
    expect(proposal).toBeDefined();
    const proposalId = String(cardOf(proposal!)!.actions?.[0]?.data.proposalId);
    expect((await postActivity(bot.baseUrl, channelCardClick(connector.url, '1772470000002', rootId, proposal!.assignedId!, { datathread: 'schedule_confirm', proposalId }, ADA))).status).toBe(200);
    await bot.channel.idle();
    const [schedule] = await bot.application.store.schedules.listSchedules();
    expect(schedule).toMatchObject({ title: 'HR by region', owner: { platform: 'teams', userId: ADA.aadObjectId } });

    const clock = manualClock(schedule!.nextRunAt.toISOString());
    const runner = createServerScheduleRunner({
      store: bot.application.store,
      databases: bot.application.databases,
      config: bot.application.config,
      groupMembership: bot.application.groupMembership,
      deliveries: { teams: bot.channel.scheduleDelivery },
      clock,
      createId: sequentialIds('_teams_owner_groups'),
      logger: createLogger({ level: 'error', write: () => undefined }),
    });
    const postsOf = (from: number) => connector.messages().slice(from).filter((each) => each.conversationId === `${CHANNEL_ID};messageid=${rootId}` && cardOf(each)?.body[0]?.text === '📅 HR by region');
    const beforeRun = connector.messages().length;
    graph.requests.length = 0;
    await runner.tick();
    const posts = postsOf(beforeRun);
    expect(posts).toHaveLength(1);
    expect(JSON.stringify(cardOf(posts[0]!)!.body)).toContain('300');
    expect((await bot.application.store.schedules.getSchedule(schedule!.scheduleId))!.state).toBe('active');
    expect((await bot.application.store.schedules.listScheduleRuns(schedule!.scheduleId)).map((run) => run.outcome)).toEqual(['posted']);
    // The run asked Graph, with an app token Graph accepted.
    expect(graph.requests).toEqual([{ method: 'POST', path: `/v1.0/users/${ADA.aadObjectId}/checkMemberGroups`, groupIds: [PEOPLE], status: 200 }]);
    expect(entra.issued.filter((token) => token.grantType === 'client_credentials').every((token) => token.audience === 'https://graph.microsoft.com')).toBe(true);

    graph.setMemberships(ADA.aadObjectId, []);
    clock.advance(7 * 24 * 60 * 60 * 1000);
    const beforeSecond = connector.messages().length;
    await runner.tick();
    expect(postsOf(beforeSecond)).toEqual([]);
    expect((await bot.application.store.schedules.getSchedule(schedule!.scheduleId))!.state).toBe('paused');
    expect((await bot.application.store.schedules.listScheduleRuns(schedule!.scheduleId)).map((run) => run.outcome)).toEqual(['posted', 'paused: the owner has no access to hr']);
  });
});
