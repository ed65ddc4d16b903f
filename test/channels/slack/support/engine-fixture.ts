// The real core for end-to-end Slack tests: a DuckDB warehouse, a SQLite state file, the local
// OpenAI-compatible fake, and createApplication() from src/application.ts. Until the display_chart
// tool is registered by the charts work, a stand-in that attaches a fixed tiny PNG is registered,
// so the Slack upload path is still exercised end to end.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { tool } from 'ai';
import { z } from 'zod';
import { createApplication, type Application } from '../../../../src/application.js';
import { readEnvironment } from '../../../../src/config/environment.js';
import { loadConfig } from '../../../../src/config/load-config.js';
import { createLogger } from '../../../../src/logging/logger.js';
import { registerToolFactory, selectToolNames } from '../../../../src/tools/tool-registry.js';
import type { ToolContext } from '../../../../src/tools/tool-context.js';
import { startFakeOpenAI, type FakeOpenAI } from '../../../fakes/openai-server.js';
import { createDuckDbFile } from '../../../support/duckdb-fixture.js';

/** A valid 1×1 PNG. */
export const TINY_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

export interface EngineFixture {
  directory: string;
  model: FakeOpenAI;
  variables: Record<string, string>;
  open(): Promise<Application>;
  close(): Promise<void>;
}

export async function startEngineFixture(): Promise<EngineFixture> {
  const directory = await mkdtemp(join(tmpdir(), 'datathread-slack-'));
  await createDuckDbFile(join(directory, 'shop.duckdb'), [
    'CREATE TABLE sales (region VARCHAR, amount INTEGER)',
    "INSERT INTO sales VALUES ('North', 100), ('North', 200), ('South', 50)",
  ]);
  await writeFile(
    join(directory, 'datathread.yaml'),
    ['databases:', '  - name: shop', '    type: duckdb', '    path: shop.duckdb', 'agent:', '  model: scripted-model', ''].join('\n'),
  );
  const model = await startFakeOpenAI();
  const variables = {
    OPENAI_BASE_URL: model.url,
    OPENAI_API_KEY: 'sk-test-secret-key',
    DATATHREAD_CONFIG: join(directory, 'datathread.yaml'),
    DATATHREAD_STATE: `sqlite:${join(directory, 'state.db')}`,
  };
  return {
    directory,
    model,
    variables,
    async open() {
      const environment = readEnvironment(variables);
      const application = await createApplication({ environment, config: loadConfig(environment), logger: createLogger({ level: 'error', write: () => undefined }) });
      ensureChartTool();
      return application;
    },
    async close() {
      await model.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}

function ensureChartTool(): void {
  if (selectToolNames(['display_chart'], { interactive: true }).length > 0) return;
  registerToolFactory('display_chart', (context: ToolContext) =>
    tool({
      description: 'Test stand-in for display_chart.',
      inputSchema: z.object({ query_id: z.string(), chart_type: z.string(), x_axis_key: z.string(), x_axis_type: z.string().optional(), series: z.array(z.object({ data_key: z.string() })), title: z.string() }),
      execute: async (input) => {
        await context.addChart({ chartId: context.createId('chart_'), queryId: input.query_id, title: input.title, chartType: input.chart_type, config: input, spec: {}, png: TINY_PNG, widthPx: 1, heightPx: 1 });
        return { shown: true };
      },
      toModelOutput: () => ({ type: 'text', value: 'Chart shown to the user.' }),
    }),
  );
}
