// A schedule runs with its owner's groups, end to end on Slack: the `hr` database is granted only to
// the Slack user group SPEOPLE (usergroups.users.list on the local Slack Web API, which accepts only
// the bot token) and to the config's named group `recruiters`. Each owner asks in a thread (chat
// grants the database through the group), confirms the proposed schedule, and the scheduler — the
// one `datathread serve` builds, given the application's group membership — posts the report into
// the thread; the schedule stays active. Someone in neither group gets no schedule from chat, and a
// schedule of theirs made before they lost the group is paused at its run.
import { webApi } from '@slack/bolt';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createApplication, type Application } from '../../../src/application.js';
import { createSlackScheduleDelivery } from '../../../src/channels/slack/schedules/slack-schedule-delivery.js';
import { readEnvironment } from '../../../src/config/environment.js';
import { loadConfig } from '../../../src/config/load-config.js';
import { createLogger } from '../../../src/logging/logger.js';
import { createServerScheduleRunner } from '../../../src/schedules/server-schedule-runner.js';
import { firstQueryIdIn } from '../../fakes/openai-server.js';
import { startFakeSlackApi, type FakeSlackApi, type FakeSlackMessage } from '../../fakes/slack-api-server.js';
import { manualClock, sequentialIds } from '../../schedules/schedule-fixtures.js';
import { SCRIPTED_MODEL } from '../../support/e2e-workspace.js';
import { startEngineFixture, type EngineFixture } from './support/engine-fixture.js';
import { BOT_TOKEN, startSlackHarness, type SlackHarness } from './support/slack-harness.js';

const SALES_SQL = 'SELECT region, SUM(amount) AS total FROM sales GROUP BY region ORDER BY region';
const CONFIG = {
  databases: [{ name: 'hr', type: 'duckdb', path: 'shop.duckdb' }],
  agent: { model: SCRIPTED_MODEL },
  schedules: { default_timezone: 'Europe/Berlin' },
  groups: { recruiters: ['ben@example.com'] },
  access: { rules: [{ databases: ['hr'], groups: ['slack-group:SPEOPLE', 'group:recruiters'] }] },
};

let fixture: EngineFixture;
let application: Application;
let slack: FakeSlackApi;
let harness: SlackHarness;
let threadCounter = 0;

beforeAll(async () => {
  fixture = await startEngineFixture(CONFIG);
});

afterAll(async () => {
  await fixture.close();
});

beforeEach(async () => {
  slack = await startFakeSlackApi({ botToken: BOT_TOKEN });
  slack.addUser({ id: 'UANA', name: 'ana', email: 'ana@example.com' });
  slack.addUser({ id: 'UBEN', name: 'ben', email: 'ben@example.com' });
  slack.setUserGroup('SPEOPLE', ['UANA']);
  const environment = readEnvironment(fixture.variables);
  application = await createApplication({ environment, config: loadConfig(environment), logger: createLogger({ level: 'error', write: () => undefined }) });
  harness = await startSlackHarness({
    handler: application.engine,
    slack,
    scheduleProposals: application.scheduleProposals,
    groups: { membership: application.groupMembership, userGroupIds: ['SPEOPLE'], refreshMs: 0 },
  });
});

afterEach(async () => {
  expect(fixture.model.pending()).toBe(0);
  await harness.close();
  await application.close();
  await slack.close();
});

function isProposal(message: FakeSlackMessage): boolean {
  return (message.blocks ?? []).some((block) => String((block as { block_id?: string }).block_id ?? '').startsWith('datathread_schedule_proposal_'));
}

