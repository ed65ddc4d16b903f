// execute_python on the real Monty interpreter, run on the worker-thread pool as in production:
// computing over a cached query result, each kind of error the model can get, nao's limits, and
// read_file refused outside the context folder.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore } from '../../src/store/open-store.js';
import type { Store } from '../../src/store/types.js';
import { executePython, renderExecutePythonOutput, type ExecutePythonInput } from '../../src/tools/execute-python.js';
import { ToolContext } from '../../src/tools/tool-context.js';
import { PythonPool } from '../../src/python/python-pool.js';
import { PYTHON_LIMITS } from '../../src/python/python-limits.js';
import { createContextFixture, linkOutside, type ContextFixture } from '../context-files/context-folder-fixture.js';

let store: Store;
let pool: PythonPool;
let fixture: ContextFixture;

beforeAll(async () => {
  pool = new PythonPool();
  store = await openStore('sqlite::memory:');
  fixture = await createContextFixture({ 'metrics/revenue.md': 'Revenue = gross - refunds\n', 'drafts/x.md': 'draft\n', '.datathreadignore': 'drafts/\n' });
  await linkOutside(fixture);
});

afterAll(async () => {
  await pool.close();
  await store.close();
  await fixture.remove();
});

function createContext(): ToolContext {
  const context = new ToolContext({
    threadId: 'console:python-test',
    actor: { platform: 'console', userId: 'console:tester' },
    settings: { model: 'm', maxSteps: 5, turnTimeoutMs: 60_000, queryTimeoutMs: 5_000, rowCap: 1_000, enabledTools: ['execute_python'] },
    databases: [],
    store,
    now: () => new Date('2025-01-15T10:00:00Z'),
    createId: (prefix) => `${prefix}test0001`,
  });
  context.queryResults.set('query_sales001', {
    queryId: 'query_sales001',
    databaseName: 'shop',
    sql: 'SELECT region, amount FROM sales',
    columns: [
      { name: 'region', type: 'varchar' },
      { name: 'amount', type: 'integer' },
    ],
    rows: [
      ['North', 100],
      ['North', 200],
      ['South', 50],
    ],
    rowCount: 3,
    truncated: false,
    durationMs: 3,
    createdAt: new Date('2025-01-15T09:59:00Z'),
  });
  return context;
}

async function run(input: ExecutePythonInput, limits = PYTHON_LIMITS): Promise<string> {
  return renderExecutePythonOutput(await executePython(input, createContext(), { runner: pool, folder: fixture.folder, limits }));
}

