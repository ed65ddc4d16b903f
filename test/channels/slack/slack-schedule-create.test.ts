// Creating a schedule from a Slack thread, end to end: the real engine and store, the scripted model
// behind the local OpenAI-compatible server, real Bolt over HTTP against the local Slack Web API.
// "send me this every minute" → the model calls schedule → the confirmation is posted → Confirm →
// the scheduler (driven with a manual clock, no real waiting) posts at the next two minutes with the
// rows as they are then and a real PNG chart. The posts link back to the thread (chat.getPermalink of
// its root); when Slack gives no permalink the schedule is saved without the link.
import { join } from 'node:path';
import { webApi } from '@slack/bolt';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Application } from '../../../src/application.js';
import { createSlackScheduleDelivery } from '../../../src/channels/slack/schedules/slack-schedule-delivery.js';
import { closeSharedChartRenderPool } from '../../../src/charts/chart-render-pool.js';
import { createLogger } from '../../../src/logging/logger.js';
import { createServerScheduleRunner } from '../../../src/schedules/server-schedule-runner.js';
import { firstQueryIdIn, toolResultsIn } from '../../fakes/openai-server.js';
import { startFakeSlackApi, type FakeSlackApi, type FakeSlackMessage } from '../../fakes/slack-api-server.js';
import { createDuckDbFile } from '../../support/duckdb-fixture.js';
import { SCRIPTED_MODEL } from '../../support/e2e-workspace.js';
import { manualClock, sequentialIds } from '../../schedules/schedule-fixtures.js';
import { problemsInCalls } from './support/block-kit-validator.js';
import { startEngineFixture, type EngineFixture } from './support/engine-fixture.js';
import { startSlackHarness, type SlackHarness } from './support/slack-harness.js';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const SALES_SQL = 'SELECT region, SUM(amount) AS total FROM sales GROUP BY region ORDER BY region';

let fixture: EngineFixture;
let application: Application;
let slack: FakeSlackApi;
let harness: SlackHarness;
let threadCounter = 0;

beforeAll(async () => {
  fixture = await startEngineFixture({
    databases: [{ name: 'shop', type: 'duckdb', path: 'shop.duckdb' }],
    agent: { model: SCRIPTED_MODEL },
    admins: ['UADMIN'],
    schedules: { default_timezone: 'Europe/Berlin' },
  });
});

afterAll(async () => {
  await closeSharedChartRenderPool();
  await fixture.close();
});

beforeEach(async () => {
  slack = await startFakeSlackApi();
  slack.addUser({ id: 'UANA', name: 'ana', email: 'ana@example.com', tz: 'America/New_York' });
  slack.addUser({ id: 'UBEN', name: 'ben', email: 'ben@example.com' });
  slack.addUser({ id: 'UADMIN', name: 'ada', email: 'ada@example.com' });
  application = await fixture.open();
  harness = await startSlackHarness({ handler: application.engine, slack, scheduleProposals: application.scheduleProposals });
});

afterEach(async () => {
  expect(problemsInCalls(slack.calls)).toEqual([]);
  expect(fixture.model.pending()).toBe(0);
  await harness.close();
  await application.close();
  await slack.close();
});

function blocksOf(message: FakeSlackMessage): Array<Record<string, unknown> & { block_id?: string; type: string }> {
  return (message.blocks ?? []) as Array<Record<string, unknown> & { block_id?: string; type: string }>;
}

function confirmationIn(channel: string, threadTs: string): FakeSlackMessage | undefined {
  return slack.threadMessages(channel, threadTs).find((message) => blocksOf(message).some((block) => String(block.block_id ?? '').startsWith('datathread_schedule_proposal_')));
}

function proposalIdOf(message: FakeSlackMessage): string {
  const block = blocksOf(message).find((each) => String(each.block_id ?? '').startsWith('datathread_schedule_proposal_'))!;
  return String(block.block_id).slice('datathread_schedule_proposal_'.length);
}

/** A first answer (query + chart), then "send me this every minute" whose model calls schedule with `input`. */
async function askForSchedule(channel: string, input: Record<string, unknown>): Promise<{ threadTs: string; confirmation: FakeSlackMessage }> {
  threadCounter += 1;
  const threadTs = `${2000 + threadCounter}.1`;
  fixture.model.enqueue(
    { toolCalls: [{ name: 'execute_sql', arguments: { sql_query: SALES_SQL } }] },
    (request) => ({ toolCalls: [{ name: 'display_chart', arguments: { query_id: firstQueryIdIn(request), chart_type: 'bar', x_axis_key: 'region', x_axis_type: 'category', series: [{ data_key: 'total' }], title: 'Sales by region' } }] }),
    { text: 'North sold 300, South 50.' },
  );
  await harness.sendEvent({ user: 'UANA', text: '<@UBOT> sales by region?', channel, ts: threadTs });
  await slack.waitFor(() => slack.threadMessages(channel, threadTs).find((message) => JSON.stringify(message).includes('North sold 300')));
  fixture.model.enqueue((request) => ({ toolCalls: [{ name: 'schedule', arguments: { query_ids: [firstQueryIdIn(request)], ...input } }] }), { text: 'Confirm it below and it starts.' });
  await harness.sendEvent({ user: 'UANA', text: '<@UBOT> send me this every minute', channel, ts: `${2000 + threadCounter}.2`, thread_ts: threadTs });
  // A copy as first posted: the fake updates its messages in place, and a late click comes from the message as it was.
  const confirmation = structuredClone(await slack.waitFor(() => confirmationIn(channel, threadTs)));
  return { threadTs, confirmation };
}

