// A US-dollar budget with a model whose price is unknown would limit nothing: start-up and
// `datathread check` refuse it, naming the model and the `prices:` entry to add; with that entry the
// same config is accepted and the dollar limit stops turns (`datathread ask` with the scripted model).
import { afterEach, describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/main.js';
import { ConfigError } from '../../src/config/config-error.js';
import { readEnvironment } from '../../src/config/environment.js';
import { parseConfigText } from '../../src/config/load-config.js';
import { captureOutput, createE2eWorkspace, SCRIPTED_MODEL, type E2eWorkspace } from '../support/e2e-workspace.js';

/** An Azure deployment name: nothing in the shipped table matches it. */
const DEPLOYMENT = 'contoso-analyst-prod';
const EXIT_CONFIG_ERROR = 2;

let workspace: E2eWorkspace | undefined;

afterEach(async () => {
  await workspace?.close();
  workspace = undefined;
});

async function workspaceWith(budgets: Record<string, unknown>, model = SCRIPTED_MODEL): Promise<E2eWorkspace> {
  workspace = await createE2eWorkspace({
    prefix: 'budget-prices',
    duckdb: ["CREATE TABLE sales AS SELECT * FROM (VALUES ('North', 10)) AS t(region, amount)"],
    config: { databases: [{ name: 'shop', type: 'duckdb', path: 'shop.duckdb' }], agent: { model }, budgets },
  });
  return workspace;
}

function problemsOf(yaml: string, model = DEPLOYMENT): string[] {
  try {
    parseConfigText(yaml, 'datathread.yaml', readEnvironment({ OPENAI_BASE_URL: 'http://127.0.0.1:1/v1', DATATHREAD_MODEL: model }));
  } catch (error) {
    if (error instanceof ConfigError) return error.problems.map((problem) => `${problem.key}: ${problem.problem}. Fix: ${problem.fix}`);
    throw error;
  }
  return [];
}

const DATABASES = 'databases:\n  - name: shop\n    type: duckdb\n    path: ":memory:"\n';

describe('a US-dollar budget and the price table', () => {
  it('refuses at load every dollar limit of a model without a price, naming the model, the prices entry and the token limit to use instead', () => {
    const problems = problemsOf(`${DATABASES}budgets:\n  workspace: { usd_per_day: 5 }\n  overrides:\n    - users: [U1]\n      per_user: { usd_per_month: 1, tokens_per_day: 1000 }\n`);
    expect(problems).toEqual([
      `budgets.workspace.usd_per_day: is a US-dollar limit, and the model "${DEPLOYMENT}" has no price in the price table, so its turns would cost "unknown" and this limit would never stop one. Fix: add its price under budgets.prices ("${DEPLOYMENT}": { input_per_million: …, output_per_million: … }, US dollars per million tokens as your provider bills them), or limit tokens instead (tokens_per_day)`,
      `budgets.overrides[0].per_user.usd_per_month: is a US-dollar limit, and the model "${DEPLOYMENT}" has no price in the price table, so its turns would cost "unknown" and this limit would never stop one. Fix: add its price under budgets.prices ("${DEPLOYMENT}": { input_per_million: …, output_per_million: … }, US dollars per million tokens as your provider bills them), or limit tokens instead (tokens_per_month)`,
    ]);
  });

  it('accepts token limits for a model without a price, and dollar limits once budgets.prices names it', () => {
    expect(problemsOf(`${DATABASES}budgets:\n  workspace: { tokens_per_day: 5000 }\n`)).toEqual([]);
    expect(problemsOf(`${DATABASES}budgets:\n  workspace: { usd_per_day: 5 }\n  prices:\n    ${DEPLOYMENT}: { input_per_million: 2, output_per_million: 8 }\n`)).toEqual([]);
    // A shipped model needs no entry.
    expect(problemsOf(`${DATABASES}budgets:\n  per_user: { usd_per_day: 1 }\n`, 'gpt-4.1-mini-2025-04-14')).toEqual([]);
  });

  it('datathread check and ask refuse the config with exit code 2 and the sentence', async () => {
    const { variables } = await workspaceWith({ workspace: { usd_per_day: 5 } });
    for (const argv of [['check'], ['ask', 'Sales by region?']]) {
      const captured = captureOutput();
      const errors: string[] = [];
      const code = await runCli(argv, { variables, output: captured.output, errors: { write: (text: string) => void errors.push(text) } });
      expect(code).toBe(EXIT_CONFIG_ERROR);
      expect(errors.join('')).toContain(`budgets.workspace.usd_per_day: is a US-dollar limit, and the model "${SCRIPTED_MODEL}" has no price in the price table`);
      expect(errors.join('')).toContain(`add its price under budgets.prices ("${SCRIPTED_MODEL}": { input_per_million: …, output_per_million: … }`);
    }
  });

  it('with a prices entry for the model, check passes and the dollar limit stops the next question', async () => {
    // Each scripted model call reports 10 input and 10 output tokens: $0.03 at these prices, over the $0.02 a day.
    const { variables, fakeModel } = await workspaceWith({ workspace: { usd_per_day: 0.02 }, prices: { [SCRIPTED_MODEL]: { input_per_million: 1_000, output_per_million: 2_000 } }, turn_estimate_tokens: 1 });
    fakeModel.enqueue({ text: 'OK' });
    const check = captureOutput();
    expect(await runCli(['check'], { variables, output: check.output })).toBe(0);

    fakeModel.enqueue({ text: 'North sold 10.' });
    const first = captureOutput();
    expect(await runCli(['ask', 'Sales by region?'], { variables, output: first.output })).toBe(0);
    expect(first.text()).toContain('North sold 10.');

    const requestsBefore = fakeModel.requests.length;
    const second = captureOutput();
    await runCli(['ask', 'And by month?'], { variables, output: second.output });
    expect(second.text()).toContain("This question was not run: the workspace's daily budget ($0.02) is used up.");
    expect(fakeModel.requests.length).toBe(requestsBefore);
  });
});
