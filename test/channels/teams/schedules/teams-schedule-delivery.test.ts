// Scheduled runs posted proactively into Teams through the real Agents SDK (continueConversation
// with the stored conversation reference) to the local Bot Framework connector: the report card in
// the channel thread with its chart inline; a conversation the bot was removed from (403) pauses the
// schedule and the owner hears it in their one-to-one chat with the bot; so does an owner who is no
// longer a member of the conversation, checked before the run.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { closeSharedChartRenderPool } from '../../../../src/charts/chart-render-pool.js';
import { startFakeBotConnector, type FakeBotConnector } from '../../../fakes/bot-connector-server.js';
import { newSchedule } from '../../../schedules/schedule-fixtures.js';
import { openScheduleBench, type ScheduleBench } from '../../../schedules/schedule-harness.js';
import { createE2eWorkspace, type E2eWorkspace } from '../../../support/e2e-workspace.js';
import { attachmentProblemsIn } from '../adaptive-card-validation.js';
import { startTeamsBot, stopTeamsBot, type RunningTeamsBot } from '../support/teams-bot.js';
import { ADA, BOT_ID, BOT_NAME, CHANNEL_ID, TENANT_ID } from '../teams-activities.js';

const REVENUE_CHART = { query_id: 'query_revenue1', chart_type: 'bar', x_axis_key: 'region', x_axis_type: 'category', series: [{ data_key: 'revenue' }], title: 'Revenue by region' };
const THREAD_CONVERSATION = `${CHANNEL_ID};messageid=1700000000100`;

let workspace: E2eWorkspace;
let connector: FakeBotConnector;
let running: RunningTeamsBot | undefined;
let bench: ScheduleBench;

function teamsDelivery(conversationId: string) {
  return {
    target: {
      channelId: 'msteams',
      serviceUrl: connector.url,
      conversation: { id: conversationId, conversationType: 'channel', tenantId: TENANT_ID, isGroup: true },
      bot: { id: BOT_ID, name: BOT_NAME },
      user: ADA,
    },
    identity: {},
  };
}

type Card = { body: Array<{ type: string; text?: string; url?: string }>; actions?: Array<{ title: string; data?: unknown }> };

function cardOf(activity: Record<string, unknown>): Card {
  return (activity.attachments as Array<{ content: Card }>)[0]!.content;
}

beforeAll(async () => {
  workspace = await createE2eWorkspace({ prefix: 'teams-schedules', duckdb: ['CREATE TABLE unused (n INTEGER)'] });
  connector = await startFakeBotConnector();
});

beforeEach(async () => {
  bench = await openScheduleBench('2026-12-07T08:00:05Z');
  running = await startTeamsBot(workspace.variables);
});

afterEach(async () => {
  connector.clear();
  await stopTeamsBot(running);
  running = undefined;
  await bench.close();
});

afterAll(async () => {
  await connector.close();
  await workspace.close();
  await closeSharedChartRenderPool();
});

