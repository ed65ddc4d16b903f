// Creating a schedule from a Teams channel thread, end to end: the real engine and store, the
// scripted model, the Agents SDK over HTTP against the local Bot Connector. The proposal is a card
// of its own with Confirm / Cancel; someone else's click is answered privately; the asker's Confirm
// redraws the card as "Scheduled: … · id …"; the scheduler (driven with a manual clock) then posts
// the report proactively into the same thread. An admin (here by a named group) may confirm someone
// else's proposal: the schedule stays the asker's, its owner notices go to the asker's one-to-one
// chat, and its posts link back to the thread (Teams' deep link to the channel message).
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { closeSharedChartRenderPool } from '../../../src/charts/chart-render-pool.js';
import { createLogger } from '../../../src/logging/logger.js';
import { createServerScheduleRunner } from '../../../src/schedules/server-schedule-runner.js';
import { startFakeBotConnector, type FakeBotConnector, type RecordedConnectorCall } from '../../fakes/bot-connector-server.js';
import { firstQueryIdIn, type FakeOpenAI } from '../../fakes/openai-server.js';
import { manualClock, sequentialIds } from '../../schedules/schedule-fixtures.js';
import { createE2eWorkspace, SCRIPTED_MODEL, type E2eWorkspace } from '../../support/e2e-workspace.js';
import { attachmentProblemsIn } from './adaptive-card-validation.js';
import { startTeamsBot, stopTeamsBot, type RunningTeamsBot } from './support/teams-bot.js';
import { ADA, CHANNEL_ID, GRACE, TEAM_ID, TENANT_ID, channelCardClick, channelMention, postActivity } from './teams-activities.js';

const SALES_SQL = 'SELECT region, SUM(amount) AS total FROM orders GROUP BY region ORDER BY region';
/** A workspace admin through the named group `schedule-admins`, not by name. */
const MEGAN = { id: '29:1megan-bowen', name: 'Megan Bowen', aadObjectId: '4c0b5f2e-cccc-4f4f-9f9f-000000000003' };
/** The team's Microsoft 365 group, as Teams names it in a channel activity's `channelData.team`. */
const TEAM_GROUP_ID = 'a1b2c3d4-0000-4e5f-8a9b-0c1d2e3f4a5b';

let workspace: E2eWorkspace;
let fakeModel: FakeOpenAI;
let connector: FakeBotConnector;
let bot: RunningTeamsBot;

beforeAll(async () => {
  workspace = await createE2eWorkspace({
    prefix: 'teams-schedule-create',
    duckdb: ['CREATE TABLE orders (region VARCHAR, amount INTEGER)', "INSERT INTO orders VALUES ('North', 300), ('South', 50)"],
    config: {
      databases: [{ name: 'shop', type: 'duckdb', path: 'shop.duckdb' }],
      agent: { model: SCRIPTED_MODEL },
      schedules: { default_timezone: 'Europe/Berlin' },
      groups: { 'schedule-admins': [MEGAN.aadObjectId] },
      admins: ['group:schedule-admins'],
    },
  });
  fakeModel = workspace.fakeModel;
  connector = await startFakeBotConnector();
  // checkClickAccess wires the group membership reader, as attach-channels.ts does.
  bot = await startTeamsBot(workspace.variables, { streamPersonalChats: false, checkClickAccess: true });
});

afterEach(async () => {
  expect(await attachmentProblemsIn(connector.messages())).toEqual([]);
  expect(fakeModel.pending()).toBe(0);
});

afterAll(async () => {
  await stopTeamsBot(bot);
  await closeSharedChartRenderPool();
  await connector.close();
  await workspace.close();
});

type Card = { body: Array<{ type: string; text?: string; url?: string }>; actions?: Array<{ type: string; title: string; data: Record<string, unknown>; style?: string }> };

function cardOf(call: RecordedConnectorCall): Card | undefined {
  const attachment = (call.activity.attachments as Array<{ content: unknown }> | undefined)?.[0];
  return attachment?.content as Card | undefined;
}

