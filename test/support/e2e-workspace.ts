// One folder per end-to-end test file: a real DuckDB file, a datathread.yaml, a state file, and a
// local OpenAI-compatible server; `variables` is the environment the bot is started with.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startFakeOpenAI, type FakeOpenAI } from '../fakes/openai-server.js';
import { createDuckDbFile } from './duckdb-fixture.js';

export interface E2eWorkspace {
  directory: string;
  fakeModel: FakeOpenAI;
  variables: Record<string, string>;
  close(): Promise<void>;
}

export interface E2eWorkspaceOptions {
  prefix: string;
  /** Statements that build `shop.duckdb`. */
  duckdb: string[];
  /** The config file's content (JSON is YAML); default: the shop database and a scripted model. */
  config?: Record<string, unknown>;
  extraVariables?: Record<string, string>;
}

export const SCRIPTED_MODEL = 'scripted-model';
export const TEST_OPENAI_KEY = 'sk-test-secret-key';

export async function createE2eWorkspace(options: E2eWorkspaceOptions): Promise<E2eWorkspace> {
  const directory = await mkdtemp(join(tmpdir(), `datathread-${options.prefix}-`));
  await createDuckDbFile(join(directory, 'shop.duckdb'), options.duckdb);
  const config = options.config ?? { databases: [{ name: 'shop', type: 'duckdb', path: 'shop.duckdb' }], agent: { model: SCRIPTED_MODEL } };
  await writeFile(join(directory, 'datathread.yaml'), JSON.stringify(config, null, 2));
  const fakeModel = await startFakeOpenAI();
  const variables = {
    OPENAI_BASE_URL: fakeModel.url,
    OPENAI_API_KEY: TEST_OPENAI_KEY,
    DATATHREAD_CONFIG: join(directory, 'datathread.yaml'),
    DATATHREAD_STATE: `sqlite:${join(directory, 'state.db')}`,
    LOG_LEVEL: 'error',
    ...options.extraVariables,
  };
  return {
    directory,
    fakeModel,
    variables,
    close: async () => {
      await fakeModel.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}

/** A TerminalOutput that keeps what the CLI printed. */
export function captureOutput() {
  const chunks: string[] = [];
  return { output: { write: (text: string) => void chunks.push(text) }, text: () => chunks.join('') };
}
