// End to end: turns through `datathread ask` and a local model (answered, failed), a refused query,
// a 👍 and scheduled runs through the real scheduler (posted, skipped unchanged, failed to post)
// fill the store; `datathread usage` sums them per person, channel, database and model, in all
// three formats, and `check --usage` is the same report.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/main.js';
import { join } from 'node:path';
import { createDatabaseAdapter } from '../../src/databases/create-database-adapter.js';
import { silentLogger } from '../../src/logging/logger.js';
import { queueDueOccurrences } from '../../src/schedules/queue-due-occurrences.js';
import { runClaimedOccurrences } from '../../src/schedules/run-claimed-occurrences.js';
import { createOccurrenceExecutor } from '../../src/schedules/run-schedule-occurrence.js';
import type { ScheduleDelivery } from '../../src/schedules/scheduled-post.js';
import { openStore } from '../../src/store/open-store.js';
import type { Store } from '../../src/store/types.js';
import { databaseConfig } from '../databases/database-test-helpers.js';
import { newSchedule, sequentialIds } from '../schedules/schedule-fixtures.js';
import { captureOutput, createE2eWorkspace, SCRIPTED_MODEL, type E2eWorkspace } from '../support/e2e-workspace.js';

let workspace: E2eWorkspace;

async function usage(...argv: string[]): Promise<{ code: number; text: string }> {
  const captured = captureOutput();
  const errors = captureOutput();
  const code = await runCli(argv, { variables: workspace.variables, output: captured.output, errors: errors.output });
  return { code, text: captured.text() + errors.text() };
}

beforeAll(async () => {
  workspace = await createE2eWorkspace({
    prefix: 'usage',
    duckdb: ['CREATE TABLE sales (region VARCHAR, amount INTEGER)', "INSERT INTO sales VALUES ('North', 100)"],
    config: {
      databases: [{ name: 'shop', type: 'duckdb', path: 'shop.duckdb' }],
      agent: { model: SCRIPTED_MODEL },
      // $1,000 and $2,000 per million tokens: the fake's 10 + 10 tokens per call cost $0.03.
      budgets: { prices: { [SCRIPTED_MODEL]: { input_per_million: 1_000, output_per_million: 2_000 } } },
    },
  });
  workspace.fakeModel.enqueue(
    { toolCalls: [{ name: 'execute_sql', arguments: { sql_query: 'SELECT SUM(amount) AS total FROM sales' } }] },
    { toolCalls: [{ name: 'execute_sql', arguments: { sql_query: 'DELETE FROM sales' } }] },
    { text: 'Total is 100.' },
    { text: 'Hello.' },
    { errorStatus: 400 },
  );
  expect(await runCli(['ask', 'Total sales?'], { variables: workspace.variables, output: captureOutput().output })).toBe(0);
  expect(await runCli(['ask', 'Hi'], { variables: workspace.variables, output: captureOutput().output })).toBe(0);
  await runCli(['ask', 'Break'], { variables: workspace.variables, output: captureOutput().output });
  const store = await openStore(workspace.variables.DATATHREAD_STATE!);
  const now = new Date();
  await store.recordFeedback({ threadId: 'slack:T1:C1:1.1', messageId: '1.2', actor: { platform: 'slack', userId: 'U_ANA' }, rating: 'positive', comment: null, question: 'q', sql: [], createdAt: now, updatedAt: now });
  await runSchedules(store, now);
  await store.close();
});

const TEAMS_OWNER = '4c0b5f2e-aaaa-4f4f-9f9f-000000000001';

/**
 * Two schedules through the real scheduler on the shop database: a Slack report posted once, then
 * skipped as unchanged on a run-now; a Teams report whose post the platform refuses.
 */
