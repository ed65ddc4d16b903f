// Runs an in-process engine's query (DuckDB, SQLite) inside a threadpool slot
// (support/threadpool-slots.ts), so long warehouse queries never take every libuv thread from the
// state store. Waiting for a slot counts against the query's timeout and ends at once on the
// caller's abort, like the query itself would.
import { acquireThreadpoolSlot } from '../support/threadpool-slots.js';
import { QueryTimeoutError } from './errors.js';
import type { RunQueryOptions } from './types.js';

export async function runWithThreadpoolSlot<Result>(options: RunQueryOptions, run: (options: RunQueryOptions) => Promise<Result>): Promise<Result> {
  const startedAt = performance.now();
  const waitTimedOut = new AbortController();
  const timer = setTimeout(() => waitTimedOut.abort(new QueryTimeoutError(options.timeoutMs)), options.timeoutMs);
  const onCallerAbort = (): void => waitTimedOut.abort(options.signal?.reason);
  options.signal?.addEventListener('abort', onCallerAbort, { once: true });
  let release: () => void;
  try {
    if (options.signal?.aborted) throw options.signal.reason;
    release = await acquireThreadpoolSlot(waitTimedOut.signal);
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', onCallerAbort);
  }
  const waitedMs = performance.now() - startedAt;
  try {
    if (waitedMs < 1) return await run(options);
    try {
      return await run({ ...options, timeoutMs: Math.max(1, Math.round(options.timeoutMs - waitedMs)) });
    } catch (error) {
      // The person set one timeout for the whole query: say that figure, not what was left of it.
      throw error instanceof QueryTimeoutError ? new QueryTimeoutError(options.timeoutMs) : error;
    }
  } finally {
    release();
  }
}
