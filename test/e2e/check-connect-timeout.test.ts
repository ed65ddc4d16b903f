// `datathread check` against a Snowflake host that accepts connections and never answers (a
// loopback server standing in for a firewall that swallows packets): with `connect_timeout: 1` the
// database fails with a sentence naming it, the address and the deadline, instead of waiting for
// snowflake-sdk's login retries (2 min 36 s measured before). connect_timeout itself is validated.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/main.js';
import { ConfigError } from '../../src/config/config-error.js';
import { readEnvironment } from '../../src/config/environment.js';
import { parseConfigText } from '../../src/config/load-config.js';
import { startHangingEndpoints, type HangingEndpoints } from '../support/hanging-endpoints.js';
import { captureOutput, createE2eWorkspace, SCRIPTED_MODEL, type E2eWorkspace } from '../support/e2e-workspace.js';

let hanging: HangingEndpoints;
let workspace: E2eWorkspace;

beforeAll(async () => {
  hanging = await startHangingEndpoints();
  workspace = await createE2eWorkspace({
    prefix: 'check-connect-timeout',
    duckdb: ['CREATE TABLE sales (region VARCHAR)'],
    config: {
      databases: [
        { name: 'shop', type: 'duckdb', path: 'shop.duckdb' },
        { name: 'warehouse', type: 'snowflake', host: hanging.host, port: hanging.port, account_id: 'contoso-analytics', user: 'DATATHREAD', password: 'snowflake-secret', warehouse: 'REPORTING', database: 'SHOP', connect_timeout: 1 },
      ],
      agent: { model: SCRIPTED_MODEL },
    },
  });
});

afterAll(async () => {
  await workspace?.close();
  await hanging?.close();
});

function problemsOf(connectTimeout: string): string[] {
  try {
    parseConfigText(`databases:\n  - { name: shop, type: postgres, host: db.internal, connect_timeout: ${connectTimeout} }\n`, 'datathread.yaml', readEnvironment({}));
  } catch (error) {
    if (error instanceof ConfigError) return error.problems.map((problem) => `${problem.key}: ${problem.problem}`);
    throw error;
  }
  return [];
}

describe('connect_timeout', () => {
  it('datathread check reports an unreachable Snowflake host by name, address and deadline, and fails', async () => {
    workspace.fakeModel.enqueue({ text: 'OK' });
    const captured = captureOutput();
    const code = await runCli(['check'], { variables: workspace.variables, output: captured.output });
    expect(captured.text()).toContain(`Database warehouse (snowflake): FAILED — Database "warehouse" cannot be reached: no connection to 127.0.0.1:${hanging.port} within 1 s (connect_timeout).`);
    expect(captured.text()).toContain('Database shop (duckdb, read-only): OK');
    expect(captured.text()).not.toContain('snowflake-secret');
    expect(code).toBe(1);
  }, 30_000);

  it('is validated: a positive number of seconds up to 300', () => {
    expect(problemsOf('2.5')).toEqual([]);
    expect(problemsOf('0')).toEqual([expect.stringMatching(/^databases\[0\]\.connect_timeout: /)]);
    expect(problemsOf('301')).toEqual([expect.stringMatching(/^databases\[0\]\.connect_timeout: /)]);
    expect(problemsOf('soon')).toEqual([expect.stringMatching(/^databases\[0\]\.connect_timeout: /)]);
  });
});
