// A plot drawn by execute_sandboxed_code reaches Slack the way display_chart's charts do: signed
// event → Bolt → engine (DuckDB, scripted OpenAI fake, real bubblewrap sandbox) → file upload
// into the thread.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApplication, type Application } from '../../../src/application.js';
import { readEnvironment } from '../../../src/config/environment.js';
import { loadConfig } from '../../../src/config/load-config.js';
import { createLogger } from '../../../src/logging/logger.js';
import { firstQueryIdIn } from '../../fakes/openai-server.js';
import { startFakeSlackApi, type FakeSlackApi } from '../../fakes/slack-api-server.js';
import { createE2eWorkspace, SCRIPTED_MODEL, type E2eWorkspace } from '../../support/e2e-workspace.js';
import { problemsInCalls } from './support/block-kit-validator.js';
import { startSlackHarness, type SlackHarness } from './support/slack-harness.js';

const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const PLOT_CODE = (queryId: string) =>
  [
    'import pandas as pd, matplotlib.pyplot as plt',
    `frame = pd.read_csv("/sandbox/data/${queryId}.csv")`,
    'frame.groupby("region")["amount"].sum().plot(kind="bar").get_figure().savefig("sales-by-region.png")',
    'print(frame["amount"].sum())',
  ].join('\n');

let workspace: E2eWorkspace;
let application: Application;
let slack: FakeSlackApi;
let harness: SlackHarness;

beforeAll(async () => {
  workspace = await createE2eWorkspace({
    prefix: 'slack-sandbox',
    duckdb: ['CREATE TABLE sales (region VARCHAR, amount INTEGER)', "INSERT INTO sales VALUES ('North', 100), ('North', 200), ('South', 50)"],
    config: {
      databases: [{ name: 'shop', type: 'duckdb', path: 'shop.duckdb' }],
      agent: { model: SCRIPTED_MODEL, tools: ['execute_sql', 'execute_sandboxed_code'] },
    },
  });
  const environment = readEnvironment(workspace.variables);
  application = await createApplication({ environment, config: loadConfig(environment), logger: createLogger({ level: 'error', write: () => undefined }) });
  slack = await startFakeSlackApi();
  slack.addUser({ id: 'UANA', name: 'ana', email: 'ana@example.com' });
  harness = await startSlackHarness({ handler: application.engine, slack, getQueryResult: (threadId, queryId) => application.store.getQueryResult(threadId, queryId) });
}, 120_000);

afterAll(async () => {
  await harness.close();
  await application.close();
  await slack.close();
  await workspace.close();
});

describe('Slack: execute_sandboxed_code', () => {
  it('uploads the PNG the sandboxed code wrote into the mention thread', async () => {
    workspace.fakeModel.enqueue(
      { toolCalls: [{ name: 'execute_sql', arguments: { sql_query: 'SELECT region, amount FROM sales' } }] },
      (request) => {
        const queryId = firstQueryIdIn(request);
        return { toolCalls: [{ name: 'execute_sandboxed_code', arguments: { language: 'python', code: PLOT_CODE(queryId), data_files: [queryId], sandbox_id: null } }] };
      },
      { text: 'Total sales are 350; North leads.' },
    );
    await harness.sendEvent({ user: 'UANA', text: '<@UBOT> plot sales by region with pandas', channel: 'C1', ts: '500.1' });
    await slack.waitFor(() => slack.threadMessages('C1', '500.1').find((message) => message.text.includes('Total sales are 350')), 60_000);

    const chart = await slack.waitFor(() => slack.files.find((file) => file.filename.endsWith('.png') && file.channelId !== undefined), 30_000);
    expect(chart).toMatchObject({ channelId: 'C1', threadTs: '500.1', title: 'sales-by-region' });
    expect(chart!.bytes.subarray(0, 8)).toEqual(PNG_MAGIC);
    // The model saw what the program printed and that the image was posted.
    const shown = JSON.stringify(workspace.fakeModel.requests.at(-1)!.messages);
    expect(shown).toContain('350');
    expect(shown).toContain('sales-by-region.png: posted in the thread as an image');
    expect(problemsInCalls(slack.calls)).toEqual([]);
    expect(workspace.fakeModel.pending()).toBe(0);
  }, 90_000);
});
