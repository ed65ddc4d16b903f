import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError } from '../../src/config/config-error.js';
import { readEnvironment } from '../../src/config/environment.js';
import { loadConfig, parseConfigText } from '../../src/config/load-config.js';
import { DIALECT_ALIASES, DIALECT_NAMES } from '../../src/databases/dialects.js';

let directory: string;

/** Every accepted `type:` with its other spellings, as the message lists them. */
const ACCEPTED_TYPES = DIALECT_NAMES.map((name) => {
  const aliases = Object.entries(DIALECT_ALIASES).filter(([, dialect]) => dialect === name).map(([alias]) => alias);
  return aliases.length > 0 ? `${name} (or ${aliases.join(', ')})` : name;
}).join(', ');

beforeAll(async () => {
  directory = await mkdtemp(join(tmpdir(), 'datathread-config-'));
});

afterAll(async () => {
  await rm(directory, { recursive: true, force: true });
});

function problemsOf(text: string, variables: Record<string, string> = {}): string[] {
  try {
    parseConfigText(text, 'datathread.yaml', readEnvironment(variables));
  } catch (error) {
    if (error instanceof ConfigError) return error.problems.map((problem) => `${problem.key}: ${problem.problem}. Fix: ${problem.fix}`);
    throw error;
  }
  return [];
}

