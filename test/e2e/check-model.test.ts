// End to end: `datathread check` sends the configured model one small request and reports it —
// answered by the local OpenAI-compatible server, refused credentials, a dead address — and names
// the model it asks for when only OPENAI_BASE_URL is set.
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/main.js';
import { startFakeOpenAI } from '../fakes/openai-server.js';
import { captureOutput, createE2eWorkspace, TEST_OPENAI_KEY, type E2eWorkspace } from '../support/e2e-workspace.js';

let workspace: E2eWorkspace;

/** A loopback port nothing listens on. */
async function deadPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  return typeof address === 'object' && address ? address.port : 0;
}

beforeAll(async () => {
  workspace = await createE2eWorkspace({ prefix: 'check-model', duckdb: ['CREATE TABLE sales (region VARCHAR, amount INTEGER)'] });
});

afterAll(async () => {
  await workspace.close();
});

describe('datathread check and the model', () => {
  it('sends one small request to the model and reports its answer', async () => {
    workspace.fakeModel.enqueue({ text: 'OK' });
    const requestsBefore = workspace.fakeModel.requests.length;
    const captured = captureOutput();
    const code = await runCli(['check'], { variables: workspace.variables, output: captured.output });

    const host = new URL(workspace.fakeModel.url).host;
    expect(captured.text()).toContain(`Model: scripted-model via ${host} (Chat Completions) — OK, answered a test request\n`);
    expect(captured.text()).toContain('All checks passed.');
    expect(code).toBe(0);
    const requests = workspace.fakeModel.requests.slice(requestsBefore);
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({ model: 'scripted-model', authorization: `Bearer ${TEST_OPENAI_KEY}` });
  });

  it('fails when nothing answers at the model address, and says so', async () => {
    const url = `http://127.0.0.1:${await deadPort()}/v1`;
    const captured = captureOutput();
    const code = await runCli(['check'], { variables: { ...workspace.variables, OPENAI_BASE_URL: url }, output: captured.output });

    expect(captured.text()).toContain(`— FAILED — could not reach ${url} (ECONNREFUSED): check the address and that the server is running\n`);
    expect(captured.text()).not.toContain('All checks passed.');
    expect(captured.text()).toContain('1 check(s) failed.');
    expect(code).toBe(1);
  });

  it('fails when the model service refuses the key', async () => {
    const strict = await startFakeOpenAI([], { authorize: (headers) => headers.authorization === 'Bearer another-key' });
    try {
      const captured = captureOutput();
      const code = await runCli(['check'], { variables: { ...workspace.variables, OPENAI_BASE_URL: strict.url }, output: captured.output });
      expect(captured.text()).toContain(`— FAILED — ${strict.url} refused the credentials (HTTP 401): check the provider's API key or credentials\n`);
      expect(captured.text()).not.toContain(TEST_OPENAI_KEY);
      expect(code).toBe(1);
    } finally {
      await strict.close();
    }
  });

  it('with only OPENAI_BASE_URL set, names the model it asks for', async () => {
    const bare = await createE2eWorkspace({ prefix: 'check-model-bare', duckdb: ['CREATE TABLE sales (region VARCHAR)'], config: { databases: [{ name: 'shop', type: 'duckdb', path: 'shop.duckdb' }] } });
    try {
      bare.fakeModel.enqueue({ text: 'OK' });
      const { OPENAI_API_KEY: _key, ...variables } = bare.variables;
      const captured = captureOutput();
      const code = await runCli(['check'], { variables, output: captured.output });
      expect(captured.text()).toContain(
        `— asks the server for the model "gpt-4.1-mini", the built-in default: set DATATHREAD_MODEL (or agent.model) to a model the server at ${bare.fakeModel.url} serves\n`,
      );
      expect(bare.fakeModel.requests.map((request) => request.model)).toEqual(['gpt-4.1-mini']);
      expect(code).toBe(0);
    } finally {
      await bare.close();
    }
  });
});
