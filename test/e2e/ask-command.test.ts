// End to end: `datathread ask` against a real DuckDB file and a local OpenAI-compatible server that
// answers with an execute_sql tool call and then text.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/main.js';
import { openStore } from '../../src/store/open-store.js';
import { toolResultsIn, type FakeOpenAI } from '../fakes/openai-server.js';
import { queryDuckDbFile } from '../support/duckdb-fixture.js';
import { captureOutput, createE2eWorkspace, type E2eWorkspace } from '../support/e2e-workspace.js';

let workspace: E2eWorkspace;
let fakeModel: FakeOpenAI;
let variables: Record<string, string>;
let directory: string;

beforeAll(async () => {
  workspace = await createE2eWorkspace({
    prefix: 'ask',
    duckdb: ['CREATE TABLE sales (region VARCHAR, amount INTEGER)', "INSERT INTO sales VALUES ('North', 100), ('North', 200), ('South', 50)"],
  });
  ({ fakeModel, variables, directory } = workspace);
});

afterAll(async () => {
  await workspace.close();
});

describe('datathread ask', () => {
  it('runs the query the model asks for, prints the answer and audits the query', async () => {
    fakeModel.enqueue(
      { toolCalls: [{ name: 'execute_sql', arguments: { sql_query: 'SELECT region, SUM(amount) AS total FROM sales GROUP BY region ORDER BY region' } }] },
      (request) => {
        const [result] = toolResultsIn(request);
        const north = /region: North\ntotal: (\d+)/.exec(result ?? '')?.[1] ?? 'unknown';
        return { text: `North sold ${north}, South sold less.` };
      },
    );
    const captured = captureOutput();
    const code = await runCli(['ask', 'Sales by region?', '--out', join(directory, 'out')], { variables, output: captured.output });

    expect(code).toBe(0);
    expect(captured.text()).toContain('North sold 300, South sold less.');
    const secondRequest = fakeModel.requests.at(-1)!;
    expect(secondRequest.model).toBe('scripted-model');
    expect(secondRequest.authorization).toBe('Bearer sk-test-secret-key');
    expect(toolResultsIn(secondRequest)[0]).toMatch(/^Query ID: query_[a-z0-9]{8}\n/);
    expect(String(secondRequest.messages[0]!.content)).toContain('### shop (DuckDB)');
    expect(String(secondRequest.messages[0]!.content)).toContain('sales(region varchar, amount integer)');

    const store = await openStore(variables.DATATHREAD_STATE!);
    try {
      const audit = await store.listQueryAudit();
      expect(audit).toHaveLength(1);
      expect(audit[0]).toMatchObject({ databaseName: 'shop', rowCount: 2, refused: false, sql: 'SELECT region, SUM(amount) AS total FROM sales GROUP BY region ORDER BY region' });
      expect(audit[0]!.queryId).toMatch(/^query_[a-z0-9]{8}$/);
      expect(audit[0]!.actor.platform).toBe('console');
    } finally {
      await store.close();
    }
  });

  it('refuses a write the model attempts, tells the model why, and leaves the table unchanged', async () => {
    fakeModel.enqueue({ toolCalls: [{ name: 'execute_sql', arguments: { sql_query: 'DELETE FROM sales' } }] }, { text: 'I cannot delete data.' });
    const captured = captureOutput();
    const code = await runCli(['ask', 'Delete all sales'], { variables, output: captured.output });

    expect(code).toBe(0);
    expect(captured.text()).toContain('I cannot delete data.');
    expect(toolResultsIn(fakeModel.requests.at(-1)!)[0]).toContain('The query was refused and did not run on "shop"');
    expect(await queryDuckDbFile(join(directory, 'shop.duckdb'), 'SELECT count(*)::INTEGER AS n, sum(amount)::INTEGER AS total FROM sales')).toEqual([{ n: 3, total: 350 }]);
    const store = await openStore(variables.DATATHREAD_STATE!);
    try {
      const refused = (await store.listQueryAudit()).filter((row) => row.refused);
      expect(refused).toHaveLength(1);
      expect(refused[0]).toMatchObject({ sql: 'DELETE FROM sales', queryId: null });
    } finally {
      await store.close();
    }
  });

  it('answers plainly that no model is configured when neither OPENAI_API_KEY nor OPENAI_BASE_URL is set', async () => {
    const captured = captureOutput();
    const { OPENAI_BASE_URL: _url, OPENAI_API_KEY: _key, ...withoutModel } = variables;
    const code = await runCli(['ask', 'Sales by region?'], { variables: withoutModel, output: captured.output });
    expect(code).toBe(1);
    expect(captured.text()).toContain('No AI model is configured: set OPENAI_API_KEY');
  });

  it('names the unknown database and lists the available ones for --database', async () => {
    const captured = captureOutput();
    const code = await runCli(['ask', 'x', '--database', 'nope'], { variables, output: captured.output });
    expect(code).toBe(2);
  });
});
