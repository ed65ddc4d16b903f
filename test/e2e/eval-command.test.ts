// End to end: `datathread eval` on the shipped demo cases against the demo warehouse, with a
// scripted model that plays each case's gold SQL (every case passes) or drops one filter (exactly
// the cases using that filter fail, each with a diff of the first rows).
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { NO_VERIFIED_QUERIES_PROBLEM } from '../../src/cli/eval-from-verified.js';
import { runCli } from '../../src/cli/main.js';
import { ensureDemoWarehouse } from '../../src/databases/demo-warehouse.js';
import { findDemoCasesFolder } from '../../src/evaluation/demo-cases-folder.js';
import type { EvalCase } from '../../src/evaluation/eval-case.js';
import type { EvaluationJson } from '../../src/evaluation/evaluation-json.js';
import { loadEvalCases } from '../../src/evaluation/load-eval-cases.js';
import { systemClock } from '../../src/support/clock-and-ids.js';
import { queryDuckDbFile } from '../support/duckdb-fixture.js';
import { captureOutput, createE2eWorkspace, SCRIPTED_MODEL, type E2eWorkspace } from '../support/e2e-workspace.js';
import { enqueueResponder, evalCaseResponder } from '../support/eval-scripted-model.js';

const DROPPED_FILTER = "o.status <> 'cancelled'";

/** The gold SQL without the "not cancelled" filter, wherever it stands in the WHERE clause. */
function withoutCancelledFilter(sql: string): string {
  return sql
    .replace(/\s+AND o\.status <> 'cancelled'/g, '')
    .replace(/WHERE o\.status <> 'cancelled'\s+AND /g, 'WHERE ')
    .replace(/\s*WHERE o\.status <> 'cancelled'/g, '');
}

let workspace: E2eWorkspace;
let cases: EvalCase[];
/** Figures of today's demo data (it always ends yesterday, so they change from day to day). */
let demoFigures: { netRevenue: number; netRevenueWithCancelled: number; topProduct: string };

const NET_REVENUE = 'sum(l.quantity * l.unit_price * (1 - l.discount))';

beforeAll(async () => {
  workspace = await createE2eWorkspace({
    prefix: 'eval',
    duckdb: [],
    config: { databases: [{ name: 'demo', type: 'duckdb', path: 'demo-warehouse.duckdb' }], agent: { model: SCRIPTED_MODEL } },
  });
  await ensureDemoWarehouse(join(workspace.directory, 'demo-warehouse.duckdb'), systemClock);
  cases = await loadEvalCases(findDemoCasesFolder());
  const demoPath = join(workspace.directory, 'demo-warehouse.duckdb');
  const [revenue] = await queryDuckDbFile(
    demoPath,
    `SELECT CAST(${NET_REVENUE} FILTER (WHERE o.status <> 'cancelled') AS DOUBLE) AS net, CAST(${NET_REVENUE} AS DOUBLE) AS everything FROM order_lines l JOIN orders o USING (order_id)`,
  );
  const [top] = await queryDuckDbFile(
    demoPath,
    `SELECT p.product_name FROM order_lines l JOIN orders o USING (order_id) JOIN products p USING (product_id) WHERE o.status <> 'cancelled' GROUP BY 1 ORDER BY ${NET_REVENUE} DESC LIMIT 1`,
  );
  demoFigures = { netRevenue: revenue!.net as number, netRevenueWithCancelled: revenue!.everything as number, topProduct: top!.product_name as string };
});

afterEach(() => workspace.fakeModel.discardPending());

afterAll(async () => {
  await workspace.close();
});

/** A query's rows on the demo file as one text, in a fixed order. */
async function sortedRows(sql: string): Promise<string> {
  const rows = await queryDuckDbFile(join(workspace.directory, 'demo-warehouse.duckdb'), sql);
  return rows
    .map((row) => JSON.stringify(Object.values(row), (_, value: unknown) => (typeof value === 'bigint' ? value.toString() : value)))
    .sort()
    .join('\n');
}

async function readJson(path: string): Promise<EvaluationJson> {
  return JSON.parse(await readFile(path, 'utf8')) as EvaluationJson;
}