describe('Teams: a schedule made from the thread', () => {
  it('confirmation card → Confirm by the asker (not someone else) → the scheduler posts the report into the thread', async () => {
    const rootId = '1772460000001';
    fakeModel.enqueue(
      { toolCalls: [{ name: 'execute_sql', arguments: { sql_query: SALES_SQL } }] },
      (request) => ({ toolCalls: [{ name: 'display_chart', arguments: { query_id: firstQueryIdIn(request), chart_type: 'bar', x_axis_key: 'region', x_axis_type: 'category', series: [{ data_key: 'total' }], title: 'Sales by region' } }] }),
      (request) => ({ toolCalls: [{ name: 'schedule', arguments: { query_ids: [firstQueryIdIn(request)], cron: '0 9 * * 1', title: 'Sales by region' } }] }),
      { text: 'Confirm it below and it starts.' },
    );
    // The asker's Teams client reports their zone: the schedule runs on it.
    const activity = { ...channelMention(connector.url, rootId, 'send me sales by region every Monday at 9', ADA), localTimezone: 'Europe/London' };
    expect((await postActivity(bot.baseUrl, activity)).status).toBe(200);
    await bot.channel.idle();
    const call = connector.messages().find((each) => cardOf(each)?.body[0]?.text?.startsWith('📅 **Schedule this?**'));
    expect(call).toBeDefined();
    const card = cardOf(call!)!;
    expect(call!.conversationId).toBe(`${CHANNEL_ID};messageid=${rootId}`);
    expect(card.body[0]?.text).toMatch(/^📅 \*\*Schedule this\?\*\* Every Monday at 09:00 Europe\/London, starting \d+ \w+: the Sales by region chart, in this thread$/);
    expect(card.body[1]?.text).toBe('Only Ada Lovelace or a workspace admin can confirm · expires in 24 hours');
    const proposalId = String(card.actions?.[0]?.data.proposalId);
    expect(card.actions).toEqual([
      { type: 'Action.Submit', title: 'Confirm', data: { datathread: 'schedule_confirm', proposalId }, style: 'positive' },
      { type: 'Action.Submit', title: 'Cancel', data: { datathread: 'schedule_cancel', proposalId } },
    ]);

    const before = connector.messages().length;
    expect((await postActivity(bot.baseUrl, channelCardClick(connector.url, '1772460000002', rootId, call!.assignedId!, { datathread: 'schedule_confirm', proposalId }, GRACE))).status).toBe(200);
    await bot.channel.idle();
    const told = connector.messages().slice(before);
    expect(told).toHaveLength(1);
    expect(told[0]!.conversationId).not.toContain(CHANNEL_ID);
    expect(cardOf(told[0]!)?.body[0]?.text).toBe('Only Ada Lovelace, who asked for this schedule, or a workspace admin can confirm or cancel it.');
    expect(await bot.application.store.schedules.listSchedules()).toEqual([]);

    expect((await postActivity(bot.baseUrl, channelCardClick(connector.url, '1772460000003', rootId, call!.assignedId!, { datathread: 'schedule_confirm', proposalId }, ADA))).status).toBe(200);
    await bot.channel.idle();
    const [schedule] = await bot.application.store.schedules.listSchedules();
    expect(schedule).toMatchObject({ cron: '0 9 * * 1', timeZone: 'Europe/London', owner: { platform: 'teams', userId: ADA.aadObjectId } });
    const update = connector.updates().filter((each) => each.activityId === call!.assignedId).at(-1);
    expect(cardOf(update!)?.body[0]?.text).toBe(`📅 Scheduled: ${card.body[0]!.text!.slice('📅 **Schedule this?** '.length)} · id ${schedule!.scheduleId}`);
    expect(cardOf(update!)?.actions).toBeUndefined();

    const clock = manualClock(schedule!.nextRunAt.toISOString());
    const runner = createServerScheduleRunner({
      store: bot.application.store,
      databases: bot.application.databases,
      config: bot.application.config,
      groupMembership: bot.application.groupMembership,
      deliveries: { teams: bot.channel.scheduleDelivery },
      clock,
      createId: sequentialIds('_teams_create'),
      logger: createLogger({ level: 'error', write: () => undefined }),
    });
    const beforeRun = connector.messages().length;
    await runner.tick();
    const posts = connector.messages().slice(beforeRun);
    expect(posts).toHaveLength(1);
    expect(posts[0]!.conversationId).toBe(`${CHANNEL_ID};messageid=${rootId}`);
    const posted = cardOf(posts[0]!)!;
    expect(posted.body[0]?.text).toBe('📅 Sales by region');
    expect(posted.body.some((element) => element.type === 'Image' && element.url?.startsWith('data:image/png;base64,'))).toBe(true);
    expect(JSON.stringify(posted.body)).toContain('300');
    expect((await bot.application.store.schedules.listScheduleRuns(schedule!.scheduleId)).map((run) => run.outcome)).toEqual(['posted']);
  });

  it('an admin by group confirms Ada\'s proposal: the schedule stays hers (notices reach her chat) and its posts link back to the thread', async () => {
    const rootId = '1772460000101';
    fakeModel.enqueue(
      { toolCalls: [{ name: 'execute_sql', arguments: { sql_query: SALES_SQL } }] },
      (request) => ({ toolCalls: [{ name: 'schedule', arguments: { query_ids: [firstQueryIdIn(request)], cron: '0 9 * * 1', timezone: 'Europe/Berlin', title: 'Weekly sales' } }] }),
      { text: 'Confirm it below and it starts.' },
    );
    expect((await postActivity(bot.baseUrl, channelMention(connector.url, rootId, 'send me sales by region every Monday at 9', ADA))).status).toBe(200);
    await bot.channel.idle();
    const call = connector.messages().find((each) => each.conversationId === `${CHANNEL_ID};messageid=${rootId}` && cardOf(each)?.body[0]?.text?.startsWith('📅 **Schedule this?**'))!;
    const proposalId = String(cardOf(call)!.actions?.[0]?.data.proposalId);

    const click = channelCardClick(connector.url, '1772460000102', rootId, call.assignedId!, { datathread: 'schedule_confirm', proposalId }, MEGAN);
    const withTeamGroup = { ...click, channelData: { ...click.channelData, team: { id: TEAM_ID, aadGroupId: TEAM_GROUP_ID } } };
    expect((await postActivity(bot.baseUrl, withTeamGroup)).status).toBe(200);
    await bot.channel.idle();
    const schedule = (await bot.application.store.schedules.listSchedules()).find((each) => each.title === 'Weekly sales')!;
    expect(schedule.owner).toMatchObject({ platform: 'teams', userId: ADA.aadObjectId, displayName: ADA.name, address: { id: ADA.id, name: ADA.name, aadObjectId: ADA.aadObjectId } });
    expect(await bot.application.store.scheduleProposals.getScheduleProposal(proposalId)).toMatchObject({ state: 'confirmed', decidedBy: MEGAN.aadObjectId });
    // The stored conversation reference names the asker, not the admin who clicked.
    expect((schedule.delivery as { target: { user: unknown } }).target.user).toEqual({ id: ADA.id, name: ADA.name, aadObjectId: ADA.aadObjectId });
    const link = `https://teams.microsoft.com/l/message/${encodeURIComponent(CHANNEL_ID)}/${rootId}?tenantId=${TENANT_ID}&groupId=${TEAM_GROUP_ID}&parentMessageId=${rootId}`;
    expect(schedule.sourceLink).toBe(link);

    const beforeNotice = connector.messages().length;
    await bot.channel.scheduleDelivery.tellOwner(schedule, 'Paused "Weekly sales": it failed 3 times in a row.');
    const notices = connector.messages().slice(beforeNotice);
    expect(notices.map((notice) => notice.conversationId)).toEqual([`a:1personal-${ADA.id.replace(/[^A-Za-z0-9-]/g, '')}`]);

    const runner = createServerScheduleRunner({
      store: bot.application.store,
      databases: bot.application.databases,
      config: bot.application.config,
      groupMembership: bot.application.groupMembership,
      deliveries: { teams: bot.channel.scheduleDelivery },
      clock: manualClock(schedule.nextRunAt.toISOString()),
      createId: sequentialIds('_teams_link'),
      logger: createLogger({ level: 'error', write: () => undefined }),
    });
    const beforeRun = connector.messages().length;
    await runner.tick();
    const posts = connector.messages().slice(beforeRun).filter((each) => cardOf(each)?.body[0]?.text === '📅 Weekly sales');
    expect(posts).toHaveLength(1);
    expect(JSON.stringify(cardOf(posts[0]!)!.body)).toContain(JSON.stringify(`[from this thread](${link})`).slice(1, -1));
  });
});
