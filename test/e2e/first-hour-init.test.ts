// `datathread init`: a commented starter datathread.yaml and .env.example from flags or from
// answers in a terminal, then `datathread check` on it against the real database; never an
// overwrite without --force; and every warehouse type's starter file passes the config validation.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/main.js';
import { STARTER_TYPES, starterFiles } from '../../src/cli/starter-config.js';
import { readEnvironment } from '../../src/config/environment.js';
import { loadConfig } from '../../src/config/load-config.js';
import { captureOutput, createE2eWorkspace, type E2eWorkspace } from '../support/e2e-workspace.js';

let workspace: E2eWorkspace;

beforeAll(async () => {
  workspace = await createE2eWorkspace({ prefix: 'first-hour-init', duckdb: ['CREATE TABLE sales (region VARCHAR, amount INTEGER)'] });
});

afterAll(async () => {
  await workspace.close();
});

async function init(argv: string[], extra: { answers?: string[]; variables?: Record<string, string> } = {}): Promise<{ code: number; text: string; errors: string; asked: string[] }> {
  const output = captureOutput();
  const errors = captureOutput();
  const asked: string[] = [];
  const answers = [...(extra.answers ?? [])];
  const ask = extra.answers
    ? async (question: string) => {
        asked.push(question);
        return answers.shift() ?? '';
      }
    : undefined;
  const code = await runCli(['init', ...argv], { variables: { ...workspace.variables, ...extra.variables }, output: output.output, errors: errors.output, ...(ask ? { ask } : {}) });
  return { code, text: output.text(), errors: errors.text(), asked };
}

describe('datathread init', () => {
  it('writes a commented datathread.yaml and .env.example from flags, then checks them against the database', async () => {
    const config = join(workspace.directory, 'from-flags', 'datathread.yaml');
    await rm(join(workspace.directory, 'from-flags'), { recursive: true, force: true });
    workspace.fakeModel.enqueue({ text: 'OK' });
    const result = await init(['--type', 'duckdb', '--connection', '../shop.duckdb', '--provider', 'openai_compatible', '--config', config]);
    expect(result.errors).toBe('');
    expect(result.text).toContain(`Wrote ${config} and ${join(workspace.directory, 'from-flags', '.env.example')} (duckdb, openai_compatible).\nChecking it (datathread check):\nConfiguration: ${config} — OK\n`);
    expect(result.text).toContain('Database warehouse (duckdb, read-only): OK — 1 tables: sales\n');
    expect(result.text).toContain('All checks passed.\n');
    expect(result.code).toBe(0);
    const yaml = await readFile(config, 'utf8');
    expect(yaml).toMatch(/^# datathread configuration, written by `datathread init`\./);
    expect(yaml).toContain('    type: duckdb ');
    expect(yaml).toContain('    path: "../shop.duckdb"');
    expect(await readFile(join(workspace.directory, 'from-flags', '.env.example'), 'utf8')).toContain('\nOPENAI_BASE_URL=\nOPENAI_API_KEY=\n');
  });

  it('refuses to overwrite either file without --force, and overwrites with it', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'datathread-first-hour-init-'));
    try {
      const config = join(folder, 'datathread.yaml');
      await writeFile(config, '# my own config\n');
      const refused = await init(['--type', 'sqlite', '--connection', 'local.sqlite', '--config', config, '--no-check']);
      expect(refused).toMatchObject({ code: 1, text: `${config} already exists; nothing was written. Pass --force to overwrite it.\n` });
      expect(await readFile(config, 'utf8')).toBe('# my own config\n');

      await rm(config);
      await writeFile(join(folder, '.env.example'), 'MINE=1\n');
      expect((await init(['--type', 'sqlite', '--connection', 'local.sqlite', '--config', config, '--no-check'])).code).toBe(1);
      expect(await readFile(join(folder, '.env.example'), 'utf8')).toBe('MINE=1\n');

      const forced = await init(['--type', 'sqlite', '--connection', 'local.sqlite', '--config', config, '--no-check', '--force']);
      expect(forced.code).toBe(0);
      expect(await readFile(config, 'utf8')).toContain('    type: sqlite ');
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });

  it('asks for the warehouse type, connection and model provider in a terminal, and checks a real PostgreSQL', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'datathread-first-hour-init-'));
    try {
      const config = join(folder, 'datathread.yaml');
      workspace.fakeModel.enqueue({ text: 'OK' });
      const result = await init(['--config', config], { answers: ['postgres', 'postgres://postgres@127.0.0.1:5432/postgres', 'openai_compatible'], variables: { WAREHOUSE_PASSWORD: 'unused-with-trust-auth' } });
      expect(result.asked).toEqual([
        `Warehouse type (${STARTER_TYPES.join(', ')}) [duckdb]: `,
        'Connection: a URL such as postgres://reader@db.internal:5432/analytics (no password: it is read from WAREHOUSE_PASSWORD): ',
        'Model provider (openai, anthropic, google, azure, bedrock, openai_compatible) [openai]: ',
      ]);
      const yaml = await readFile(config, 'utf8');
      expect(yaml).toContain('    host: "127.0.0.1"\n    port: 5432\n    database: "postgres"\n');
      expect(yaml).toContain(`    password: "{{ env('WAREHOUSE_PASSWORD') }}"`);
      expect(await readFile(join(folder, '.env.example'), 'utf8')).toContain('\nWAREHOUSE_PASSWORD=\n');
      expect(result.text).toMatch(/\nDatabase warehouse \(postgres, read-only\): OK — \d+ tables/);
      expect(result.code).toBe(0);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });

  it('says which flags it needs when it cannot ask, and refuses a password in the connection URL', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'datathread-first-hour-init-'));
    try {
      const config = join(folder, 'datathread.yaml');
      expect(await init(['--config', config])).toMatchObject({ code: 2, errors: 'init needs --type (and --connection) when it cannot ask in a terminal (see `datathread help init`)\n' });
      const secret = await init(['--type', 'mysql', '--connection', 'mysql://reader:hunter2@db.internal/shop', '--config', config]);
      expect(secret.code).toBe(2);
      expect(secret.errors).toContain('leave the password out of the URL');
      expect(secret.errors).not.toContain('hunter2');
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });
});

describe('the starter config', () => {
  it.each(STARTER_TYPES.map((type) => ({ type })))('for $type passes the configuration validation', async ({ type }) => {
    const folder = await mkdtemp(join(tmpdir(), 'datathread-starter-'));
    try {
      const special: Record<string, string> = { bigquery: 'acme-analytics', athena: 's3://acme-athena-results/datathread/', snowflake: 'acme.snowflakecomputing.com', databricks: 'adb-1.azuredatabricks.net/sql/1.0/warehouses/abc' };
      const connection = type === 'duckdb' || type === 'sqlite' ? `local.${type}` : (special[type] ?? `${type}://reader@db.internal:1234/analytics`);
      const path = join(folder, 'datathread.yaml');
      await writeFile(path, starterFiles({ type, connection, provider: 'openai' }).config);
      const loaded = loadConfig(readEnvironment({ DATATHREAD_CONFIG: path, WAREHOUSE_PASSWORD: 'x', AWS_REGION: 'eu-west-1', OPENAI_API_KEY: 'sk-test' }));
      expect(loaded.databases.map((database) => [database.name, database.type])).toEqual([['warehouse', expect.any(String)]]);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });
});
