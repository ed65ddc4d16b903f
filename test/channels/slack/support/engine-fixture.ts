// The real core for end-to-end Slack tests: a DuckDB warehouse, a SQLite state file, the local
// OpenAI-compatible fake, and createApplication() from src/application.ts.
import { createApplication, type Application } from '../../../../src/application.js';
import { readEnvironment } from '../../../../src/config/environment.js';
import { loadConfig } from '../../../../src/config/load-config.js';
import { createLogger } from '../../../../src/logging/logger.js';
import type { FakeOpenAI } from '../../../fakes/openai-server.js';
import { createE2eWorkspace } from '../../../support/e2e-workspace.js';

/** A valid 1×1 PNG. */
export const TINY_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

export interface EngineFixture {
  directory: string;
  model: FakeOpenAI;
  variables: Record<string, string>;
  open(): Promise<Application>;
  close(): Promise<void>;
}

/** `config`: the datathread.yaml content (JSON is YAML); default: the shop database and the scripted model. */
export async function startEngineFixture(config?: Record<string, unknown>): Promise<EngineFixture> {
  const workspace = await createE2eWorkspace({
    prefix: 'slack',
    ...(config ? { config } : {}),
    duckdb: ['CREATE TABLE sales (region VARCHAR, amount INTEGER)', "INSERT INTO sales VALUES ('North', 100), ('North', 200), ('South', 50)"],
  });
  const { directory, fakeModel: model, variables } = workspace;
  return {
    directory,
    model,
    variables,
    async open() {
      const environment = readEnvironment(variables);
      return createApplication({ environment, config: loadConfig(environment), logger: createLogger({ level: 'error', write: () => undefined }) });
    },
    close: () => workspace.close(),
  };
}
