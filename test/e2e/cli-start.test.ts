// End to end through the command line: help is an answer (exit 0), an unknown command is not, and
// `datathread check` with a missing credentials file reports the database and the file and exits
// non-zero instead of crashing.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/main.js';
import { captureOutput, createE2eWorkspace, type E2eWorkspace } from '../support/e2e-workspace.js';

let workspace: E2eWorkspace;

beforeAll(async () => {
  workspace = await createE2eWorkspace({ prefix: 'cli-start', duckdb: ['CREATE TABLE sales (region VARCHAR)'] });
});

afterAll(async () => {
  await workspace.close();
});

async function run(argv: string[], variables = workspace.variables) {
  const output = captureOutput();
  const errors = captureOutput();
  const code = await runCli(argv, { variables, output: output.output, errors: errors.output });
  return { code, output: output.text(), errors: errors.text() };
}

describe('datathread help', () => {
  it.each([{ argv: ['--help'] }, { argv: ['-h'] }, { argv: ['help'] }, { argv: [] }])('$argv prints the usage and exits 0', async ({ argv }) => {
    const result = await run(argv);
    expect(result.code).toBe(0);
    expect(result.output).toMatch(/^Usage:\n {2}datathread init \[--type TYPE\]/);
    expect(result.output).toContain('\n  datathread ask "question"');
    expect(result.output).toContain('datathread help ');
    expect(result.errors).toBe('');
  });

  it.each([{ argv: ['check', '--help'] }, { argv: ['help', 'check'] }])('$argv prints the usage of check alone and exits 0', async ({ argv }) => {
    const result = await run(argv);
    expect(result.code).toBe(0);
    expect(result.output).toMatch(/^Usage:\n {2}datathread check {2,}validate/);
    expect(result.output).toContain('datathread check --access USER');
    expect(result.output).not.toContain('datathread ask');
    expect(result.errors).toBe('');
  });

  it('an unknown command is refused in one line with the closest command and exit code 2', async () => {
    const result = await run(['chekc']);
    expect(result.code).toBe(2);
    expect(result.errors).toBe('Unknown command "chekc" (did you mean "check"?) (see `datathread help`)\n');
    expect(result.output).toBe('');
  });
});

describe('datathread check and files named by the config', () => {
  it('names the database and the missing BigQuery credentials file, and exits 2 without a stack trace', async () => {
    const config = join(workspace.directory, 'bigquery.yaml');
    const missing = join(workspace.directory, 'keys', 'reader.json');
    await writeFile(config, JSON.stringify({ databases: [{ name: 'analytics', type: 'bigquery', project_id: 'shop', credentials_path: 'keys/reader.json' }] }));
    const result = await run(['check'], { ...workspace.variables, DATATHREAD_CONFIG: config });
    expect(result.code).toBe(2);
    expect(result.errors).toBe(
      [
        `Invalid configuration in ${config}:`,
        `  - databases[0].credentials_path: of database "analytics" points to ${missing}, which does not exist. Fix: put the credentials JSON file there, or correct the path (a relative path is read from the config file's folder)`,
        '',
      ].join('\n'),
    );
    expect(result.output).toBe('');
  });
});

describe('datathread check and the data range', () => {
  it('names the days each table with a date column covers, as the model is told', async () => {
    const dated = await createE2eWorkspace({
      prefix: 'cli-range',
      duckdb: ['CREATE TABLE orders (order_id INTEGER, ordered_on DATE)', "INSERT INTO orders VALUES (1, DATE '2025-01-15'), (2, DATE '2025-11-30')"],
    });
    try {
      dated.fakeModel.enqueue({ text: 'OK' });
      const result = await run(['check'], dated.variables);
      expect(result.output).toContain('Database shop (duckdb, read-only): OK — 1 tables: orders\n  data covers: orders.ordered_on 2025-01-15 to 2025-11-30\n');
      expect(result.code).toBe(0);
    } finally {
      await dated.close();
    }
  });
});