async function runSchedules(store: Store, now: Date): Promise<void> {
  const queries = [{ queryId: 'query_total1', databaseName: 'shop', sql: 'SELECT SUM(amount) AS total FROM sales' }];
  const due = { cron: '* * * * *', timeZone: 'UTC', nextRunAt: new Date(now.getTime() - 30_000), createdAt: now, queries };
  const slack = newSchedule({ ...due, skipUnchanged: true, delivery: { channelId: 'C_SALES' } });
  const teams = newSchedule({
    ...due,
    owner: { platform: 'teams', userId: TEAMS_OWNER, channelId: '19:ops@thread.tacv2', teamId: 'T_OPS' },
    delivery: { target: { channelId: 'msteams', serviceUrl: 'http://127.0.0.1:1/', conversation: { id: '19:ops@thread.tacv2;messageid=1700' }, bot: {}, user: {} }, identity: {} },
  });
  await store.schedules.createSchedule(slack);
  await store.schedules.createSchedule(teams);
  const shop = await createDatabaseAdapter(databaseConfig({ type: 'duckdb', name: 'shop', path: join(workspace.directory, 'shop.duckdb') }));
  const delivery: ScheduleDelivery = {
    async post(schedule) {
      if (schedule.owner.platform === 'teams') throw new Error('the connector answered 502');
      return 'message-1';
    },
    async tellOwner() {},
  };
  const clock = () => new Date();
  const createId = sequentialIds('usage');
  const execute = createOccurrenceExecutor({ store, clock, databases: [shop], accessRules: [], credentialFor: undefined, rowCap: 100, queryTimeoutMs: 10_000, delivery, renderCharts: async () => [] });
  try {
    await queueDueOccurrences({ store, clock, createId });
    await runClaimedOccurrences({ store, clock, createId, logger: silentLogger, execute });
    await store.schedules.enqueueManualScheduleRun({ runId: createId('run_'), scheduleId: slack.scheduleId, occurrenceAt: clock(), missedCount: 0, manual: true, createdAt: clock() });
    await runClaimedOccurrences({ store, clock, createId, logger: silentLogger, execute });
  } finally {
    await shop.close();
  }
  const outcomes = [...(await store.schedules.listScheduleRuns(slack.scheduleId)), ...(await store.schedules.listScheduleRuns(teams.scheduleId))].map((run) => [run.state, run.outcome]);
  expect(outcomes).toEqual([
    ['done', 'posted'],
    ['done', 'skipped: unchanged'],
    ['failed', 'failed: the connector answered 502'],
  ]);
}

afterAll(async () => {
  await workspace.close();
});

