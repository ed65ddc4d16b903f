import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { QueryTimeoutError } from '../../src/databases/errors.js';
import { runWithThreadpoolSlot } from '../../src/databases/threadpool-query-slot.js';
import type { RunQueryOptions } from '../../src/databases/types.js';
import {
  acquireThreadpoolSlot,
  LIBUV_DEFAULT_THREADPOOL_SIZE,
  setThreadpoolSize,
  threadpoolSlotCapacity,
  threadpoolSlotUse,
} from '../../src/support/threadpool-slots.js';

const run = promisify(execFile);
const CHILD = fileURLToPath(new URL('../support/threadpool-starvation-child.mjs', import.meta.url));

async function runChild(mode: 'adapter' | 'driver'): Promise<{ writeMs: number; firstQueryEndedMs: number }> {
  const { stdout } = await run(process.execPath, [CHILD, mode], { env: { ...process.env, UV_THREADPOOL_SIZE: '4' }, timeout: 120_000 });
  return JSON.parse(stdout.trim().split('\n').at(-1) ?? '{}');
}

function options(overrides: Partial<RunQueryOptions> = {}): RunQueryOptions {
  return { rowCap: 10, timeoutMs: 60_000, ...overrides };
}

afterEach(() => {
  setThreadpoolSize(LIBUV_DEFAULT_THREADPOOL_SIZE);
  expect(threadpoolSlotUse()).toEqual({ running: 0, waiting: 0 });
});

describe('threadpool slots', () => {
  it('keeps two of the pool threads free, and always offers at least one slot', () => {
    expect(threadpoolSlotCapacity()).toBe(2);
    setThreadpoolSize(16);
    expect(threadpoolSlotCapacity()).toBe(14);
    setThreadpoolSize(1);
    expect(threadpoolSlotCapacity()).toBe(1);
  });

  it('hands out slots first come, first served once one is released', async () => {
    setThreadpoolSize(3);
    const first = await acquireThreadpoolSlot();
    const granted: string[] = [];
    const second = acquireThreadpoolSlot().then((release) => {
      granted.push('second');
      return release;
    });
    const third = acquireThreadpoolSlot().then((release) => {
      granted.push('third');
      return release;
    });
    await Promise.resolve();
    expect(granted).toEqual([]);
    expect(threadpoolSlotUse()).toEqual({ running: 1, waiting: 2 });
    first();
    first(); // a second release of the same slot changes nothing
    const releaseSecond = await second;
    expect(granted).toEqual(['second']);
    releaseSecond();
    (await third)();
    expect(granted).toEqual(['second', 'third']);
  });

  it('gives up the place in the queue on abort, with the caller’s reason', async () => {
    setThreadpoolSize(3);
    const held = await acquireThreadpoolSlot();
    const stop = new AbortController();
    const waiting = acquireThreadpoolSlot(stop.signal);
    stop.abort(new Error('stopped by the asker'));
    await expect(waiting).rejects.toThrow('stopped by the asker');
    expect(threadpoolSlotUse()).toEqual({ running: 1, waiting: 0 });
    held();
  });

  it('grants waiting queries when the size grows at start-up', async () => {
    setThreadpoolSize(3);
    const held = await acquireThreadpoolSlot();
    const waiting = acquireThreadpoolSlot();
    setThreadpoolSize(4);
    const release = await waiting;
    expect(threadpoolSlotUse()).toEqual({ running: 2, waiting: 0 });
    release();
    held();
  });
});

describe('a query waiting for a slot', () => {
  it('counts the wait against its timeout and reports the timeout it was given', async () => {
    setThreadpoolSize(3);
    const held = await acquireThreadpoolSlot();
    const ran: number[] = [];
    const waiting = runWithThreadpoolSlot(options({ timeoutMs: 50 }), async (slotOptions) => ran.push(slotOptions.timeoutMs));
    const error = await waiting.catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(QueryTimeoutError);
    expect((error as QueryTimeoutError).timeoutMs).toBe(50);
    expect(ran).toEqual([]);
    held();
  });

  it('runs with what is left of its timeout after waiting, and a timeout then names the whole figure', async () => {
    setThreadpoolSize(3);
    const held = await acquireThreadpoolSlot();
    const given: number[] = [];
    const waiting = runWithThreadpoolSlot(options({ timeoutMs: 10_000 }), async (slotOptions) => {
      given.push(slotOptions.timeoutMs);
      throw new QueryTimeoutError(slotOptions.timeoutMs);
    });
    await new Promise((resolve) => setTimeout(resolve, 30));
    held();
    const error = await waiting.catch((caught: unknown) => caught);
    expect(given[0]).toBeLessThan(10_000);
    expect(given[0]).toBeGreaterThan(0);
    expect((error as QueryTimeoutError).timeoutMs).toBe(10_000);
    expect(threadpoolSlotUse().running).toBe(0);
  });

  it('ends at once on the caller’s abort while waiting', async () => {
    setThreadpoolSize(3);
    const held = await acquireThreadpoolSlot();
    const stop = new AbortController();
    const waiting = runWithThreadpoolSlot(options({ signal: stop.signal }), async () => 'ran');
    stop.abort(new Error('Stop pressed'));
    await expect(waiting).rejects.toThrow('Stop pressed');
    held();
  });

  it('releases its slot when the query fails', async () => {
    await expect(runWithThreadpoolSlot(options(), async () => Promise.reject(new Error('syntax error')))).rejects.toThrow('syntax error');
    expect(threadpoolSlotUse().running).toBe(0);
  });
});

describe('long DuckDB queries beside the state store, with libuv’s default 4 threads', () => {
  // Both figures count from the start of the write. A write that waits for a thread ends with the
  // first query (the query gives the thread back); one that finds a free thread ends long before.
  it('calling the driver directly with four long queries makes a state-store write wait for one to end', async () => {
    // Shows the child really has 4 threads, so the next test would see the wait if it happened.
    const { writeMs, firstQueryEndedMs } = await runChild('driver');
    expect(writeMs).toBeGreaterThan(firstQueryEndedMs / 2);
  });

  it('through the adapter, a state-store write does not wait for any of the queries', async () => {
    const { writeMs, firstQueryEndedMs } = await runChild('adapter');
    expect(writeMs).toBeLessThan(firstQueryEndedMs / 2);
  });
});
