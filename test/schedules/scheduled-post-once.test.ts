// A scheduled post appears once, whatever happens between the post and its record: two scheduler
// processes (replicas) on one PostgreSQL state store post an alert through the real Slack delivery
// to the local Slack Web API server, which holds its answer so the test can SIGKILL the first
// process, or cut its store with a TCP relay, after the message landed in the channel. The second
// process takes the occurrence over past the lease (an injected clock: no waiting) and must find the
// post by the key on its metadata instead of posting again; an occurrence whose post never reached
// Slack is posted by the rerun, not lost; and the alert is not posted again while it keeps holding.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sqlite3 from 'sqlite3';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openStore } from '../../src/store/open-store.js';
import { startFakeSlackApi, type FakeSlackApi } from '../fakes/slack-api-server.js';
import { createScratchDatabase, type ScratchDatabase } from '../support/postgres-database.js';
import { startTcpProxy, type TcpProxy } from '../support/tcp-proxy.js';
import { newSchedule } from './schedule-fixtures.js';

const CHILD_SCRIPT = join(import.meta.dirname, '..', 'support', 'slack-scheduler-child.mjs');
const CHANNEL = 'C_ALERTS';
const BOT_TOKEN = 'xoxb-scheduled-post-once';
/** The first run claims at 08:00:05; the default lease (60 s) has run out by 08:01:10. */
const FIRST_RUN_AT = '2026-12-07T08:00:05Z';
const RERUN_AT = '2026-12-07T08:01:10Z';
/** The next Monday's occurrence, with the condition still holding. */
const NEXT_OCCURRENCE_AT = '2026-12-14T08:00:05Z';

let directory: string;
let warehouseFile: string;
let slack: FakeSlackApi;
let postgres: ScratchDatabase;
let proxy: TcpProxy;
interface SchedulerChild {
  child: ChildProcess;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  output(): string;
}
const children: SchedulerChild[] = [];

function writeWarehouse(file: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const connection = new sqlite3.Database(file, (openError) => {
      if (openError) return reject(openError);
      connection.exec(`CREATE TABLE revenue (region TEXT, revenue INTEGER); INSERT INTO revenue VALUES ('North', 120), ('South', 80);`, (error) =>
        connection.close(() => (error ? reject(error) : resolve())),
      );
    });
  });
}

