// A story schedule posted proactively into Teams through the real Agents SDK to the local Bot
// Framework connector: each run re-runs the story's queries on DuckDB and posts one card with the
// scheduled header, the story (text, chart inline, table) and the schedule's buttons. The data
// changes between two runs: the second card carries the new numbers and a new chart.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { closeSharedChartRenderPool } from '../../../../src/charts/chart-render-pool.js';
import { startFakeBotConnector, type FakeBotConnector } from '../../../fakes/bot-connector-server.js';
import { openScheduleBench, type ScheduleBench } from '../../../schedules/schedule-harness.js';
import { createDuckDbWarehouse, runWithWarehouse, storySchedule, type DuckDbWarehouse } from '../../../schedules/story-schedule-fixtures.js';
import { createE2eWorkspace, type E2eWorkspace } from '../../../support/e2e-workspace.js';
import { attachmentProblemsIn } from '../adaptive-card-validation.js';
import { startTeamsBot, stopTeamsBot, type RunningTeamsBot } from '../support/teams-bot.js';
import { ADA, BOT_ID, BOT_NAME, CHANNEL_ID, TENANT_ID } from '../teams-activities.js';

const THREAD_CONVERSATION = `${CHANNEL_ID};messageid=1700000000100`;
const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

let workspace: E2eWorkspace;
let connector: FakeBotConnector;
let running: RunningTeamsBot | undefined;
let bench: ScheduleBench;
let warehouse: DuckDbWarehouse;

const delivery = () => ({
  target: {
    channelId: 'msteams',
    serviceUrl: connector.url,
    conversation: { id: THREAD_CONVERSATION, conversationType: 'channel', tenantId: TENANT_ID, isGroup: true },
    bot: { id: BOT_ID, name: BOT_NAME },
    user: ADA,
  },
  identity: {},
});

type Card = { body: Array<{ type: string; text?: string; url?: string }>; actions?: Array<{ title: string }> };

function cardOf(activity: Record<string, unknown>): Card {
  return (activity.attachments as Array<{ content: Card }>)[0]!.content;
}

beforeAll(async () => {
  workspace = await createE2eWorkspace({ prefix: 'teams-story-schedules', duckdb: ['CREATE TABLE unused (n INTEGER)'] });
  connector = await startFakeBotConnector();
});

beforeEach(async () => {
  bench = await openScheduleBench('2026-12-07T08:00:05Z');
  warehouse = await createDuckDbWarehouse();
  running = await startTeamsBot(workspace.variables);
});

afterEach(async () => {
  connector.clear();
  await stopTeamsBot(running);
  running = undefined;
  await bench.close();
  await warehouse.close();
});

afterAll(async () => {
  await connector.close();
  await workspace.close();
  await closeSharedChartRenderPool();
});

describe('Teams delivery of a story schedule', () => {
  it('posts the story card twice with the numbers of each run: header, the story text, its chart inline and its table', async () => {
    const schedule = storySchedule({ owner: { platform: 'teams', userId: ADA.aadObjectId, displayName: ADA.name }, delivery: delivery() });
    await bench.store.schedules.createSchedule(schedule);
    await runWithWarehouse(warehouse, (databases) => bench.runDue({ databases, delivery: running!.channel.scheduleDelivery }));
    await warehouse.change(["UPDATE revenue SET revenue = 300 WHERE region = 'North'", "INSERT INTO signups VALUES ('2026-12-13', 410)"]);
    bench.clock.advance(WEEK_MS);
    await runWithWarehouse(warehouse, (databases) => bench.runDue({ databases, delivery: running!.channel.scheduleDelivery }));

    const messages = connector.messages().filter((message) => message.conversationId === THREAD_CONVERSATION);
    expect(messages).toHaveLength(2);
    expect(await attachmentProblemsIn(messages)).toEqual([]);
    const [first, second] = messages.map((message) => cardOf(message.activity));
    expect(first!.body[0]).toMatchObject({ type: 'TextBlock', text: '📅 Weekly sales' });
    expect(first!.body[1]!.text).toMatch(/^as of Mon 7 Dec 2026, 09:00 CET \(Europe\/Berlin\) · story v2/);
    expect(second!.body[1]!.text).toMatch(/^as of Mon 14 Dec 2026, 09:00 CET \(Europe\/Berlin\) · story v2/);
    const firstText = JSON.stringify(first!.body);
    const secondText = JSON.stringify(second!.body);
    expect(firstText).toContain('Revenue by region, and the signups of the last day.');
    expect(firstText).not.toContain('# Weekly sales');
    expect(firstText).toContain('250');
    expect(firstText).not.toContain('410');
    expect(secondText).toContain('410');
    const images = [first!, second!].map((card) => card.body.find((element) => element.type === 'Image')?.url);
    expect(images.every((url) => url?.startsWith('data:image/png;base64,iVBORw0KGgo'))).toBe(true);
    expect(images[1]).not.toBe(images[0]);
    expect(first!.actions!.map((action) => action.title)).toEqual(['Pause', 'Edit time', 'Delete']);
    const runs = await bench.store.schedules.listScheduleRuns(schedule.scheduleId);
    expect(runs.map((run) => run.outcome)).toEqual(['posted', 'posted']);
  });
});
