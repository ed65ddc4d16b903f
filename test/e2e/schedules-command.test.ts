// `datathread schedules`: the operator lists every schedule and pauses, resumes, runs now or deletes one by id.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/main.js';
import { openStore } from '../../src/store/open-store.js';
import { captureOutput, createE2eWorkspace, type E2eWorkspace } from '../support/e2e-workspace.js';
import { newSchedule } from '../schedules/schedule-fixtures.js';

let workspace: E2eWorkspace;
const weekly = newSchedule({ scheduleId: 'sched_weekly', title: 'Revenue by region', nextRunAt: new Date('2030-01-07T08:00:00Z') });
const story = newSchedule({
  scheduleId: 'sched_story',
  title: 'weekly-sales',
  story: { storyId: 'weekly-sales', version: 2, title: 'Weekly sales', code: '# Weekly sales' },
  nextRunAt: new Date('2030-01-07T08:00:00Z'),
  createdAt: new Date('2026-12-03T12:00:00Z'),
});
const alert = newSchedule({ scheduleId: 'sched_alert', title: 'Signups below 200', alert: { column: 'signups', operator: '<', value: 200 }, cron: '0 * * * *', timeZone: 'America/New_York', nextRunAt: new Date('2030-01-01T00:00:00Z'), owner: { platform: 'teams', userId: 'aad-9', displayName: 'Tom' }, createdAt: new Date('2026-12-03T11:00:00Z') });

beforeAll(async () => {
  workspace = await createE2eWorkspace({ prefix: 'schedules', duckdb: [] });
  const store = await openStore(workspace.variables.DATATHREAD_STATE!);
  await store.schedules.createSchedule(weekly);
  await store.schedules.createSchedule(alert);
  await store.schedules.createSchedule(story);
  await store.close();
});

afterAll(async () => {
  await workspace.close();
});

async function run(...argv: string[]): Promise<{ code: number; text: string }> {
  const captured = captureOutput();
  const code = await runCli(['schedules', ...argv], { variables: workspace.variables, output: captured.output });
  return { code, text: captured.text() };
}

describe('datathread schedules', () => {
  it('lists every schedule with its state, time and zone, next run, owner and what it posts (a story by its title and version)', async () => {
    const { code, text } = await run('list');
    expect(code).toBe(0);
    expect(text.split('\n')).toEqual([
      'id            state   when                        next run                  owner               what',
      'sched_weekly  active  0 9 * * 1 Europe/Berlin     2030-01-07T08:00:00.000Z  Olga Owner (slack)  report "Revenue by region"',
      'sched_alert   active  0 * * * * America/New_York  2030-01-01T00:00:00.000Z  Tom (teams)         alert "Signups below 200"',
      'sched_story   active  0 9 * * 1 Europe/Berlin     2030-01-07T08:00:00.000Z  Olga Owner (slack)  story “Weekly sales” v2',
      '3 schedules',
      '',
    ]);
  });

  it('pauses, resumes, queues a run now and deletes by id; an unknown id says how to find one', async () => {
    expect(await run('pause', 'sched_alert')).toEqual({ code: 0, text: 'Paused "Signups below 200".\n' });
    expect((await run('list')).text).toContain('sched_alert   paused (paused by hand)');
    const resumed = await run('resume', 'sched_alert');
    expect(resumed.text).toMatch(/^Resumed "Signups below 200"; next run \d{4}-\d\d-\d\dT\d\d:00:00\.000Z\.\n$/);
    expect(await run('run-now', 'sched_weekly')).toEqual({ code: 0, text: 'Queued a run of "Revenue by region" now.\n' });
    expect(await run('delete', 'sched_weekly')).toEqual({ code: 0, text: 'Deleted "Revenue by region".\n' });
    expect(await run('pause', 'sched_weekly')).toEqual({ code: 1, text: 'No schedule has the id "sched_weekly"; `datathread schedules list` shows them.\n' });
    const store = await openStore(workspace.variables.DATATHREAD_STATE!);
    try {
      expect((await store.schedules.listSchedules()).map((each) => [each.scheduleId, each.state])).toEqual([
        ['sched_alert', 'active'],
        ['sched_story', 'active'],
      ]);
    } finally {
      await store.close();
    }
  });

  it('refuses an unknown action and a missing id with the usage', async () => {
    const errors = captureOutput();
    expect(await runCli(['schedules', 'explode', 'x'], { variables: workspace.variables, output: captureOutput().output, errors: errors.output })).toBe(2);
    expect(errors.text()).toContain('Unknown schedules action "explode": use list, pause, resume, delete, run-now.');
    const missing = captureOutput();
    expect(await runCli(['schedules', 'pause'], { variables: workspace.variables, output: captureOutput().output, errors: missing.output })).toBe(2);
    expect(missing.text()).toContain('datathread schedules pause needs the schedule id');
  });
});