describe('datathread eval on the demo cases', () => {
  it('ships at least 40 cases covering every kind of question the issue names', () => {
    expect(cases.length).toBeGreaterThanOrEqual(40);
    const tags = new Set(cases.flatMap((evalCase) => evalCase.tags));
    for (const tag of ['aggregation', 'ratio', 'join', 'date', 'top-n', 'clarification', 'unanswerable']) expect(tags).toContain(tag);
  });

  it('scores 100% when the model plays every gold SQL, and writes JSON, JUnit and Markdown reports', async () => {
    enqueueResponder(workspace.fakeModel, evalCaseResponder(cases), cases.length);
    const jsonPath = join(workspace.directory, 'gold.json');
    const junitPath = join(workspace.directory, 'gold.xml');
    const reportPath = join(workspace.directory, 'gold.md');
    const captured = captureOutput();
    const code = await runCli(['eval', '--concurrency', '4', '--json', jsonPath, '--junit', junitPath, '--report', reportPath], { variables: workspace.variables, output: captured.output });

    const withGold = cases.filter((evalCase) => evalCase.sql).length;
    expect(captured.text()).toContain(`Pass rate:          100.0% (${cases.length}/${cases.length})`);
    expect(captured.text()).toContain(`Execution accuracy: 100.0% (${withGold}/${withGold})`);
    expect(captured.text()).not.toContain('FAIL');
    expect(code).toBe(0);
    const json = await readJson(jsonPath);
    expect(json.model).toBe(SCRIPTED_MODEL);
    expect(json.summary.cases.every((entry) => entry.passedRuns === 1)).toBe(true);
    expect(json.summary.perTag.find((tag) => tag.tag === 'clarification')?.passRate).toEqual({ passed: 2, total: 2, rate: 1 });
    // The fake model reports 10 input and 10 output tokens per step; its price is unknown.
    expect(json.summary.cases.find((entry) => entry.name === 'net-revenue-total')?.results[0]?.tokens).toEqual({ input: 20, output: 20, cached: 0 });
    expect(json.summary.costUsd).toBeNull();
    const junit = await readFile(junitPath, 'utf8');
    expect(junit).toContain(`<testsuite name="datathread eval" tests="${cases.length}" failures="0"`);
    expect(junit).toContain('<testcase name="top-5-products-by-revenue" classname="top-n"');
    const report = await readFile(reportPath, 'utf8');
    expect(report).toContain(`## Cases (0 failing, ${cases.length} passing)`);
    const topN = cases.filter((evalCase) => evalCase.tags.includes('top-n')).length;
    expect(report).toContain(`| top-n | 100.0% (${topN}/${topN}) | 100.0% (${topN}/${topN}) |`);
    expect(report).toContain('cost unknown price');
  });

  it('fails exactly the cases whose gold SQL has the filter the model drops, with a diff, and lists them as regressed', async () => {
    // A previous run where everything passed, to compare with.
    enqueueResponder(workspace.fakeModel, evalCaseResponder(cases), cases.length);
    const previousPath = join(workspace.directory, 'previous.json');
    expect(await runCli(['eval', '--concurrency', '4', '--json', previousPath], { variables: workspace.variables, output: captureOutput().output })).toBe(0);

    enqueueResponder(workspace.fakeModel, evalCaseResponder(cases, withoutCancelledFilter), cases.length);
    const jsonPath = join(workspace.directory, 'dropped.json');
    const reportPath = join(workspace.directory, 'dropped.md');
    const captured = captureOutput();
    const code = await runCli(['eval', '--concurrency', '4', '--json', jsonPath, '--report', reportPath, '--compare', previousPath], {
      variables: workspace.variables,
      output: captured.output,
    });

    expect(code).toBe(1);
    // Affected: the cases with the filter whose result it changes on today's data (a month with no
    // cancelled order would leave a monthly figure unchanged).
    const affected: string[] = [];
    for (const evalCase of cases.filter((candidate) => candidate.sql?.includes(DROPPED_FILTER))) {
      if ((await sortedRows(evalCase.sql!)) !== (await sortedRows(withoutCancelledFilter(evalCase.sql!)))) affected.push(evalCase.name);
    }
    expect(affected.length).toBeGreaterThanOrEqual(10);
    const json = await readJson(jsonPath);
    const failed = json.summary.cases.filter((entry) => entry.passedRuns === 0).map((entry) => entry.name);
    expect(failed.sort()).toEqual([...affected].sort());
    expect(captured.text()).toContain(`Regressed since the previous run (${affected.length}):`);
    const terminal = /FAIL net-revenue-total: execution accuracy: no agent result equals the gold result \(closest: no column holds the values of gold column "net_revenue"\)\n {5}gold first row: {2}\(net_revenue = ([\d.]+)\)\n {5}agent first row: \(net_revenue = ([\d.]+)\)\n/.exec(
      captured.text(),
    );
    expect(Number(terminal?.[1])).toBeCloseTo(demoFigures.netRevenue, 2);
    expect(Number(terminal?.[2])).toBeCloseTo(demoFigures.netRevenueWithCancelled, 2);

    const report = await readFile(reportPath, 'utf8');
    expect(report).toContain(`## Cases (${affected.length} failing, ${cases.length - affected.length} passing)`);
    const section = report.slice(report.indexOf('### net-revenue-total: FAILED'), report.indexOf('### ', report.indexOf('### net-revenue-total') + 4));
    const goldCell = /Gold result, first rows:\n\n\| net_revenue \|\n\| --- \|\n\| ([\d.]+) \|/.exec(section)?.[1];
    expect(Number(goldCell)).toBeCloseTo(demoFigures.netRevenue, 2);
    expect(section).toContain("Agent's SQL:\n```sql\nSELECT sum(l.quantity * l.unit_price * (1 - l.discount)) AS net_revenue\nFROM order_lines l JOIN orders o ON o.order_id = l.order_id\n```");
    expect(section).toContain(`WHERE ${DROPPED_FILTER}`);
    // The top-N diff shows the first rows of both sides: the same products, other sums.
    const topSection = report.slice(report.indexOf('### top-5-products-by-revenue: FAILED'));
    expect(topSection).toContain(`Gold result, first rows:\n\n| product_name | net_revenue |\n| --- | --- |\n| ${demoFigures.topProduct} | `);
    expect(topSection).toContain('Closest agent result, first rows:');
    // Its gold SQL orders the rows: the reason says at which row the agent's first departs, both rows side by side.
    // (Which row depends on the day's data: the first product whose sum the cancelled orders change.)
    const rowDiff = /- execution accuracy: no agent result equals the gold result \(closest: [^\n]*; first difference at row ([1-5]): gold \(product_name = [^,]+, net_revenue = [\d.]+\), agent \(product_name = [^,]+, net_revenue = [\d.]+\)\)\n/.exec(topSection);
    expect(rowDiff).not.toBeNull();
    expect(captured.text()).toContain(`FAIL top-5-products-by-revenue: ${rowDiff?.[0].slice(2, -1)}`);
    expect(report).toContain(`Regressed (${affected.length}):`);
    expect(report).toContain('- net-revenue-total: passed 100.0% of runs before, 0.0% now');
  });

  it('gives the spread of the pass rate over --repeat runs', async () => {
    const few = cases.filter((evalCase) => ['order-count-total', 'cancellation-rate', 'vague-question-needs-clarification'].includes(evalCase.name));
    const casesPath = join(workspace.directory, 'few.yaml');
    await writeFile(casesPath, JSON.stringify({ cases: few.map(({ name, question, sql, tags }) => ({ name, question, tags, ...(sql ? { sql } : {}), ...(sql ? {} : { expect: { clarification: true } }) })) }));
    // The second repeat plays a wrong count for one case: 3/3 then 2/3.
    let countRuns = 0;
    enqueueResponder(
      workspace.fakeModel,
      evalCaseResponder(few, (sql) => {
        if (!sql.includes('count(*) AS orders')) return sql;
        countRuns += 1;
        return countRuns === 2 ? 'SELECT count(*) - 1 AS orders FROM orders' : sql;
      }),
      few.length,
      2,
    );
    const captured = captureOutput();
    const code = await runCli(['eval', '--cases', casesPath, '--repeat', '2'], { variables: workspace.variables, output: captured.output });

    expect(code).toBe(1);
    expect(captured.text()).toContain('Pass rate:          83.3% (5/6)');
    expect(captured.text()).toContain('Pass rate spread:   min 66.7%, median 83.3%, max 100.0%');
    expect(captured.text()).toContain('FAIL order-count-total (1/2 runs passed): execution accuracy: no agent result equals the gold result (closest: no column holds the values of gold column "orders")');
  });

  it('asks as the `as:` person, so the access rules for them decide which databases the agent may query', async () => {
    const configPath = join(workspace.directory, 'restricted.yaml');
    await writeFile(
      configPath,
      JSON.stringify({ databases: [{ name: 'demo', type: 'duckdb', path: 'demo-warehouse.duckdb' }], agent: { model: SCRIPTED_MODEL }, access: { rules: [{ databases: ['demo'], users: ['ana@example.com'] }] } }),
    );
    const casesPath = join(workspace.directory, 'as.yaml');
    const sql = 'SELECT count(*) AS customers FROM customers';
    await writeFile(
      casesPath,
      JSON.stringify({
        cases: [
          { name: 'as-ana', question: 'How many customers, Ana?', as: 'ana@example.com', sql },
          { name: 'as-bob', question: 'How many customers, Bob?', as: 'bob@example.com', sql },
        ],
      }),
    );
    const asCases = await loadEvalCases(casesPath);
    enqueueResponder(workspace.fakeModel, evalCaseResponder(asCases), asCases.length);
    const captured = captureOutput();
    const code = await runCli(['eval', '--cases', casesPath], { variables: { ...workspace.variables, DATATHREAD_CONFIG: configPath }, output: captured.output });

    expect(code).toBe(1);
    expect(captured.text()).toContain('pass as-ana');
    expect(captured.text()).toContain('FAIL as-bob: execution accuracy: the agent ran no query that returned a result');
    expect(captured.text()).toContain('Pass rate:          50.0% (1/2)');
  });

  it('is listed in the help, and refuses a --repeat that is not a whole number from 1 with exit code 2', async () => {
    const help = captureOutput();
    expect(await runCli(['help'], { variables: workspace.variables, output: help.output })).toBe(0);
    expect(help.text()).toContain('datathread eval [--cases FILE|DIR] [--repeat N]');
    const errors = captureOutput();
    expect(await runCli(['eval', '--repeat', '0'], { variables: workspace.variables, output: captureOutput().output, errors: errors.output })).toBe(2);
    expect(errors.text()).toBe('--repeat needs a whole number from 1 to 100, such as --repeat 3 (see `datathread help eval`)\n');
  });

  it('says once that no model is configured instead of failing every case', async () => {
    const { OPENAI_BASE_URL: _url, OPENAI_API_KEY: _key, ...withoutModel } = workspace.variables;
    const errors = captureOutput();
    const output = captureOutput();
    const code = await runCli(['eval'], { variables: withoutModel, output: output.output, errors: errors.output });
    expect(code).toBe(2);
    expect(errors.text()).toContain('No AI model is configured: set OPENAI_API_KEY');
    expect(output.text()).not.toContain('FAIL');
  });

  it('names the file, the case and the field of every mistake in a case file, and runs nothing', async () => {
    const casesPath = join(workspace.directory, 'broken.yaml');
    await writeFile(casesPath, 'cases:\n  - name: no-question\n    sql: SELECT 1\n  - name: bad-count\n    question: "Orders?"\n    expect:\n      tool_calls: [{ tool: execute_sql, min_count: "one" }]\n');
    const errors = captureOutput();
    const code = await runCli(['eval', '--cases', casesPath], { variables: workspace.variables, output: captureOutput().output, errors: errors.output });

    expect(code).toBe(2);
    expect(errors.text()).toContain('broken.yaml: case "no-question": question: Invalid input: expected string, received undefined');
    expect(errors.text()).toContain('broken.yaml: case "bad-count": expect.tool_calls.0.min_count: Invalid input: expected number, received string');
    expect(workspace.fakeModel.requests.some((request) => JSON.stringify(request.messages).includes('Orders?'))).toBe(false);
  });
});