function startChild(stateUrl: string, nowIso: string): SchedulerChild {
  const child = spawn(process.execPath, [CHILD_SCRIPT], {
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', STATE_URL: stateUrl, WAREHOUSE_PATH: warehouseFile, NOW_ISO: nowIso, SLACK_BOT_TOKEN: BOT_TOKEN, SLACK_API_URL: slack.apiUrl },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  const started = { child, exited, output: () => output };
  children.push(started);
  return started;
}

beforeAll(async () => {
  directory = await mkdtemp(join(tmpdir(), 'datathread-scheduled-post-once-'));
  warehouseFile = join(directory, 'warehouse.sqlite');
  await writeWarehouse(warehouseFile);
  slack = await startFakeSlackApi({ botToken: BOT_TOKEN });
  postgres = await createScratchDatabase('exactly_once_schedules');
  const target = new URL(postgres.url);
  proxy = await startTcpProxy(target.hostname, Number(target.port || 5432));
}, 60_000);

afterEach(async () => {
  await proxy.restore();
  for (const started of children.splice(0)) {
    started.child.kill('SIGKILL');
    await started.exited;
  }
});

afterAll(async () => {
  await proxy?.close();
  await slack?.close();
  await postgres?.drop();
  await rm(directory, { recursive: true, force: true });
});

/** An alert (total revenue over 150: it holds, 200) due at 08:00 UTC on Mondays, posting into its own channel. */
async function createAlertSchedule(): Promise<string> {
  const store = await openStore(postgres.url);
  try {
    await store.migrate();
    const schedule = newSchedule({
      title: 'Revenue alert',
      cron: '0 9 * * 1',
      delivery: { channelId: CHANNEL },
      queries: [{ queryId: 'query_total1', databaseName: 'warehouse', sql: 'SELECT SUM(revenue) AS total FROM revenue' }],
      alert: { column: 'total', operator: '>', value: 150 },
      nextRunAt: new Date('2026-12-07T08:00:00Z'),
    });
    await store.schedules.createSchedule(schedule);
    return schedule.scheduleId;
  } finally {
    await store.close();
  }
}

async function runsOf(scheduleId: string) {
  const store = await openStore(postgres.url);
  try {
    return await store.schedules.listScheduleRuns(scheduleId);
  } finally {
    await store.close();
  }
}

/** The alerts of one schedule in the channel (a test's schedule id is in its buttons). */
function postsOf(scheduleId: string) {
  return slack.messages.filter((message) => message.channel === CHANNEL && JSON.stringify(message.blocks ?? []).includes(scheduleId));
}

async function rerunAndFinish(stateUrl: string, nowIso: string, ran: number): Promise<void> {
  const rerun = startChild(stateUrl, nowIso);
  const exit = await rerun.exited;
  expect(exit.code, rerun.output()).toBe(0);
  expect(rerun.output()).toContain(`finished ${ran}`);
}

describe('a scheduled post interrupted after it reached Slack, two scheduler processes on PostgreSQL', () => {
  it('a process killed after the post landed but before it was recorded: the rerun finds the post and posts nothing more; the next occurrence does not alert again', { timeout: 240_000 }, async () => {
    const scheduleId = await createAlertSchedule();
    const held = slack.holdNextAnswer('chat.postMessage');
    const first = startChild(postgres.url, FIRST_RUN_AT);
    await Promise.race([held.arrived, first.exited.then(() => Promise.reject(new Error(`the first process exited before posting: ${first.output()}`)))]);
    expect(postsOf(scheduleId)).toHaveLength(1);
    first.child.kill('SIGKILL');
    expect(await first.exited).toEqual({ code: null, signal: 'SIGKILL' });
    held.release();

    await rerunAndFinish(postgres.url, RERUN_AT, 1);
    const posts = postsOf(scheduleId);
    expect(posts.map((post) => post.text)).toEqual(['Revenue alert: total is above 150 (now 200)']);
    expect(await runsOf(scheduleId)).toMatchObject([{ state: 'done', outcome: 'posted', attempts: 2, postedMessageId: posts[0]!.ts }]);

    // A week later the condition still holds: no second alert, since the first was saved as holding.
    await rerunAndFinish(postgres.url, NEXT_OCCURRENCE_AT, 1);
    expect(postsOf(scheduleId)).toHaveLength(1);
    expect((await runsOf(scheduleId)).map((run) => run.outcome)).toEqual(['posted', 'skipped: the condition still holds']);
  });

  it('the state store cut while the post is going out: the rerun after the outage posts nothing more', { timeout: 240_000 }, async () => {
    const scheduleId = await createAlertSchedule();
    const held = slack.holdNextAnswer('chat.postMessage');
    const first = startChild(proxy.urlFor(postgres.url), FIRST_RUN_AT);
    await Promise.race([held.arrived, first.exited.then(() => Promise.reject(new Error(`the first process exited before posting: ${first.output()}`)))]);
    await proxy.cut();
    held.release();
    // The first process cannot record the post: its run fails (it logs so), and it is gone before the store is back.
    await slack.waitFor(() => first.output().includes('a scheduled run failed'), 60_000);
    first.child.kill('SIGKILL');
    await first.exited;
    await proxy.restore();

    await rerunAndFinish(postgres.url, RERUN_AT, 1);
    const posts = postsOf(scheduleId);
    expect(posts).toHaveLength(1);
    expect(await runsOf(scheduleId)).toMatchObject([{ state: 'done', outcome: 'posted', postedMessageId: posts[0]!.ts }]);
  });

  it('a process killed after it recorded its intent but before the post reached Slack: the rerun posts the alert, once (no occurrence lost)', { timeout: 240_000 }, async () => {
    const scheduleId = await createAlertSchedule();
    const held = slack.holdNextAnswer('chat.postMessage', { before: true });
    const first = startChild(postgres.url, FIRST_RUN_AT);
    await Promise.race([held.arrived, first.exited.then(() => Promise.reject(new Error(`the first process exited before posting: ${first.output()}`)))]);
    first.child.kill('SIGKILL');
    await first.exited;
    held.release();
    expect(postsOf(scheduleId)).toEqual([]);

    await rerunAndFinish(postgres.url, RERUN_AT, 1);
    const posts = postsOf(scheduleId);
    expect(posts.map((post) => post.text)).toEqual(['Revenue alert: total is above 150 (now 200)']);
    expect(await runsOf(scheduleId)).toMatchObject([{ state: 'done', outcome: 'posted', postedMessageId: posts[0]!.ts }]);
  });
});
