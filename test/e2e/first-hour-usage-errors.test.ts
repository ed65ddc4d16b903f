// Usage errors are one line — what is wrong, and `datathread help <command>` — never the whole
// 25-line help, and every command refuses an option it does not take instead of ignoring it
// (`ask --databse shop` used to ask every database).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/main.js';
import { captureOutput, createE2eWorkspace, type E2eWorkspace } from '../support/e2e-workspace.js';

let workspace: E2eWorkspace;

beforeAll(async () => {
  workspace = await createE2eWorkspace({ prefix: 'first-hour-usage', duckdb: ['CREATE TABLE sales (region VARCHAR, amount INTEGER)'] });
});

afterAll(async () => {
  await workspace.close();
});

async function run(argv: string[]): Promise<{ code: number; text: string; errors: string }> {
  const output = captureOutput();
  const errors = captureOutput();
  const code = await runCli(argv, { variables: workspace.variables, output: output.output, errors: errors.output });
  return { code, text: output.text(), errors: errors.text() };
}

describe('usage errors', () => {
  it('are one line naming the command help', async () => {
    const result = await run(['usage', '--format', 'xml']);
    expect(result).toEqual({ code: 2, text: '', errors: '--format takes one of table, csv, json, such as --format csv (see `datathread help usage`)\n' });
  });

  it.each([
    { argv: ['ask', 'how many sales?', '--databse', 'shop'], refused: '--databse', takes: '--database, --out, --verbose' },
    { argv: ['memory', 'list', '--format', 'json'], refused: '--format', takes: '--scope, --database' },
    { argv: ['schedules', 'list', '--all'], refused: '--all', takes: null },
    { argv: ['verified', 'list', '--database', 'shop'], refused: '--database', takes: '--format, --out' },
    { argv: ['usage', '--days7'], refused: '--days7', takes: '--since, --days, --by, --format' },
    { argv: ['feedback', '--by', 'user'], refused: '--by', takes: '--since, --format' },
    { argv: ['check', '--verbose'], refused: '--verbose', takes: '--access, --since, --days, --by, --format, --usage' },
  ])('refuse an option the command does not take: $argv', async ({ argv, refused, takes }) => {
    const before = workspace.fakeModel.requests.length;
    const result = await run(argv);
    expect(result.code).toBe(2);
    expect(result.text).toBe('');
    const command = argv[0]!;
    expect(result.errors).toBe(`datathread ${command} does not take ${refused}; ${takes ? `it takes ${takes}` : 'it takes no options'} (see \`datathread help ${command}\`)\n`);
    expect(workspace.fakeModel.requests.length).toBe(before);
  });
});

describe('datathread ask on stderr', () => {
  async function stderrOf(argv: string[]): Promise<string> {
    const written: string[] = [];
    const original = process.stderr.write.bind(process.stderr);
    process.stderr.write = ((chunk: string | Uint8Array) => {
      written.push(String(chunk));
      return true;
    }) as typeof process.stderr.write;
    try {
      await run(argv);
    } finally {
      process.stderr.write = original;
    }
    return written.join('');
  }

  it('writes no JSON log lines unless --verbose is given', async () => {
    // The scripted model has nothing to say: the turn fails, which the server logs as an error.
    const quiet = await stderrOf(['ask', 'how many sales?']);
    expect(quiet).not.toContain('"level"');
    const verbose = await stderrOf(['ask', 'how many sales?', '--verbose']);
    expect(verbose).toContain('"level":"error"');
    expect(verbose).toContain('"message":"turn failed"');
  });
});
