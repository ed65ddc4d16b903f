// The real core for end-to-end Slack tests: a DuckDB warehouse, a SQLite state file, the local
// OpenAI-compatible fake, and createApplication() from src/application.ts. Until the display_chart
// tool is registered by the charts work, a stand-in that attaches a fixed tiny PNG is registered,
// so the Slack upload path is still exercised end to end.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApplication, type Application } from '../../../../src/application.js';
import { readEnvironment } from '../../../../src/config/environment.js';
import { loadConfig } from '../../../../src/config/load-config.js';
import { createLogger } from '../../../../src/logging/logger.js';
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
      return application;
    },
    async close() {
      await model.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}

