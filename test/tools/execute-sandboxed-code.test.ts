// execute_sandboxed_code against the real bubblewrap sandbox and the demo DuckDB warehouse: pandas
// over a real query result agrees with SQL, plots and CSVs come back as artifacts, and a sandbox
// keeps its files across calls until its TTL has passed.
import { readdirSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabaseAdapter } from '../../src/databases/create-database-adapter.js';
import { ensureDemoWarehouse } from '../../src/databases/demo-warehouse.js';
import type { DatabaseAdapter } from '../../src/databases/types.js';
import { DEFAULT_SANDBOX_LIMITS } from '../../src/sandbox/sandbox-limits.js';
import { openStore } from '../../src/store/open-store.js';
import type { Store } from '../../src/store/types.js';
import { randomIdFactory } from '../../src/support/clock-and-ids.js';
import { executeSandboxedCode, type ExecuteSandboxedCodeInput } from '../../src/tools/execute-sandboxed-code.js';
import { renderSandboxOutput, type ExecuteSandboxedCodeOutput } from '../../src/tools/execute-sandboxed-code-output.js';
import { executeSql } from '../../src/tools/execute-sql.js';
import { ToolContext } from '../../src/tools/tool-context.js';
import { databaseConfig } from '../databases/database-test-helpers.js';
import { createSandboxFixture, type SandboxFixture } from '../sandbox/sandbox-fixture.js';

let directory: string;
let warehouse: DatabaseAdapter;
let store: Store;
let fixture: SandboxFixture;

beforeAll(async () => {
  directory = await mkdtemp(join(tmpdir(), 'datathread-sandbox-tool-'));
  const path = join(directory, 'demo.duckdb');
  await ensureDemoWarehouse(path, () => new Date('2026-07-01T09:00:00Z'));
  warehouse = await createDatabaseAdapter(databaseConfig({ type: 'duckdb', name: 'demo', path }));
  store = await openStore('sqlite::memory:');
  fixture = await createSandboxFixture({ ttlMs: 300_000 });
}, 120_000);

afterAll(async () => {
  await fixture.close();
  await warehouse.close();
  await store.close();
  await rm(directory, { recursive: true, force: true });
});

function createContext(threadId = 'slack:C1:100.1'): ToolContext {
  return new ToolContext({
    threadId,
    actor: { platform: 'slack', userId: 'U1' },
    settings: { model: 'm', maxSteps: 5, turnTimeoutMs: 60_000, queryTimeoutMs: 30_000, rowCap: 20_000, enabledTools: ['execute_sql', 'execute_sandboxed_code'] },
    databases: [warehouse],
    store,
    now: () => new Date(fixture.clock.nowMs),
    createId: randomIdFactory,
  });
}

function run(context: ToolContext, input: Partial<ExecuteSandboxedCodeInput> & Pick<ExecuteSandboxedCodeInput, 'code'>) {
  return executeSandboxedCode({ language: 'python', ...input }, context, { pool: fixture.pool, limits: DEFAULT_SANDBOX_LIMITS });
}

function ran(output: ExecuteSandboxedCodeOutput): Extract<ExecuteSandboxedCodeOutput, { status: 'ran' }> {
  if (output.status !== 'ran') throw new Error(output.message);
  return output;
}

async function queryId(context: ToolContext, sql: string): Promise<string> {
  const result = await executeSql({ sql_query: sql }, context);
  if (result.status !== 'ok') throw new Error(JSON.stringify(result));
  return result.queryId;
}