describe('execute_python', () => {
  it('computes over a cached query result, returning the last expression and what was printed', async () => {
    const code = [
      'rows = query_result("query_sales001")',
      'totals = {}',
      'for row in rows:',
      '    totals[row["region"]] = totals.get(row["region"], 0) + row["amount"]',
      'print("regions:", len(totals))',
      '{"totals": totals, "north_share": round(totals["North"] / sum(totals.values()), 3)}',
    ].join('\n');
    expect(await run({ code })).toBe(
      ['Result:', '```', JSON.stringify({ totals: { North: 300, South: 50 }, north_share: 0.857 }, null, 2), '```', '', 'Printed:', '```', 'regions: 2', '```'].join('\n'),
    );
  });

  it('passes inputs as variables', async () => {
    expect(await run({ code: 'threshold * 2', inputs: { threshold: 21 } })).toBe('Result:\n```\n42\n```');
  });

  it('refuses an inputs key that is not a Python name', async () => {
    expect(await run({ code: '1', inputs: { 'not valid': 1 } })).toBe('inputs key "not valid" is not a Python identifier (letters, digits and _; not starting with a digit).');
  });

  it('reports a syntax error', async () => {
    expect(await run({ code: 'def f(:\n    pass' })).toBe('Python syntax error: SyntaxError: Expected a parameter or the end of the parameter list');
  });

  it('reports a type error with the line numbers of the code as written', async () => {
    const output = await run({ code: 'x = 1\nlen(5)' });
    expect(output).toMatch(/^Python type error: agent\.py:2:5: error\[invalid-argument-type\] Argument to function `len` is incorrect/);
    expect(await run({ code: 'query_result(42)' })).toMatch(/^Python type error: agent\.py:1:14: error\[invalid-argument-type\] Argument to function `query_result`/);
  });

  it('reports a runtime error with its traceback, and output printed before it', async () => {
    expect(await run({ code: 'print("before")\nrows = query_result("query_sales001")\nrows[0]["amount"] / 0' })).toBe(
      [
        'Python runtime error: Traceback (most recent call last):',
        '  File "agent.py", line 3, in <module>',
        '    rows[0]["amount"] / 0',
        '    ~~~~~~~~~~~~~~~~~~~~~',
        'ZeroDivisionError: division by zero',
        '',
        'Printed before the error:',
        '```',
        'before',
        '```',
      ].join('\n'),
    );
  });

  it('raises KeyError for an unknown query id', async () => {
    expect(await run({ code: 'query_result("query_nope0000")' })).toContain('KeyError: no query result "query_nope0000" in this conversation; use a query_id returned by execute_sql');
  });

  it("uses nao's limits: 30 s, 64 MB, recursion depth 500", () => {
    expect(PYTHON_LIMITS).toEqual({ maxDurationSecs: 30, maxMemory: 64 * 1024 * 1024, maxRecursionDepth: 500 });
  });

  it('stops code that runs past the time limit with a clear error', async () => {
    const started = Date.now();
    const output = await run({ code: 'i = 0\nwhile True:\n    i += 1' }, { ...PYTHON_LIMITS, maxDurationSecs: 1 });
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(output).toMatch(/^Python runtime error: the code hit the time limit of 1 seconds and was stopped\. .*\(TimeoutError: time limit exceeded/);
  });

  it('stops code that allocates past 64 MB with a clear error', async () => {
    const output = await run({ code: 'x = []\nwhile True:\n    x.append("a" * 10000)' });
    expect(output).toMatch(/^Python runtime error: the code hit the memory limit of 64 MB and was stopped\. .*\(MemoryError: memory limit exceeded/);
  });

  it('stops recursion deeper than 500 with a clear error', async () => {
    const output = await run({ code: 'def f(n):\n    return f(n + 1)\nf(0)' });
    expect(output).toMatch(/^Python runtime error: the code hit the recursion depth limit of 500 and was stopped\./);
  });

  it('reads and lists the context folder through virtual paths', async () => {
    expect(await run({ code: 'read_file("/metrics/revenue.md")' })).toBe('Result:\n```\nRevenue = gross - refunds\n\n```');
    expect(await run({ code: 'list_files()' })).toBe('Result:\n```\n[\n  "/metrics/revenue.md"\n]\n```');
  });

  it('refuses read_file outside the folder, through a link, or on an ignored file, as a PermissionError the code can catch', async () => {
    expect(await run({ code: 'read_file("../secret.txt")' })).toMatch(/PermissionError: Access denied: path '\.\.\/secret\.txt' is outside the context folder$/);
    expect(await run({ code: `read_file("${fixture.outsideFile}")` })).toMatch(/PermissionError: Access denied: path '.*secret\.txt' is outside the context folder$/);
    expect(await run({ code: 'read_file("/secret-link.md")' })).toMatch(/PermissionError: Access denied: path '\/secret-link\.md' is outside the context folder$/);
    expect(await run({ code: 'read_file("/drafts/x.md")' })).toMatch(/PermissionError: Access denied: path '\/drafts\/x\.md' is ignored by \.datathreadignore$/);
    const caught = 'outcome = "read"\ntry:\n    read_file("../secret.txt")\nexcept PermissionError:\n    outcome = "refused"\noutcome';
    expect(await run({ code: caught })).toBe('Result:\n```\nrefused\n```');
  });

  it('has no file system or network of its own', async () => {
    const output = await run({ code: 'open("/etc/passwd").read()' });
    expect(output).toMatch(/^Python (type|runtime) error: .*`?open`?/s);
    expect(output).not.toContain('root:');
  });
});
