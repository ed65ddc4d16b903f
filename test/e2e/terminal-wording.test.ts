// End to end in the terminal: a failed turn tells the person to ask again (there is no Retry
// button in a terminal), and query durations are printed rounded.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MODEL_RETRIES } from '../../src/agent/run-agent-loop.js';
import { runCli } from '../../src/cli/main.js';
import { captureOutput, createE2eWorkspace, type E2eWorkspace } from '../support/e2e-workspace.js';

let workspace: E2eWorkspace;

beforeAll(async () => {
  workspace = await createE2eWorkspace({
    prefix: 'terminal-wording',
    duckdb: ['CREATE TABLE sales (region VARCHAR, amount INTEGER)', "INSERT INTO sales VALUES ('North', 100), ('South', 50)"],
  });
});

afterAll(async () => {
  await workspace.close();
});

describe('datathread ask in the terminal', () => {
  it('a turn the model service fails says to ask again, not to press a button', async () => {
    // The first call and each of the client's retries fail.
    workspace.fakeModel.enqueue(...Array.from({ length: MODEL_RETRIES + 1 }, () => ({ errorStatus: 500 })));
    const captured = captureOutput();
    const code = await runCli(['ask', 'Sales by region?'], { variables: workspace.variables, output: captured.output });
    expect(workspace.fakeModel.pending()).toBe(0);
    expect(captured.text()).toContain('⚠ The AI model service failed to answer (HTTP 500). Ask again in a moment; if it keeps failing, tell an admin.');
    expect(captured.text()).not.toMatch(/Retry/);
    expect(code).toBe(1);
  });

  it('prints query durations rounded to whole milliseconds, or to tenths from a second on', async () => {
    const captured = captureOutput();
    workspace.fakeModel.enqueue({ toolCalls: [{ name: 'execute_sql', arguments: { sql_query: 'SELECT region, amount FROM sales ORDER BY region' } }] }, { text: 'North sold 100.' });
    expect(await runCli(['ask', 'Sales?'], { variables: workspace.variables, output: captured.output })).toBe(0);
    expect(captured.text()).toMatch(/\nQueries: query_[a-z0-9]{8} on shop \(2 rows, (\d+ ms|\d+(\.\d)? s)\)$/m);
  });
});