/** `user` asks for sales by region in a new thread, then for a schedule, and confirms it; returns the thread and the schedule's title. */
async function scheduleAs(user: string, channel: string): Promise<{ threadTs: string; title: string }> {
  threadCounter += 1;
  const threadTs = `${3000 + threadCounter}.1`;
  const title = `HR report ${threadCounter}`;
  fixture.model.enqueue({ toolCalls: [{ name: 'execute_sql', arguments: { sql_query: SALES_SQL, database_id: 'hr' } }] }, { text: 'North sold 300.' });
  await harness.sendEvent({ user, text: '<@UBOT> sales by region?', channel, ts: threadTs });
  await slack.waitFor(() => slack.threadMessages(channel, threadTs).find((message) => message.text.includes('North sold 300.')));
  fixture.model.enqueue((request) => ({ toolCalls: [{ name: 'schedule', arguments: { query_ids: [firstQueryIdIn(request)], cron: '0 9 * * *', title } }] }), { text: 'Confirm it below.' });
  await harness.sendEvent({ user, text: '<@UBOT> send me this every morning', channel, ts: `${3000 + threadCounter}.2`, thread_ts: threadTs });
  const proposal = structuredClone(await slack.waitFor(() => slack.threadMessages(channel, threadTs).find(isProposal)));
  expect((await harness.click(proposal, 'datathread_schedule_confirm', user)).status).toBe(200);
  await slack.waitFor(async () => (await application.store.schedules.listSchedules()).some((schedule) => schedule.title === title && schedule.owner.userId === user) || undefined);
  return { threadTs, title };
}

function runnerAt(isoTime: string) {
  return createServerScheduleRunner({
    store: application.store,
    databases: application.databases,
    config: application.config,
    groupMembership: application.groupMembership,
    deliveries: { slack: createSlackScheduleDelivery(new webApi.WebClient(BOT_TOKEN, { slackApiUrl: slack.apiUrl, retryConfig: { retries: 0 } })) },
    clock: manualClock(isoTime),
    createId: sequentialIds(`_owner_groups_${threadCounter}`),
    logger: createLogger({ level: 'error', write: () => undefined }),
  });
}

async function runSchedule(title: string): Promise<{ state: string; outcomes: string[] }> {
  const schedule = (await application.store.schedules.listSchedules()).find((each) => each.title === title)!;
  await runnerAt(schedule.nextRunAt.toISOString()).tick();
  const after = (await application.store.schedules.getSchedule(schedule.scheduleId))!;
  return { state: after.state, outcomes: (await application.store.schedules.listScheduleRuns(schedule.scheduleId)).map((run) => run.outcome ?? '') };
}

describe('Slack: a schedule runs with its owner’s groups', () => {
  it('an owner granted hr through a Slack user group gets the scheduled post, and the schedule stays active', async () => {
    const { threadTs, title } = await scheduleAs('UANA', 'CHR1');
    expect(await runSchedule(title)).toEqual({ state: 'active', outcomes: ['posted'] });
    const posts = slack.threadMessages('CHR1', threadTs).filter((message) => JSON.stringify(message.blocks ?? []).includes(`📅 ${title}`));
    expect(posts).toHaveLength(1);
    expect(JSON.stringify(posts[0]!.blocks)).toContain('"300"');
    // The group was read with the bot token the workspace accepts, never refused.
    const groupReads = slack.callsOf('usergroups.users.list');
    expect(groupReads.length).toBeGreaterThanOrEqual(2);
    expect(groupReads.every((call) => call.args.usergroup === 'SPEOPLE' && call.failedWith === undefined)).toBe(true);
  });

  it('an owner granted hr through a named group of the config (by e-mail) gets the scheduled post', async () => {
    const { threadTs, title } = await scheduleAs('UBEN', 'CHR2');
    expect(await runSchedule(title)).toEqual({ state: 'active', outcomes: ['posted'] });
    const posts = slack.threadMessages('CHR2', threadTs).filter((message) => JSON.stringify(message.blocks ?? []).includes(`📅 ${title}`));
    expect(posts).toHaveLength(1);
  });

  it('an owner who left the Slack user group since has the schedule paused at its run, and nothing is posted', async () => {
    const { threadTs, title } = await scheduleAs('UANA', 'CHR3');
    slack.setUserGroup('SPEOPLE', []);
    expect(await runSchedule(title)).toEqual({ state: 'paused', outcomes: ['paused: the owner has no access to hr'] });
    expect(slack.threadMessages('CHR3', threadTs).filter((message) => JSON.stringify(message.blocks ?? []).includes('📅 HR report'))).toEqual([]);
  });
});
