// scripts/sum-test-results.mjs closes the CI log that runs the suite on two Node versions: one line
// per run, then the sum as the last line, and a failing exit status when either run failed. Its
// input here is real vitest JSON output from small throwaway suites.
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const SUMMARY_SCRIPT = join(process.cwd(), 'scripts', 'sum-test-results.mjs');
const VITEST_BINARY = join(process.cwd(), 'node_modules', 'vitest', 'vitest.mjs');
let directory: string;
let passingResults: string;
let failingResults: string;
let brokenImportResults: string;

/** Runs vitest on the given test files (test globals, no config) and returns its JSON report's path. */
async function vitestReport(name: string, files: Record<string, string>): Promise<string> {
  const root = join(directory, name);
  await mkdir(root, { recursive: true });
  for (const [file, source] of Object.entries(files)) await writeFile(join(root, file), source);
  const report = join(directory, `${name}.json`);
  await run(
    process.execPath,
    [VITEST_BINARY, 'run', '--root', root, '--globals', '--reporter=json', `--outputFile=${report}`],
    { cwd: root, env: { ...process.env, CI: 'true' } },
  ).catch(() => undefined); // a failing suite exits 1; its report is what is checked
  return report;
}

async function summarise(...labelsAndFiles: string[]): Promise<{ lines: string[]; exitCode: number }> {
  try {
    const { stdout } = await run(process.execPath, [SUMMARY_SCRIPT, ...labelsAndFiles]);
    return { lines: stdout.trim().split('\n'), exitCode: 0 };
  } catch (error) {
    const failure = error as { stdout: string; code: number };
    return { lines: failure.stdout.trim().split('\n'), exitCode: failure.code };
  }
}

beforeAll(async () => {
  directory = await mkdtemp(join(tmpdir(), 'datathread-sum-test-results-'));
  passingResults = await vitestReport('passing', {
    'a.test.js': "test('one', () => expect(1).toBe(1));\ntest('two', () => expect(2).toBe(2));\n",
    'b.test.js': "test('three', () => expect(3).toBe(3));\n",
  });
  failingResults = await vitestReport('failing', {
    'a.test.js': "test('one', () => expect(1).toBe(1));\ntest('two', () => expect(2).toBe(3));\n",
  });
  // What a native addon that does not load on one Node version looks like: the file fails, no test does.
  brokenImportResults = await vitestReport('broken-import', {
    'a.test.js': "test('one', () => expect(1).toBe(1));\n",
    'b.test.js': "throw new Error('addon did not load');\ntest('never runs', () => {});\n",
  });
}, 120_000);

afterAll(async () => {
  await rm(directory, { recursive: true, force: true });
});

describe('sum-test-results', () => {
  it('prints one line per run and their sum as the last line, and succeeds when both runs passed', async () => {
    const summary = await summarise('Node v20', passingResults, 'Node v24', passingResults);
    expect(summary.lines).toEqual(['Node v20: 3 passed, 0 failed', 'Node v24: 3 passed, 0 failed', '6 passed, 0 failed']);
    expect(summary.exitCode).toBe(0);
  });

  it('fails when only the second run failed a test, and counts it in the sum', async () => {
    const summary = await summarise('Node v20', passingResults, 'Node v24', failingResults);
    expect(summary.lines).toEqual(['Node v20: 3 passed, 0 failed', 'Node v24: 1 passed, 1 failed', '4 passed, 1 failed']);
    expect(summary.exitCode).toBe(1);
  });

  it('fails when a test file failed outside its tests although no test failed', async () => {
    const summary = await summarise('Node v20', passingResults, 'Node v24', brokenImportResults);
    expect(summary.lines).toEqual([
      'Node v20: 3 passed, 0 failed',
      'Node v24: 1 passed, 0 failed (1 test files failed outside their tests)',
      '4 passed, 0 failed',
    ]);
    expect(summary.exitCode).toBe(1);
  });

  it('fails when a run left no results, still closing with the sum of the others', async () => {
    const summary = await summarise('Node v20', passingResults, 'Node v24', join(directory, 'missing.json'));
    expect(summary.lines[1]).toMatch(/^Node v24: no test results/);
    expect(summary.lines.at(-1)).toBe('3 passed, 0 failed');
    expect(summary.exitCode).toBe(1);
  });
});