describe('execute_sandboxed_code', () => {
  it('aggregates a real query result with pandas to the same numbers as SQL', async () => {
    const context = createContext();
    const lines = await queryId(context, 'SELECT o.channel, l.quantity, l.unit_price FROM orders o JOIN order_lines l USING (order_id)');
    const expected = await warehouse.runQuery(
      'SELECT o.channel, round(sum(l.quantity * l.unit_price), 2) AS revenue FROM orders o JOIN order_lines l USING (order_id) GROUP BY 1 ORDER BY 1',
      { rowCap: 100, timeoutMs: 30_000 },
    );
    const output = ran(
      await run(context, {
        data_files: [lines],
        code: [
          'import pandas as pd, json',
          `frame = pd.read_csv("/sandbox/data/${lines}.csv")`,
          'frame["revenue"] = frame["quantity"] * frame["unit_price"]',
          'totals = frame.groupby("channel")["revenue"].sum().round(2).sort_index()',
          'print(json.dumps([[channel, float(value)] for channel, value in totals.items()]))',
        ].join('\n'),
      }),
    );
    expect(output.exitCode).toBe(0);
    const fromPandas = JSON.parse(output.stdout) as [string, number][];
    expect(fromPandas.map(([channel]) => channel)).toEqual(expected.rows.map((row) => row[0]));
    fromPandas.forEach(([, revenue], index) => expect(revenue).toBeCloseTo(Number(expected.rows[index]![1]), 1));
  }, 60_000);

  it('posts a matplotlib plot as a chart and returns a written CSV as a result with a query_id', async () => {
    const context = createContext();
    const output = ran(
      await run(context, {
        code: [
          'import matplotlib.pyplot as plt, pandas as pd',
          'frame = pd.DataFrame({"month": ["Jan", "Feb", "Mar"], "orders": [10, 14, 9]})',
          'frame.plot(x="month", y="orders", kind="bar").get_figure().savefig("orders.png")',
          'frame.to_csv("orders.csv", index=False)',
        ].join('\n'),
      }),
    );
    expect(output.exitCode).toBe(0);
    expect(context.charts).toHaveLength(1);
    const chart = context.charts[0]!;
    expect(chart.png.subarray(1, 4).toString('ascii')).toBe('PNG');
    expect(chart.widthPx).toBeGreaterThan(100);
    const table = output.files.find((file) => file.kind === 'table')!;
    const result = await context.findQueryResult(table.id!);
    expect(result?.columns.map((column) => column.name)).toEqual(['month', 'orders']);
    expect(result?.rows).toEqual([
      ['Jan', 10],
      ['Feb', 14],
      ['Mar', 9],
    ]);
    expect(renderSandboxOutput(output)).toContain(`- orders.csv: result ${table.id} (3 rows; columns month, orders); use it like an execute_sql result`);
    expect(renderSandboxOutput(output)).toContain(`- orders.png: posted in the thread as an image (${chart.chartId}`);
  }, 60_000);

  it('keeps a sandbox’s files across calls with the same sandbox_id, and drops them after the TTL', async () => {
    const context = createContext('slack:C1:200.1');
    const first = ran(await run(context, { code: 'open("state.txt", "w").write("42")' }));
    expect(first.reused).toBe(false);
    const second = ran(await run(context, { sandbox_id: first.sandboxId, code: 'print(open("state.txt").read())' }));
    expect(second).toMatchObject({ reused: true, sandboxId: first.sandboxId, stdout: '42\n' });

    // Another conversation cannot use that sandbox_id to reach those files.
    const elsewhere = ran(await run(createContext('slack:C2:300.1'), { sandbox_id: first.sandboxId, code: 'import os; print(os.path.exists("state.txt"))' }));
    expect(elsewhere).toMatchObject({ reused: false, stdout: 'False\n' });

    expect(readdirSync(fixture.pool.processRoot).length).toBe(fixture.pool.size);
    fixture.clock.nowMs += 300_001;
    await fixture.pool.sweep();
    expect(fixture.pool.size).toBe(0);
    expect(readdirSync(fixture.pool.processRoot)).toEqual([]);
    const after = ran(await run(context, { sandbox_id: first.sandboxId, code: 'import os; print(os.path.exists("state.txt"))' }));
    expect(after).toMatchObject({ reused: false, stdout: 'False\n' });
  }, 60_000);

  it('refuses an unknown query id in data_files without running anything', async () => {
    const output = await run(createContext(), { data_files: ['query_missing1'], code: 'print(1)' });
    expect(output).toEqual({ _version: '1', status: 'error', message: 'There is no query result "query_missing1" in this conversation. Use a query_id that execute_sql gave you (query_xxxxxxxx).' });
  });

  it('tells the model which limit stopped a run and what to do', () => {
    const output: ExecuteSandboxedCodeOutput = {
      _version: '1',
      status: 'ran',
      sandboxId: 'sandbox_abc',
      reused: false,
      exitCode: null,
      signal: 'SIGKILL',
      stoppedBy: 'output_limit',
      stdout: 'xxxx',
      stderr: '',
      durationMs: 900,
      files: [],
      limits: { wallClockMs: 60_000, outputBytes: 1024 * 1024, memoryBytes: 1024 * 1024 * 1024 },
    };
    expect(renderSandboxOutput(output)).toBe(
      'Sandbox sandbox_abc (new): the program was stopped: it printed more than 1024 KB; print a summary or write the data to a CSV file in the output folder.\n\nOutput:\n```\nxxxx\n```',
    );
    expect(renderSandboxOutput({ ...output, stoppedBy: 'wall_clock', stdout: '' })).toBe('Sandbox sandbox_abc (new): the program was stopped after 60 s (the time limit); make the code faster or work on less data.');
  });
});
