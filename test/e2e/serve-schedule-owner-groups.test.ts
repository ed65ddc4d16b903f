// `datathread serve` runs a schedule with its owner's groups: the real bot process (node
// dist/src/main.js) whose config grants the `shop` database only to the Slack user group SPEOPLE.
// The owner is in that group (usergroups.users.list on the local Slack Web API, which accepts only
// the bot token), so the schedule that fell due while the bot was down is posted at start-up and
// stays active, instead of being paused with "the owner has no access to shop".
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore } from '../../src/store/open-store.js';
import { startFakeSlackApi, type FakeSlackApi } from '../fakes/slack-api-server.js';
import { newSchedule } from '../schedules/schedule-fixtures.js';
import { buildDist, startBotProcess } from '../support/bot-process.js';
import { createE2eWorkspace, SCRIPTED_MODEL, type E2eWorkspace } from '../support/e2e-workspace.js';

const BOT_TOKEN = 'xoxb-serve-owner-groups';

let workspace: E2eWorkspace;
let slack: FakeSlackApi;

async function waitUntil<T>(probe: () => Promise<T | undefined | false> | T | undefined | false, timeoutMs: number, what: string): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}.`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

beforeAll(async () => {
  await buildDist();
  workspace = await createE2eWorkspace({
    prefix: 'serve-schedule-owner-groups',
    duckdb: ['CREATE TABLE revenue (region VARCHAR, revenue INTEGER)', "INSERT INTO revenue VALUES ('North', 120), ('South', 80)"],
    config: {
      databases: [{ name: 'shop', type: 'duckdb', path: 'shop.duckdb' }],
      agent: { model: SCRIPTED_MODEL },
      access: { rules: [{ databases: ['shop'], groups: ['slack-group:SPEOPLE'] }] },
    },
  });
  slack = await startFakeSlackApi({ botToken: BOT_TOKEN });
  slack.addUser({ id: 'U_OWNER', name: 'olga', email: 'owner@example.com' });
  slack.setUserGroup('SPEOPLE', ['U_OWNER']);
});

afterAll(async () => {
  await slack?.close();
  await workspace?.close();
});

describe('datathread serve runs a schedule with its owner’s groups', () => {
  it('posts the schedule of an owner granted the database through a Slack user group, and keeps it active', async () => {
    const stateUrl = `sqlite:${join(workspace.directory, 'state.db')}`;
    const store = await openStore(stateUrl);
    await store.migrate();
    const schedule = newSchedule({
      delivery: { channelId: 'C_REPORTS' },
      queries: [{ queryId: 'query_revenue1', databaseName: 'shop', sql: 'SELECT region, revenue FROM revenue ORDER BY region' }],
      nextRunAt: new Date(Date.now() - 60 * 60 * 1000),
    });
    await store.schedules.createSchedule(schedule);
    await store.close();

    const bot = await startBotProcess({ ...workspace.variables, DATATHREAD_STATE: stateUrl, SLACK_BOT_TOKEN: BOT_TOKEN, SLACK_SIGNING_SECRET: 'serve-owner-groups-secret', SLACK_API_URL: slack.apiUrl, LOG_LEVEL: 'info' });
    try {
      const posted = await waitUntil(() => slack.callsOf('chat.postMessage').find((call) => call.args.channel === 'C_REPORTS'), 30_000, 'the scheduled post');
      expect(JSON.stringify(posted.args.blocks)).toContain('North');
      const reads = slack.callsOf('usergroups.users.list');
      expect(reads.length).toBeGreaterThan(0);
      expect(reads.every((call) => call.args.usergroup === 'SPEOPLE' && call.failedWith === undefined)).toBe(true);
    } catch (error) {
      throw new Error(`${(error as Error).message}\n${bot.logLines.join('\n')}`);
    } finally {
      expect(await bot.kill('SIGTERM')).toBe(0);
    }
    const reopened = await openStore(stateUrl);
    try {
      expect((await reopened.schedules.listScheduleRuns(schedule.scheduleId)).map((run) => run.outcome)).toEqual(['posted']);
      expect((await reopened.schedules.getSchedule(schedule.scheduleId))!.state).toBe('active');
    } finally {
      await reopened.close();
    }
  }, 240_000);
});