describe('datathread.yaml', () => {
  it('reads nao-style database entries with env interpolation and applies the defaults', () => {
    const config = parseConfigText(
      [
        'project_name: shop',
        'databases:',
        '  - name: warehouse',
        '    type: postgresql',
        '    host: db.internal',
        '    port: 5432',
        '    database: analytics',
        '    user: reader',
        "    password: \"{{ env('WAREHOUSE_PASSWORD') }}\"",
        '    schema_name: public',
        '  - name: events',
        '    type: duckdb',
        '    path: data/events.duckdb',
      ].join('\n'),
      join(directory, 'datathread.yaml'),
      readEnvironment({ WAREHOUSE_PASSWORD: 's3cret' }),
    );
    expect(config.databases[0]).toMatchObject({ name: 'warehouse', type: 'postgres', password: 's3cret', auth_mode: 'password', dangerously_allow_writes: false });
    expect(config.databases[1]!.path).toBe(join(directory, 'data/events.duckdb'));
    expect(config.agent).toMatchObject({ model: 'gpt-4.1-mini', maxSteps: 20, turnTimeoutMs: 300_000, queryTimeoutMs: 30_000, rowCap: 10_000 });
    expect(config.agent.enabledTools).toEqual(expect.arrayContaining(['execute_sql', 'read_query_result', 'display_chart', 'story', 'clarification', 'suggest_follow_ups']));
  });

  it('lets DATATHREAD_MODEL override agent.model', () => {
    const config = parseConfigText('agent:\n  model: a', 'x.yaml', readEnvironment({ DATATHREAD_MODEL: 'b' }));
    expect(config.agent.model).toBe('b');
  });

  it('suggests the accepted spelling of a misspelt key or value, and lists the types with their other spellings', () => {
    expect(problemsOf('databases:\n  - name: w\n    type: postgres\n    hots: db.internal')[0]).toBe(
      'databases[0]: unknown key "hots" (did you mean "host"?). Fix: remove the key or correct its spelling (see the configuration reference in docs/configuration.md)',
    );
    expect(problemsOf('databases:\n  - name: w\n    type: sql_server\n    host: db.internal')).toEqual([
      `databases[0].type: must be one of: ${ACCEPTED_TYPES}; "sql_server" is not one of them (did you mean "sqlserver"?). Fix: use one of the values listed`,
    ]);
    expect(ACCEPTED_TYPES).toContain('mssql (or sqlserver, azure_sql, fabric, synapse)');
    expect(ACCEPTED_TYPES).toContain('postgres (or postgresql)');
    expect(problemsOf('agent:\n  provider: openia')[0]).toMatch(/^agent\.provider: .*; "openia" is not one of them \(did you mean "openai"\?\)\. Fix: use one of the values listed$/);
    expect(problemsOf('agent:\n  tools: [execute_sq]')[0]).toMatch(/"execute_sq" is not one of them \(did you mean "execute_sql"\?\)/);
    expect(() => readEnvironment({ DATATHREAD_PROVIDER: 'antropic' })).toThrow(
      'DATATHREAD_PROVIDER: must be one of openai, openai_compatible, azure, anthropic, google, bedrock; "antropic" is not one of them (did you mean "anthropic"?)',
    );
    expect(problemsOf('databases:\n  - name: w\n    type: duckdb\n    path: x\n    colour: red')[0]).toBe(
      'databases[0]: unknown key "colour". Fix: remove the key or correct its spelling (see the configuration reference in docs/configuration.md)',
    );
  });

  it('names the key, the problem and the fix for every error', () => {
    expect(problemsOf('databases:\n  - name: w\n    type: oracle\n    path: x')).toEqual([
      `databases[0].type: must be one of: ${ACCEPTED_TYPES}; "oracle" is not one of them. Fix: use one of the values listed`,
    ]);
    expect(problemsOf('databases:\n  - name: w\n    type: duckdb')).toEqual([
      'databases[0].path: is required for type duckdb: the database file\'s path. Fix: correct the value as described in the configuration reference in docs/configuration.md',
    ]);
    expect(problemsOf('agent:\n  max_step: 5')).toEqual([
      'agent: unknown key "max_step" (did you mean "max_steps"?). Fix: remove the key or correct its spelling (see the configuration reference in docs/configuration.md)',
    ]);
    expect(problemsOf("databases:\n  - name: w\n    type: postgres\n    host: h\n    password: \"{{ env('NOPE') }}\"")).toEqual([
      'databases[0].password: refers to environment variable NOPE, which is not set. Fix: set NOPE in the environment (or in the process manager\'s env file) before starting datathread',
    ]);
    expect(problemsOf('agent:\n  row_cap: -1')[0]).toMatch(/^agent\.row_cap: .*Fix: use a value within the stated range$/);
    expect(problemsOf('databases: [\n')[0]).toMatch(/^\(file\): is not valid YAML/);
    expect(problemsOf('access:\n  rules:\n    - databases: [ghost]\n')).toEqual([
      'access.rules[0].databases: names "ghost", which is not in the databases list. Fix: correct the value as described in the configuration reference in docs/configuration.md',
    ]);
  });

  it('uses the demo warehouse when the default file is missing, and refuses a missing explicit file', () => {
    const demo = loadConfig(readEnvironment({ DATATHREAD_STATE: `sqlite:${join(directory, 'state', 'state.db')}` }));
    expect(demo.isDemo).toBe(true);
    expect(demo.databases).toEqual([expect.objectContaining({ name: 'demo', type: 'duckdb', path: join(directory, 'state', 'demo-warehouse.duckdb') })]);
    expect(() => loadConfig(readEnvironment({ DATATHREAD_CONFIG: join(directory, 'missing.yaml') }))).toThrow(/DATATHREAD_CONFIG: points to .*missing\.yaml, which does not exist/);
  });

  it('refuses a file with an empty databases list', async () => {
    const path = join(directory, 'empty.yaml');
    await writeFile(path, 'databases: []\n');
    expect(() => loadConfig(readEnvironment({ DATATHREAD_CONFIG: path }))).toThrow(/databases: is empty/);
  });
});

describe('environment', () => {
  it('reads defaults and the Agents SDK names, falling back to the Bot Framework ones', () => {
    const environment = readEnvironment({ MicrosoftAppId: 'app', clientSecret: 'secret', PORT: '8080' });
    expect(environment.teams).toEqual({ clientId: 'app', clientSecret: 'secret', tenantId: undefined });
    expect(environment.port).toBe(8080);
    expect(environment.stateUrl).toBe('sqlite:./.datathread/state.db');
    expect(environment.configPath).toBe('./datathread.yaml');
  });

  it('rejects a malformed URL or port with the variable name', () => {
    expect(() => readEnvironment({ OPENAI_BASE_URL: 'not a url' })).toThrow(/OPENAI_BASE_URL: must be a URL/);
    expect(() => readEnvironment({ PORT: 'eighty' })).toThrow(/PORT: must be a port number/);
  });
});