describe('Teams delivery of scheduled runs', () => {
  it('posts the report card into the stored channel thread with the chart inline and the rows', async () => {
    const schedule = newSchedule({
      owner: { platform: 'teams', userId: ADA.aadObjectId, displayName: ADA.name },
      delivery: teamsDelivery(THREAD_CONVERSATION),
      queries: [{ queryId: 'query_revenue1', databaseName: 'warehouse', sql: 'SELECT region, revenue FROM revenue ORDER BY region', chart: REVENUE_CHART }],
    });
    await bench.store.schedules.createSchedule(schedule);
    await bench.runDue({ delivery: running!.channel.scheduleDelivery });
    const messages = connector.messages();
    expect(messages).toHaveLength(1);
    expect(messages[0]!.conversationId).toBe(THREAD_CONVERSATION);
    expect(await attachmentProblemsIn(messages)).toEqual([]);
    const card = cardOf(messages[0]!.activity);
    expect(card.body[0]).toMatchObject({ type: 'TextBlock', text: '📅 Revenue by region' });
    expect(card.body[1]!.text).toMatch(/^as of Mon 7 Dec 2026, 09:00 CET \(Europe\/Berlin\)/);
    const image = card.body.find((element) => element.type === 'Image');
    expect(image!.url!.startsWith('data:image/png;base64,iVBORw0KGgo')).toBe(true);
    const cardText = JSON.stringify(card.body);
    expect(cardText).toContain('North');
    expect(cardText).toContain('120');
    expect(card.actions!.map((action) => action.title)).toEqual(['Pause', 'Edit time', 'Delete']);
    expect((await bench.store.schedules.listScheduleRuns(schedule.scheduleId))[0]).toMatchObject({ outcome: 'posted', postedMessageId: messages[0]!.assignedId });
  });

  it('pauses the schedule when the connector refuses the conversation (403) and tells the owner in a one-to-one chat', async () => {
    const schedule = newSchedule({ owner: { platform: 'teams', userId: ADA.aadObjectId, displayName: ADA.name }, delivery: teamsDelivery(THREAD_CONVERSATION) });
    await bench.store.schedules.createSchedule(schedule);
    connector.failNext({ status: 403 });
    await bench.runDue({ delivery: running!.channel.scheduleDelivery });
    expect((await bench.store.schedules.getSchedule(schedule.scheduleId))!.state).toBe('paused');
    const created = connector.createdConversations();
    expect(created).toHaveLength(1);
    expect(created[0]!.memberId).toBe(ADA.id);
    const notice = connector.messages().find((message) => message.conversationId === created[0]!.conversationId);
    expect(JSON.stringify(cardOf(notice!.activity).body)).toContain('Your schedule \\"Revenue by region\\" is paused: the bot can no longer post in that Teams conversation');
    // The bot cannot post where it was removed: no line is tried there (the fake refuses only once, so a try would show).
    expect(connector.messages().filter((message) => message.conversationId === THREAD_CONVERSATION)).toEqual([]);
  });

  it('a schedule whose owner lost access says so in its thread, naming who can resume it, besides the one-to-one notice', async () => {
    const schedule = newSchedule({ owner: { platform: 'teams', userId: ADA.aadObjectId, displayName: ADA.name }, delivery: teamsDelivery(THREAD_CONVERSATION) });
    await bench.store.schedules.createSchedule(schedule);
    bench.accessRules.push({ databases: ['warehouse'], users: ['someone-else@example.com'] });
    await bench.runDue({ delivery: running!.channel.scheduleDelivery });
    expect(await bench.store.schedules.getSchedule(schedule.scheduleId)).toMatchObject({ state: 'paused', pausedReason: 'the owner has no access to warehouse' });
    const inThread = connector.messages().filter((message) => message.conversationId === THREAD_CONVERSATION);
    expect(inThread.map((message) => cardOf(message.activity).body)).toEqual([
      [{ type: 'TextBlock', text: '⏸ The schedule "Revenue by region" is paused: the owner has no access to warehouse. Ada Lovelace (its owner) or an admin can resume it.', wrap: true, isSubtle: true }],
    ]);
    expect(await attachmentProblemsIn(inThread)).toEqual([]);
    const created = connector.createdConversations();
    const notice = connector.messages().find((message) => message.conversationId === created[0]?.conversationId);
    expect(JSON.stringify(cardOf(notice!.activity).body)).toContain('you no longer have access to the database \\"warehouse\\"');
  });

  it('pauses the schedule before it runs when the owner is no longer a member of the conversation (404), and tells them where possible', async () => {
    const schedule = newSchedule({ owner: { platform: 'teams', userId: ADA.aadObjectId, displayName: ADA.name }, delivery: teamsDelivery(THREAD_CONVERSATION) });
    await bench.store.schedules.createSchedule(schedule);
    connector.removeMember(ADA.id);
    await bench.runDue({ delivery: running!.channel.scheduleDelivery });
    const reason = 'the owner is no longer a member of that Teams conversation (left the team or the organisation)';
    expect(await bench.store.schedules.getSchedule(schedule.scheduleId)).toMatchObject({ state: 'paused', pausedReason: reason, consecutiveFailures: 0 });
    // No report; in the thread, one line says why the posts stopped and who can resume it.
    expect(connector.messages().filter((message) => message.conversationId === THREAD_CONVERSATION).map((message) => cardOf(message.activity).body.map((element) => element.text))).toEqual([
      [`⏸ The schedule "Revenue by region" is paused: ${reason}. Ada Lovelace (its owner) or an admin can resume it.`],
    ]);
    const created = connector.createdConversations();
    const notice = connector.messages().find((message) => message.conversationId === created[0]?.conversationId);
    expect(JSON.stringify(cardOf(notice!.activity).body)).toContain(`Your schedule \\"Revenue by region\\" is paused: ${reason}.`);
  });
});
