// `datathread serve` runs the scheduler: the real bot process (node dist/src/main.js) with a schedule
// that fell due while it was down posts it at start-up to the local Slack Web API server, with the
// rows of the configured DuckDB warehouse and a chart PNG, and stops cleanly on SIGTERM.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore } from '../../src/store/open-store.js';
import { newSchedule } from '../schedules/schedule-fixtures.js';
import { SCRIPTED_MODEL } from '../support/e2e-workspace.js';
import { startSlackBotFixture, waitUntil, type SlackBotFixture } from '../support/slack-bot-fixture.js';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const REVENUE_CHART = { query_id: 'query_revenue1', chart_type: 'bar', x_axis_key: 'region', x_axis_type: 'category', series: [{ data_key: 'revenue' }], title: 'Revenue by region' };

let bots: SlackBotFixture;

beforeAll(async () => {
  bots = await startSlackBotFixture({
    prefix: 'serve-schedules',
    duckdb: ['CREATE TABLE revenue (region VARCHAR, revenue INTEGER)', "INSERT INTO revenue VALUES ('North', 120), ('South', 80)"],
    config: { databases: [{ name: 'shop', type: 'duckdb', path: 'shop.duckdb' }], agent: { model: SCRIPTED_MODEL }, schedules: { default_timezone: 'Europe/Berlin', pause_after_failures: 2 } },
  });
});

afterAll(async () => {
  await bots?.killBots();
  await bots?.close();
});

describe('datathread serve runs the scheduler', () => {
  it('posts a schedule that fell due while it was down to Slack, rows and chart, and stops cleanly on SIGTERM', async () => {
    const stateUrl = `sqlite:${join(bots.workspace.directory, 'state.db')}`;
    const store = await openStore(stateUrl);
    await store.migrate();
    const schedule = newSchedule({
      cron: '0 9 * * *',
      timeZone: 'Europe/Berlin',
      delivery: { channelId: 'C_REPORTS' },
      queries: [{ queryId: 'query_revenue1', databaseName: 'shop', sql: 'SELECT region, revenue FROM revenue ORDER BY region', chart: REVENUE_CHART }],
      nextRunAt: new Date(Date.now() - 60 * 60 * 1000),
    });
    await store.schedules.createSchedule(schedule);
    await store.close();

    const bot = await bots.startBot({ DATATHREAD_STATE: stateUrl });
    try {
      const posted = await waitUntil(() => bots.slack.callsOf('chat.postMessage').find((call) => call.args.channel === 'C_REPORTS'), 30_000, 'the scheduled post');
      expect(String(posted.args.text)).toMatch(/^Revenue by region \(as of .+ CES?T \(Europe\/Berlin\)\)$/);
      const blocksText = JSON.stringify(posted.args.blocks);
      expect(blocksText).toContain('North');
      expect(blocksText).toContain('120');
      expect(blocksText).toContain('South');
      // A file exists from files.getUploadURLExternal on; it is shared into the channel only by the
      // completeUploadExternal call after its bytes, so wait for that.
      const upload = await waitUntil(() => bots.slack.files.find((file) => file.filename === `${schedule.scheduleId}-1.png` && file.channelId !== undefined), 30_000, 'the completed chart upload');
      expect(upload.channelId).toBe('C_REPORTS');
      expect(upload.bytes.subarray(0, 8)).toEqual(PNG_SIGNATURE);
    } catch (error) {
      throw new Error(`${(error as Error).message}\n${bot.logLines.join('\n')}`);
    } finally {
      expect(await bot.kill('SIGTERM')).toBe(0);
    }
    const reopened = await openStore(stateUrl);
    try {
      const runs = await reopened.schedules.listScheduleRuns(schedule.scheduleId);
      expect(runs).toHaveLength(1);
      expect(runs[0]).toMatchObject({ state: 'done', outcome: 'posted' });
      expect((await reopened.schedules.getSchedule(schedule.scheduleId))!.nextRunAt.getTime()).toBeGreaterThan(Date.now());
    } finally {
      await reopened.close();
    }
  }, 180_000);
});
