// A scheduler process killed with SIGKILL in the middle of a run (after the query, before the post):
// after a restart past the lease, the occurrence runs again and is posted exactly once.
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sqlite3 from 'sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore } from '../../src/store/open-store.js';
import { newSchedule } from './schedule-fixtures.js';

const CHILD_SCRIPT = join(import.meta.dirname, '..', 'support', 'scheduler-child.mjs');

let directory: string;
let server: Server;
let postUrl: string;
const received: { scheduleId: string; asOf: string; rows: unknown }[] = [];

beforeAll(async () => {
  directory = await mkdtemp(join(tmpdir(), 'datathread-scheduler-crash-'));
  server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      received.push(JSON.parse(body));
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify({ messageId: `posted-${received.length}` }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  postUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/post`;
});

afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  await rm(directory, { recursive: true, force: true });
});

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

function startChild(variables: Record<string, string>) {
  const child = spawn(process.execPath, [CHILD_SCRIPT], { env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...variables }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const lines = new Set<string>();
  const waiters: { text: string; resolve: () => void }[] = [];
  const onData = (chunk: Buffer) => {
    output += chunk.toString('utf8');
    for (const line of output.split('\n')) lines.add(line.trim());
    for (const waiter of waiters) if (lines.has(waiter.text)) waiter.resolve();
  };
  child.stdout.on('data', onData);
  child.stderr.on('data', onData);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  return {
    child,
    exited,
    output: () => output,
    waitFor: (text: string) => new Promise<void>((resolve) => (lines.has(text) ? resolve() : waiters.push({ text, resolve }))),
  };
}

describe('a scheduler process killed mid-run', () => {
  // Three processes each load the sources through jiti: seconds apiece on a busy machine.
  it('reruns the occurrence after restart and posts it exactly once', { timeout: 240_000 }, async () => {
    const stateFile = join(directory, 'state.db');
    const warehouseFile = join(directory, 'warehouse.sqlite');
    await writeWarehouse(warehouseFile);
    const store = await openStore(`sqlite:${stateFile}`);
    await store.migrate();
    const schedule = newSchedule({ nextRunAt: new Date('2026-12-07T08:00:00Z') });
    await store.schedules.createSchedule(schedule);
    await store.close();
    const common = { STATE_URL: `sqlite:${stateFile}`, WAREHOUSE_PATH: warehouseFile, POST_URL: postUrl };

    const first = startChild({ ...common, NOW_ISO: '2026-12-07T08:00:05Z', HANG_BEFORE_POST: '1' });
    await Promise.race([first.waitFor('about-to-post'), first.exited.then(() => Promise.reject(new Error(`child exited early: ${first.output()}`)))]);
    first.child.kill('SIGKILL');
    expect(await first.exited).toEqual({ code: null, signal: 'SIGKILL' });
    expect(received).toEqual([]);

    // Restarted after the killed run's lease (60 s) ran out.
    const second = startChild({ ...common, NOW_ISO: '2026-12-07T08:01:10Z' });
    expect((await second.exited).code, second.output()).toBe(0);
    expect(second.output()).toContain('finished 1');
    const third = startChild({ ...common, NOW_ISO: '2026-12-07T08:02:10Z' });
    expect((await third.exited).code, third.output()).toBe(0);
    expect(third.output()).toContain('finished 0');

    expect(received).toEqual([{ scheduleId: schedule.scheduleId, asOf: 'Mon 7 Dec 2026, 09:00 CET (Europe/Berlin)', rows: [['North', 120], ['South', 80]] }]);
    const reopened = await openStore(`sqlite:${stateFile}`);
    const runs = await reopened.schedules.listScheduleRuns(schedule.scheduleId);
    await reopened.close();
    expect(runs.map((run) => [run.state, run.attempts, run.postedMessageId, run.outcome])).toEqual([['done', 2, 'posted-1', 'posted']]);
  });
});
