// End to end: turns through `datathread ask` and a local model (answered, failed), a refused query
// and a 👍 fill the store; `datathread usage` sums them per person, database and model, in all
// three formats, and `check --usage` is the same report.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/main.js';
import { openStore } from '../../src/store/open-store.js';
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
  await store.close();
});

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
    expect(report.total).toMatchObject({ questions: 3, positiveFeedback: 1 });
  });

  it('prints an aligned table with failures by reason and the cost in dollars, and CSV with the same cells', async () => {
    const table = await usage('usage', '--since', '1d');
    expect(table.code).toBe(0);
    const lines = table.text.split('\n');
    expect(lines[0]).toMatch(/^Usage since \d{4}-\d{2}-\d{2} 00:00 UTC, by user:$/);
    expect(lines[1]).toMatch(/^Group\s+Questions\s+Answered\s+Clarifications\s+Failed\s+Input tokens\s+Output tokens\s+Cost \(USD\)\s+Queries\s+Scanned\s+👍\s+👎$/);
    expect(lines[2]).toMatch(/^terminal\s+3\s+2\s+0\s+1 \(model 1\)\s+40\s+40\s+\$0\.12\s+2 \(1 refused\)\s+—\s+0\s+0$/);
    const csv = await usage('usage', '--since', '1d', '--format', 'csv', '--by', 'database');
    expect(csv.text.split('\r\n').filter(Boolean)).toEqual([
      'Group,Questions,Answered,Clarifications,Failed,Input tokens,Output tokens,Cost (USD),Queries,Scanned,👍,👎',
      '(turns are not per database),3,2,0,1 (model 1),40,40,$0.12,0,—,0,0',
      'shop,0,0,0,0,0,0,$0.00,2 (1 refused),—,0,0',
      'Total,3,2,0,1 (model 1),40,40,$0.12,2 (1 refused),—,0,0',
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
