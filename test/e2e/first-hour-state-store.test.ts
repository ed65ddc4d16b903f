// A state store that cannot be opened (a mistyped DATATHREAD_STATE, a PostgreSQL nobody listens on)
// is one line in every command that needs it — what is wrong and where to fix it — never a stack
// trace; and the URL's password is not echoed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/main.js';
import { captureOutput, createE2eWorkspace, type E2eWorkspace } from '../support/e2e-workspace.js';

let workspace: E2eWorkspace;

beforeAll(async () => {
  workspace = await createE2eWorkspace({ prefix: 'first-hour-state', duckdb: ['CREATE TABLE sales (region VARCHAR, amount INTEGER)'] });
});

afterAll(async () => {
  await workspace.close();
});

async function run(argv: string[], state: string): Promise<{ code: number; text: string; errors: string }> {
  const output = captureOutput();
  const errors = captureOutput();
  const code = await runCli(argv, { variables: { ...workspace.variables, DATATHREAD_STATE: state }, output: output.output, errors: errors.output });
  return { code, text: output.text(), errors: errors.text() };
}

const COMMANDS = [['memory', 'list'], ['usage'], ['schedules', 'list'], ['feedback'], ['verified', 'list'], ['ask', 'how many sales?']];
// Port 1 is reserved and closed: the connection is refused at once.
const UNREACHABLE = 'postgres://reader:s3cret-password@127.0.0.1:1/state';
const MISTYPED = 'sqllite:./state.db';
const UNDER_A_FILE = 'sqlite:/etc/hostname/state.db';

describe('a state store that cannot be opened', () => {
  for (const argv of COMMANDS) {
    it(`is one line in "datathread ${argv.join(' ')}" when unreachable or mistyped`, async () => {
      for (const state of [UNREACHABLE, MISTYPED, UNDER_A_FILE]) {
        const result = await run(argv, state);
        expect(result.code).toBe(1);
        const printed = `${result.text}${result.errors}`;
        expect(printed.trim().split('\n')).toHaveLength(1);
        expect(printed).toMatch(/^State store: cannot be opened \(DATATHREAD_STATE\): .+/);
        expect(printed).not.toContain('s3cret-password');
        expect(printed).not.toMatch(/\n\s+at /);
      }
    });
  }
});
