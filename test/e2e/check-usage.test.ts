// End to end: two `datathread ask` turns through a local model, then `datathread check --usage`
// sums their tokens per day, provider and model; bad --days values are refused with the fix.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/main.js';
import { captureOutput, createE2eWorkspace, type E2eWorkspace } from '../support/e2e-workspace.js';

let workspace: E2eWorkspace;

beforeAll(async () => {
  workspace = await createE2eWorkspace({ prefix: 'usage', duckdb: ['CREATE TABLE sales (region VARCHAR, amount INTEGER)', "INSERT INTO sales VALUES ('North', 100)"] });
});

afterAll(async () => {
  await workspace.close();
});

describe('datathread check --usage', () => {
  it('shows the tokens of the last days per day, provider and model, with a total', async () => {
    const empty = captureOutput();
    expect(await runCli(['check', '--usage'], { variables: workspace.variables, output: empty.output })).toBe(0);
    expect(empty.text()).toBe('Token usage, last 7 days (UTC):\n  no turns recorded\n');

    workspace.fakeModel.enqueue({ toolCalls: [{ name: 'execute_sql', arguments: { sql_query: 'SELECT SUM(amount) AS total FROM sales' } }] }, { text: 'Total is 100.' }, { text: 'Hello.' });
    expect(await runCli(['ask', 'Total sales?'], { variables: workspace.variables, output: captureOutput().output })).toBe(0);
    expect(await runCli(['ask', 'Hi'], { variables: workspace.variables, output: captureOutput().output })).toBe(0);

    const report = captureOutput();
    expect(await runCli(['check', '--usage', '--days', '1'], { variables: workspace.variables, output: report.output })).toBe(0);
    const today = new Date().toISOString().slice(0, 10);
    // The fake reports 10 input and 10 output tokens per model call: 2 calls, then 1.
    expect(report.text()).toBe(
      [
        'Token usage, last 1 day (UTC):',
        `  ${today}  openai.chat scripted-model: 2 turns, 30 input (0 cached), 30 output tokens`,
        '  Total: 2 turns, 30 input (0 cached), 30 output tokens',
        '',
      ].join('\n'),
    );
  });

  it('refuses a --days value that is not a whole number of days', async () => {
    const code = await runCli(['check', '--usage', '--days', 'week'], { variables: workspace.variables, output: captureOutput().output });
    expect(code).toBe(2);
  });
});