describe('datathread eval --from-verified', () => {
  /** A config file for the demo database whose context folder is `folder` (made, empty, under the workspace). */
  async function configWithContext(folder: string): Promise<Record<string, string>> {
    await mkdir(join(workspace.directory, folder, 'verified'), { recursive: true });
    const configPath = join(workspace.directory, `${folder}.yaml`);
    await writeFile(configPath, JSON.stringify({ databases: [{ name: 'demo', type: 'duckdb', path: 'demo-warehouse.duckdb' }], agent: { model: SCRIPTED_MODEL }, context: { path: `./${folder}` } }));
    return { ...workspace.variables, DATATHREAD_CONFIG: configPath };
  }

  it('runs the verified queries as cases, their SQL the gold', async () => {
    const variables = await configWithContext('verified-context');
    const verified = [
      { question: 'How many orders are there?', sql: 'SELECT count(*) AS orders FROM orders', database: 'demo' },
      { question: 'How many customers do we have?', sql: 'SELECT count(*) AS customers FROM customers', database: 'demo' },
    ];
    await writeFile(join(workspace.directory, 'verified-context', 'verified', 'counts.yaml'), JSON.stringify({ queries: verified }));
    const asCases = verified.map((query): EvalCase => ({ name: query.question, question: query.question, sql: query.sql, tags: [], expect: { toolCalls: [], answerContains: [], answerNotContains: [] }, source: 'test' }));
    // The second question is answered with a wrong count.
    enqueueResponder(workspace.fakeModel, evalCaseResponder(asCases, (sql) => (sql.includes('customers') ? 'SELECT count(*) + 1 AS customers FROM customers' : sql)), asCases.length);
    const captured = captureOutput();
    const code = await runCli(['eval', '--from-verified'], { variables, output: captured.output });

    expect(code).toBe(1);
    expect(captured.text()).toContain('Evaluating 2 cases with');
    expect(captured.text()).toContain('pass verified-how-many-orders-are-there');
    expect(captured.text()).toContain('FAIL verified-how-many-customers-do-we-have: execution accuracy: no agent result equals the gold result');
    expect(captured.text()).toContain('Pass rate:          50.0% (1/2)');
  });

  it('ends with exit code 2 and says why when nothing is verified, instead of passing zero cases', async () => {
    const variables = await configWithContext('empty-context');
    const errors = captureOutput();
    const output = captureOutput();
    const requestsBefore = workspace.fakeModel.requests.length;
    const code = await runCli(['eval', '--from-verified'], { variables, output: output.output, errors: errors.output });

    expect(code).toBe(2);
    expect(errors.text()).toBe(`The evaluation cases have a problem:\n  - ${NO_VERIFIED_QUERIES_PROBLEM}\n`);
    expect(output.text()).not.toContain('Pass rate');
    expect(workspace.fakeModel.requests.length).toBe(requestsBefore);
  });

  it('is a usage error together with --cases, which names the other source of cases', async () => {
    const errors = captureOutput();
    const output = captureOutput();
    const code = await runCli(['eval', '--from-verified', '--cases', 'evals/demo'], { variables: workspace.variables, output: output.output, errors: errors.output });

    expect(code).toBe(2);
    expect(errors.text()).toBe('--from-verified and --cases both say where the cases come from: give one of them (see `datathread help eval`)\n');
    expect(output.text()).toBe('');
  });

  it('also ends with exit code 2 for a case file whose list of cases is empty', async () => {
    const casesPath = join(workspace.directory, 'no-cases.yaml');
    await writeFile(casesPath, 'cases: []\n');
    const errors = captureOutput();
    const output = captureOutput();
    expect(await runCli(['eval', '--cases', casesPath], { variables: workspace.variables, output: output.output, errors: errors.output })).toBe(2);
    expect(errors.text()).toBe('There are no cases to evaluate.\n');
    expect(output.text()).not.toContain('Pass rate');
  });
});
