// `datathread eval` in the first hour: reports into a folder that does not exist yet are written
// (the folder is created before any case runs) or refused before anything runs; the database's
// error is shown when the agent's SQL failed; --compare shows improved and new cases in the
// terminal and puts the comparison into --json.
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/main.js';
import type { EvaluationJson } from '../../src/evaluation/evaluation-json.js';
import { loadEvalCases } from '../../src/evaluation/load-eval-cases.js';
import { captureOutput, createE2eWorkspace, type E2eWorkspace } from '../support/e2e-workspace.js';
import { enqueueResponder, evalCaseResponder } from '../support/eval-scripted-model.js';

let workspace: E2eWorkspace;
let casesPath: string;

const CASES = [
  { name: 'sales-count', question: 'How many sales are there?', sql: 'SELECT count(*) AS sales FROM sales' },
  { name: 'north-total', question: 'What did the North region sell?', sql: "SELECT sum(amount) AS total FROM sales WHERE region = 'North'" },
];

beforeAll(async () => {
  workspace = await createE2eWorkspace({
    prefix: 'first-hour-eval',
    duckdb: ['CREATE TABLE sales (region VARCHAR, amount INTEGER)', "INSERT INTO sales VALUES ('North', 300), ('South', 50), ('North', 20)"],
  });
  casesPath = join(workspace.directory, 'cases.yaml');
  await writeFile(casesPath, JSON.stringify({ cases: CASES }));
});

afterEach(() => workspace.fakeModel.discardPending());

afterAll(async () => {
  await workspace.close();
});

async function evaluate(args: string[], rewriteSql?: (sql: string) => string): Promise<{ code: number; text: string; errors: string }> {
  const cases = await loadEvalCases(casesPath);
  enqueueResponder(workspace.fakeModel, evalCaseResponder(cases, rewriteSql), cases.length);
  const output = captureOutput();
  const errors = captureOutput();
  const code = await runCli(['eval', '--cases', casesPath, ...args], { variables: workspace.variables, output: output.output, errors: errors.output });
  return { code, text: output.text(), errors: errors.text() };
}

describe('datathread eval reports', () => {
  it('creates the folders of --report, --json and --junit, and writes every report', async () => {
    const folder = join(workspace.directory, 'reports', 'not', 'there', 'yet');
    const result = await evaluate(['--report', join(folder, 'eval.md'), '--json', join(folder, 'json', 'eval.json'), '--junit', join(folder, 'junit', 'eval.xml')]);
    expect(result.errors).toBe('');
    expect(result.code).toBe(0);
    expect(await readFile(join(folder, 'eval.md'), 'utf8')).toContain('## Cases (0 failing, 2 passing)');
    expect(((JSON.parse(await readFile(join(folder, 'json', 'eval.json'), 'utf8')) as EvaluationJson).summary.cases).map((entry) => entry.name)).toEqual(['sales-count', 'north-total']);
    expect(await readFile(join(folder, 'junit', 'eval.xml'), 'utf8')).toContain('tests="2" failures="0"');
  });

  it('refuses a report path whose folder cannot be created in one line, before any case runs', async () => {
    const requestsBefore = workspace.fakeModel.requests.length;
    const underAFile = join(casesPath, 'eval.md');
    const result = await evaluate(['--report', underAFile]);
    expect(result.code).toBe(2);
    expect(result.text).toBe('');
    expect(result.errors).toMatch(new RegExp(`^--report ${underAFile.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}: its folder .+ cannot be created \\(.+\\) \\(see \`datathread help eval\`\\)\\n$`));
    expect(workspace.fakeModel.requests.length).toBe(requestsBefore);
  });
});

describe('datathread eval in the terminal', () => {
  it("shows the database's error when the agent's SQL failed", async () => {
    const result = await evaluate([], (sql) => (sql.includes("'North'") ? 'SELECT sum(amont) AS total FROM sales' : sql));
    expect(result.code).toBe(1);
    expect(result.text).toMatch(/\nFAIL north-total: execution accuracy: the agent ran no query that returned a result; its last query failed on shop: .*amont/);
  });

  it('lists improved and new cases with --compare, and writes the comparison into --json', async () => {
    const previousPath = join(workspace.directory, 'previous.json');
    const jsonPath = join(workspace.directory, 'compared.json');
    // A previous run in which sales-count failed and north-total did not exist yet.
    const first = await evaluate(['--json', previousPath], (sql) => (sql.includes('count(*)') ? 'SELECT count(*) + 1 AS sales FROM sales' : sql));
    expect(first.code).toBe(1);
    const previous = JSON.parse(await readFile(previousPath, 'utf8')) as EvaluationJson;
    previous.summary.cases = previous.summary.cases.filter((entry) => entry.name === 'sales-count');
    await writeFile(previousPath, JSON.stringify(previous));

    const result = await evaluate(['--compare', previousPath, '--json', jsonPath]);
    expect(result.code).toBe(0);
    expect(result.text).toContain('Compared with the previous run: no case regressed.\nImproved since the previous run (1):\n  sales-count: 0.0% → 100.0%\nNew since the previous run (1): north-total\n');
    expect((JSON.parse(await readFile(jsonPath, 'utf8')) as EvaluationJson).comparison).toEqual({ regressed: [], improved: [{ name: 'sales-count', before: 0, now: 1 }], added: ['north-total'] });
  });
});