describe('datathread usage', () => {
  it('sums questions, outcomes, tokens, cost, queries and feedback per person', async () => {
    const { code, text } = await usage('usage', '--since', '1d', '--format', 'json');
    expect(code).toBe(0);
    const report = JSON.parse(text) as { by: string; groups: Record<string, unknown>[]; total: Record<string, unknown> };
    expect(report.by).toBe('user');
    const terminal = report.groups.find((group) => group.group === 'terminal');
    expect(terminal).toMatchObject({ questions: 3, answered: 2, failedByReason: { model: 1 }, inputTokens: 40, outputTokens: 40, unpricedTurns: 0, queries: 2, refusedQueries: 1 });
    expect(terminal?.costUsd).toBeCloseTo(0.12, 9);
    expect(report.groups.find((group) => group.group === 'slack:U_ANA')).toMatchObject({ questions: 0, positiveFeedback: 1 });
    expect(report.groups.find((group) => group.group === 'slack:U_OWNER')).toMatchObject({ questions: 0, scheduleRuns: { runs: 2, posted: 1, failed: 0, skipped: 1 } });
    expect(report.groups.find((group) => group.group === `teams:${TEAMS_OWNER}`)).toMatchObject({ scheduleRuns: { runs: 1, posted: 0, failed: 1, skipped: 0 } });
    expect(report.total).toMatchObject({ questions: 3, positiveFeedback: 1, scheduleRuns: { runs: 3, posted: 1, failed: 1, skipped: 1 } });
  });

  it('counts scheduled runs against the channel they post to and under no model, and not by database', async () => {
    const byChannel = await usage('usage', '--since', '1d', '--by', 'channel', '--format', 'json');
    const report = JSON.parse(byChannel.text) as { groups: Record<string, unknown>[] };
    // The queries the runs executed count there too (the Teams run queried, then failed to post).
    expect(report.groups.find((group) => group.group === 'slack:C_SALES')).toMatchObject({ queries: 2, scheduleRuns: { runs: 2, posted: 1, skipped: 1 } });
    expect(report.groups.find((group) => group.group === 'teams:19:ops@thread.tacv2')).toMatchObject({ queries: 1, scheduleRuns: { runs: 1, failed: 1 } });
    expect(report.groups.find((group) => group.group === 'unknown channel')).toMatchObject({ queries: 0 });
    const table = await usage('usage', '--since', '1d', '--by', 'channel');
    expect(table.text).toMatch(/\nslack:C_SALES\s+0\s+0\s+0\s+0\s+0\s+0\s+\$0\.00\s+2\s+—\s+0\s+0\s+2 \(posted 1, skipped 1\)\n/);
    const byModel = JSON.parse((await usage('usage', '--since', '1d', '--by', 'model', '--format', 'json')).text) as { groups: Record<string, unknown>[]; total: Record<string, unknown> };
    expect(byModel.total.scheduleRuns).toMatchObject({ runs: 3, posted: 1, failed: 1, skipped: 1 });
    // A scheduled run calls no model: its runs and the queries it ran count under "no model".
    expect(byModel.groups.map((group) => [group.group, group.queries, group.scheduleRuns])).toEqual([
      ['scripted-model', 2, { runs: 0, posted: 0, failed: 0, skipped: 0 }],
      ['no model', 3, { runs: 3, posted: 1, failed: 1, skipped: 1 }],
    ]);
    const byDatabase = JSON.parse((await usage('usage', '--since', '1d', '--by', 'database', '--format', 'json')).text) as { total: Record<string, unknown> };
    expect(byDatabase.total.scheduleRuns).toBeUndefined();
  });

  it('prints an aligned table with failures by reason and the cost in dollars, and CSV with raw numbers', async () => {
    const table = await usage('usage', '--since', '1d');
    expect(table.code).toBe(0);
    const lines = table.text.split('\n');
    expect(lines[0]).toMatch(/^Usage since \d{4}-\d{2}-\d{2} 00:00 UTC, by user:$/);
    expect(lines[1]).toMatch(/^Group\s+Questions\s+Answered\s+Clarifications\s+Failed\s+Input tokens\s+Output tokens\s+Cost \(USD\)\s+Queries\s+Scanned\s+👍\s+👎\s+Schedules run$/);
    expect(lines[2]).toMatch(/^terminal\s+3\s+2\s+0\s+1 \(model 1\)\s+40\s+40\s+\$0\.12\s+2 \(1 refused\)\s+—\s+0\s+0\s+0$/);
    expect(table.text).toMatch(/\nTotal\s+3\s+2\s+0\s+1 \(model 1\)\s+40\s+40\s+\$0\.12\s+5 \(1 refused\)\s+—\s+1\s+0\s+3 \(posted 1, failed 1, skipped 1\)\n/);
    const userCsv = await usage('usage', '--since', '1d', '--format', 'csv');
    const userLines = userCsv.text.split('\r\n');
    expect(userLines[0]).toBe(
      'Group,Questions,Answered,Clarifications,Failed,Failed by reason,Input tokens,Cached input tokens,Output tokens,Cost (USD),Turns with unknown price,Queries,Refused queries,Scanned (bytes),👍,👎,Schedules run,Schedule runs posted,Schedule runs failed,Schedule runs skipped',
    );
    expect(userLines).toContain('terminal,3,2,0,1,model=1,40,0,40,0.12,0,2,1,0,0,0,0,0,0,0');
    expect(userLines).toContain('slack:U_OWNER,0,0,0,0,,0,0,0,0,0,2,0,0,0,0,2,1,0,1');
    const csv = await usage('usage', '--since', '1d', '--format', 'csv', '--by', 'database');
    // Every cell but the group and the reasons is a bare number a spreadsheet can sum.
    expect(csv.text.split('\r\n').filter(Boolean)).toEqual([
      'Group,Questions,Answered,Clarifications,Failed,Failed by reason,Input tokens,Cached input tokens,Output tokens,Cost (USD),Turns with unknown price,Queries,Refused queries,Scanned (bytes),👍,👎',
      '(turns are not per database),3,2,0,1,model=1,40,0,40,0.12,0,0,0,0,0,0',
      'shop,0,0,0,0,,0,0,0,0,0,5,1,0,0,0',
      'Total,3,2,0,1,model=1,40,0,40,0.12,0,5,1,0,0,0',
    ]);
  });

  it('groups by model, and keeps `check --usage --days N` as the same report', async () => {
    const byModel = await usage('usage', '--since', '1d', '--by', 'model');
    expect(byModel.text).toMatch(/\nscripted-model\s+3\s+2/);
    const alias = await usage('check', '--usage', '--days', '1');
    expect(alias.text).toBe((await usage('usage', '--since', '1d')).text);
  });

  it('refuses an unknown grouping, format or period with the fix', async () => {
    expect(await usage('usage', '--by', 'team')).toMatchObject({ code: 2, text: expect.stringContaining('--by takes one of user, channel, database, model') });
    expect(await usage('usage', '--format', 'xml')).toMatchObject({ code: 2, text: expect.stringContaining('--format takes one of table, csv, json') });
    expect(await usage('usage', '--since', 'last week')).toMatchObject({ code: 2, text: expect.stringContaining('--since takes a date') });
    expect(await usage('check', '--usage', '--days', 'week')).toMatchObject({ code: 2, text: expect.stringContaining('--days needs a whole number of days') });
  });
});