async function click(message: FakeSlackMessage, actionId: string, userId: string): Promise<void> {
  expect((await harness.click(message, actionId, userId)).status).toBe(200);
}

async function decidedLine(channel: string, message: FakeSlackMessage, text: string): Promise<FakeSlackMessage> {
  return slack.waitFor(() => slack.threadMessages(channel, message.thread_ts!).find((each) => each.ts === message.ts && JSON.stringify(each.blocks).includes(text)));
}

describe('Slack: a schedule made from the thread', () => {
  it('confirmation → Confirm (by the asker only, once) → posts at the next two minutes with refreshed rows and a PNG chart', async () => {
    const { threadTs, confirmation } = await askForSchedule('CSCHED1', { cron: '* * * * *', title: 'Sales by region' });
    const proposalId = proposalIdOf(confirmation);
    // No zone named: the asker's own (users.info tz), not the configured default.
    expect(blocksOf(confirmation)).toContainEqual({ type: 'section', text: { type: 'mrkdwn', text: expect.stringMatching(/^:calendar: \*Schedule this\?\* Every minute America\/New_York, starting \d+ \w+: the Sales by region chart, in this thread$/) } });
    expect(JSON.stringify(confirmation.blocks)).toContain('Only ana or a workspace admin can confirm · expires in 24 hours');
    const toolResult = toolResultsIn(fixture.model.requests.at(-1)!).at(-1)!;
    expect(toolResult).toContain(`Proposed ${proposalId}`);
    expect(toolResult).toContain('it is saved only when the person who asked clicks Confirm');
    expect(await application.store.schedules.listSchedules()).toEqual([]);

    // Someone else is told why not, privately; nothing is saved.
    await click(confirmation, 'datathread_schedule_confirm', 'UBEN');
    await slack.waitFor(() => slack.ephemerals.find((ephemeral) => ephemeral.recipient === 'UBEN' && ephemeral.text === 'Only ana, who asked for this schedule, or a workspace admin can confirm or cancel it.'));
    expect(await application.store.schedules.listSchedules()).toEqual([]);

    await click(confirmation, 'datathread_schedule_confirm', 'UANA');
    const decided = await decidedLine('CSCHED1', confirmation, '→ Scheduled: Every minute America/New_York');
    const [schedule] = await application.store.schedules.listSchedules();
    expect(schedule).toMatchObject({ cron: '* * * * *', timeZone: 'America/New_York', title: 'Sales by region', owner: { userId: 'UANA', email: 'ana@example.com' }, delivery: { channelId: 'CSCHED1', threadTs } });
    expect(schedule!.queries).toEqual([{ queryId: expect.stringMatching(/^query_/), databaseName: 'shop', sql: SALES_SQL, chart: expect.objectContaining({ chart_type: 'bar', title: 'Sales by region' }) }]);
    // The thread's root was never posted through Slack's API here: no permalink, saved without a link, said in the log.
    expect(slack.calls.filter((call) => call.method === 'chat.getPermalink').map((call) => call.failedWith)).toEqual(['message_not_found']);
    expect(schedule!.sourceLink).toBeUndefined();
    expect(harness.logs.some((line) => line.message.startsWith('Slack refused to link the schedule to the thread it was made in') && line.message.includes('message_not_found'))).toBe(true);
    expect(JSON.stringify(decided.blocks)).toContain(`· id ${schedule!.scheduleId}`);
    expect(blocksOf(decided).some((block) => block.type === 'actions' && block.block_id === `datathread_schedule_proposal_${proposalId}`)).toBe(false);
    // Who may confirm no longer matters once it is decided: that line goes with the buttons.
    expect(JSON.stringify(decided.blocks)).not.toContain('can confirm');

    // A second click, after a restart of the channel (an old copy of the message still has its buttons), saves nothing more.
    await harness.stopChannel();
    await harness.restart(application.engine);
    await click(confirmation, 'datathread_schedule_confirm', 'UANA');
    await slack.waitFor(() => harness.logs.filter((line) => line.message === 'Slack schedule proposal decided.' && line.fields?.proposalId === proposalId).length === 2 || undefined);
    expect(await application.store.schedules.listSchedules()).toHaveLength(1);

    // The scheduler, on a clock the test moves: the first and the second next minute.
    const clock = manualClock(schedule!.nextRunAt.toISOString());
    const runner = createServerScheduleRunner({
      store: application.store,
      databases: application.databases,
      config: application.config,
      groupMembership: application.groupMembership,
      deliveries: { slack: createSlackScheduleDelivery(new webApi.WebClient('xoxb-test-bot-token', { slackApiUrl: slack.apiUrl, retryConfig: { retries: 0 } })) },
      clock,
      createId: sequentialIds('_slack_create'),
      logger: createLogger({ level: 'error', write: () => undefined }),
    });
    await runner.tick();
    const postsIn = () => slack.threadMessages('CSCHED1', threadTs).filter((message) => JSON.stringify(message.blocks ?? []).includes('📅 Sales by region'));
    expect(postsIn()).toHaveLength(1);
    expect(JSON.stringify(postsIn()[0]!.blocks)).toContain('"300"');

    // The data changes between the two runs: the next post shows the new rows.
    const shop = application.databases.find((database) => database.name === 'shop')!;
    await shop.close();
    await createDuckDbFile(join(fixture.directory, 'shop.duckdb'), ["INSERT INTO sales VALUES ('South', 450)"]);
    clock.advance(60_000);
    await runner.tick();
    const posts = postsIn();
    expect(posts).toHaveLength(2);
    expect(JSON.stringify(posts[1]!.blocks)).toContain('"500"');
    expect(JSON.stringify(posts[1]!.blocks)).not.toContain('"50"');
    const charts = slack.files.filter((file) => file.filename.startsWith(`${schedule!.scheduleId}-`));
    expect(charts).toHaveLength(2);
    for (const chart of charts) {
      expect(chart).toMatchObject({ channelId: 'CSCHED1', threadTs, title: 'Sales by region' });
      expect(chart.bytes.subarray(0, 8)).toEqual(PNG_SIGNATURE);
    }
    expect((await application.store.schedules.listScheduleRuns(schedule!.scheduleId)).map((run) => run.outcome)).toEqual(['posted', 'posted']);
  });

  it('Confirm stores the permalink of the thread\'s root, and the scheduled post links to it', async () => {
    const { threadTs, confirmation } = await askForSchedule('CSCHED3', { cron: '0 9 * * 1', timezone: 'Europe/Berlin', title: 'Weekly sales' });
    slack.addUserMessage({ channel: 'CSCHED3', ts: threadTs, user: 'UANA', text: '<@UBOT> sales by region?' });
    await click(confirmation, 'datathread_schedule_confirm', 'UANA');
    await decidedLine('CSCHED3', confirmation, '→ Scheduled: Every Monday at 09:00 Europe/Berlin');
    const schedule = (await application.store.schedules.listSchedules()).find((each) => each.sourceThreadId.includes(':CSCHED3:'))!;
    const permalink = `https://fake-workspace.slack.com/archives/CSCHED3/p${threadTs.replace('.', '')}`;
    expect(schedule.sourceLink).toBe(permalink);
    expect(slack.callsOf('chat.getPermalink').map((call) => call.args)).toEqual([{ channel: 'CSCHED3', message_ts: threadTs }]);

    const runner = createServerScheduleRunner({
      store: application.store,
      databases: application.databases,
      config: application.config,
      groupMembership: application.groupMembership,
      deliveries: { slack: createSlackScheduleDelivery(new webApi.WebClient('xoxb-test-bot-token', { slackApiUrl: slack.apiUrl, retryConfig: { retries: 0 } })) },
      clock: manualClock(schedule.nextRunAt.toISOString()),
      createId: sequentialIds('_slack_link'),
      logger: createLogger({ level: 'error', write: () => undefined }),
    });
    await runner.tick();
    const post = slack.threadMessages('CSCHED3', threadTs).find((message) => JSON.stringify(message.blocks ?? []).includes('📅 Weekly sales'))!;
    const header = blocksOf(post).find((block) => block.type === 'context' && JSON.stringify(block).includes('as of'));
    expect(JSON.stringify(header)).toContain(`<${permalink}|from this thread>`);
  });

  it('Cancel (here by an admin) discards the proposal and says so; a later Confirm saves nothing', async () => {
    const { confirmation } = await askForSchedule('CSCHED2', { cron: '0 9 * * 1', timezone: 'Europe/Berlin', title: 'Weekly sales', where: 'channel' });
    expect(JSON.stringify(confirmation.blocks)).toContain('Every Monday at 09:00 Europe/Berlin, starting');
    expect(JSON.stringify(confirmation.blocks)).toContain('in this channel, as a new message');
    await click(confirmation, 'datathread_schedule_cancel', 'UADMIN');
    await decidedLine('CSCHED2', confirmation, '→ Cancelled by ada: nothing was scheduled.');
    const proposalId = proposalIdOf(confirmation);
    await click(confirmation, 'datathread_schedule_confirm', 'UANA');
    await slack.waitFor(() => harness.logs.filter((line) => line.message === 'Slack schedule proposal decided.' && line.fields?.proposalId === proposalId).length === 2 || undefined);
    expect((await application.store.schedules.listSchedules()).filter((schedule) => schedule.sourceThreadId.includes(':CSCHED2:'))).toEqual([]);
    expect(await application.store.scheduleProposals.getScheduleProposal(proposalId)).toMatchObject({ state: 'cancelled', decidedBy: 'UADMIN', scheduleId: null });
  });
});
