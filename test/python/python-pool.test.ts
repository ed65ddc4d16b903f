// execute_python's worker-thread pool with the real Monty interpreter: a runaway program and a
// correct one in parallel each keep their own time budget, the main event loop stays free while
// Python runs, a worker that does not stop is terminated at the wall clock and replaced, a worker
// over its heap cap dies alone with a clear error, and a cancelled run stops its worker.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PythonFunctionError } from '../../src/python/python-function-error.js';
import { PythonPool } from '../../src/python/python-pool.js';
import { PYTHON_LIMITS } from '../../src/python/python-limits.js';
import type { PythonFunction, PythonRunRequest } from '../../src/python/run-python.js';

const RUNAWAY = 'i = 0\nwhile True:\n    i += 1';

const functions: Record<string, PythonFunction> = {
  query_result: {
    signature: '(query_id: str) -> list[dict[str, Any]]',
    call: async (args) => {
      if (args[0] !== 'query_sales001') throw new PythonFunctionError('KeyError', `no query result "${String(args[0])}"`);
      return [
        { region: 'North', amount: 100 },
        { region: 'South', amount: 50 },
      ];
    },
  },
  wait_forever: { signature: '() -> str', call: () => new Promise(() => {}) },
  broken_store: {
    signature: '() -> str',
    call: async () => {
      throw new Error('the state store is unreachable');
    },
  },
};

function request(code: string, extra: Partial<PythonRunRequest> = {}): PythonRunRequest {
  return { code, functions, limits: { ...PYTHON_LIMITS, maxDurationSecs: 2 }, ...extra };
}

let pool: PythonPool;

beforeAll(() => {
  pool = new PythonPool({ maxThreads: 3, hardKillGraceMs: 500 });
});

afterAll(async () => {
  await pool.close();
});

describe('Python worker pool', () => {
  it('answers a correct program while a runaway one runs beside it, and stops the runaway one at its own time limit', async () => {
    const runaway = pool.run(request(RUNAWAY));
    // Starts after the runaway one has used part of its budget: a shared budget would fail it.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const correct = pool.run(
      request('rows = query_result("query_sales001")\ntotal = 0\nfor _ in range(20000):\n    total = sum(row["amount"] for row in rows)\ntotal'),
    );
    const [runawayResult, correctResult] = await Promise.all([runaway, correct]);
    expect(correctResult).toEqual({ status: 'ok', output: 150, printed: '' });
    expect(runawayResult.status).toBe('error');
    expect(runawayResult).toMatchObject({ kind: 'limit' });
    expect(runawayResult.status === 'error' && runawayResult.message).toMatch(/^Python runtime error: the code hit the time limit of 2 seconds and was stopped\./);
  });

  it('keeps the main event loop turning while a program loops', async () => {
    let ticks = 0;
    const ticker = setInterval(() => ticks++, 20);
    const result = await pool.run(request(RUNAWAY, { limits: { ...PYTHON_LIMITS, maxDurationSecs: 1 } }));
    clearInterval(ticker);
    expect(result.status).toBe('error');
    // 1 s of Python at one tick per 20 ms: a blocked loop would count 0 or 1.
    expect(ticks).toBeGreaterThan(10);
  });

  it('terminates a worker that does not answer by the wall clock, replaces it, and keeps serving', async () => {
    const result = await pool.run(request('wait_forever()', { limits: { ...PYTHON_LIMITS, maxDurationSecs: 1 } }));
    expect(result).toMatchObject({ status: 'error', kind: 'limit' });
    expect(result.status === 'error' && result.message).toBe(
      'Python runtime error: the code hit the time limit of 1 seconds and was stopped. Do less work in Python (aggregate in SQL first, avoid unbounded loops). (the worker running it did not stop by itself and was terminated)',
    );
    const after = await Promise.all([pool.run(request('6 * 7')), pool.run(request('query_result("query_sales001")[1]["region"]'))]);
    expect(after).toEqual([
      { status: 'ok', output: 42, printed: '' },
      { status: 'ok', output: 'South', printed: '' },
    ]);
  });

  it('raises a refusal inside the code, and fails the run when a function breaks for another reason', async () => {
    const refused = await pool.run(request('query_result("query_nope0000")'));
    expect(refused.status === 'error' && refused.message).toContain('KeyError: no query result "query_nope0000"');
    await expect(pool.run(request('broken_store()'))).rejects.toThrow('the state store is unreachable');
    expect(await pool.run(request('1 + 1'))).toEqual({ status: 'ok', output: 2, printed: '' });
  });

  it('stops a cancelled run by terminating its worker', async () => {
    const controller = new AbortController();
    const running = pool.run(request(RUNAWAY, { signal: controller.signal, limits: { ...PYTHON_LIMITS, maxDurationSecs: 30 } }));
    setTimeout(() => controller.abort(), 300);
    expect(await running).toEqual({ status: 'error', kind: 'runtime', message: 'Python runtime error: the run was cancelled.', printed: '' });
  });
});

describe('Python worker queue', () => {
  it('fails a program that no worker starts in time, saying why, and runs the next one', async () => {
    const single = new PythonPool({ maxThreads: 1, startTimeoutMs: 3_000 });
    try {
      expect(await single.run(request('1 + 1'))).toEqual({ status: 'ok', output: 2, printed: '' });
      const runaway = single.run(request(RUNAWAY, { limits: { ...PYTHON_LIMITS, maxDurationSecs: 8 } }));
      await expect(single.run(request('2 + 2'))).rejects.toThrow('No Python worker started the program within 3 seconds; every worker was busy.');
      expect(await runaway).toMatchObject({ status: 'error', kind: 'limit' });
      expect(await single.run(request('3 + 3'))).toEqual({ status: 'ok', output: 6, printed: '' });
    } finally {
      await single.close();
    }
  });
});

describe('Python worker heap cap', () => {
  it('stops a program whose result does not fit in the worker heap, with a clear error, and the process and pool go on', async () => {
    const errors: string[] = [];
    const small = new PythonPool({ maxThreads: 1, heapLimitMb: 24, onWorkerError: (error) => errors.push(error.message) });
    try {
      const result = await small.run(
        request('["item " * 100 + str(i) for i in range(200000)]', {
          limits: { ...PYTHON_LIMITS, maxDurationSecs: 30, maxMemory: 1024 * 1024 * 1024 },
        }),
      );
      expect(result).toEqual({
        status: 'error',
        kind: 'limit',
        printed: '',
        message: 'Python runtime error: the code used more than the 24 MB the Python worker may use and was stopped. Work on fewer rows (aggregate in SQL first) or return a smaller result.',
      });
      // The out-of-memory worker's failure belonged to the run; nothing is left unreported or unhandled.
      expect(errors).toEqual([]);
      expect(await small.run(request('sum(range(10))'))).toEqual({ status: 'ok', output: 45, printed: '' });
    } finally {
      await small.close();
    }
  });
});
