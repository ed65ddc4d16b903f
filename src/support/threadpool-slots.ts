// Node.js runs DuckDB and SQLite calls on libuv's threadpool: UV_THREADPOOL_SIZE threads, 4 unless
// the variable is set before the process starts. A long warehouse query holds one of those threads
// for its whole run. When every thread is held, everything else that needs one waits behind the
// queries: the state store's SQLite writes (a turn's answer, a job's lease), reads of the context
// folder, DNS lookups. Measured: with four long DuckDB queries running, a state-store write waited
// 25 s instead of 7 ms. So a warehouse query takes a slot first, and there are always fewer slots
// than threads: RESERVED_THREADS stay free for the rest of the process.

/** Threads kept free of warehouse queries: the state store's statement, plus one for files and DNS. */
export const RESERVED_THREADS = 2;
/** libuv's own default when UV_THREADPOOL_SIZE is unset. */
export const LIBUV_DEFAULT_THREADPOOL_SIZE = 4;

interface Waiter {
  grant(): void;
}

let capacity = slotsFor(LIBUV_DEFAULT_THREADPOOL_SIZE);
let inUse = 0;
const waiters: Waiter[] = [];

function slotsFor(threads: number): number {
  return Math.max(1, Math.floor(threads) - RESERVED_THREADS);
}

/** Called once at start-up with the process's threadpool size (environment's UV_THREADPOOL_SIZE). */
export function setThreadpoolSize(threads: number): void {
  capacity = slotsFor(threads);
  grantWaiting();
}

/** How many warehouse queries may hold a threadpool thread at once. */
export function threadpoolSlotCapacity(): number {
  return capacity;
}

/** Queries holding a slot, and queries waiting for one (for logs and tests). */
export function threadpoolSlotUse(): { running: number; waiting: number } {
  return { running: inUse, waiting: waiters.length };
}

/**
 * Resolves with a release function once a slot is free; first come, first served. An abort while
 * waiting rejects with the signal's reason and gives up the place in the queue.
 */
export function acquireThreadpoolSlot(signal?: AbortSignal): Promise<() => void> {
  if (signal?.aborted) return Promise.reject(signal.reason);
  if (inUse < capacity && waiters.length === 0) {
    inUse += 1;
    return Promise.resolve(releaseOnce());
  }
  return new Promise((resolve, reject) => {
    const onAbort = (): void => {
      const index = waiters.indexOf(waiter);
      if (index >= 0) waiters.splice(index, 1);
      reject(signal?.reason);
    };
    const waiter: Waiter = {
      grant() {
        signal?.removeEventListener('abort', onAbort);
        inUse += 1;
        resolve(releaseOnce());
      },
    };
    waiters.push(waiter);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

function releaseOnce(): () => void {
  let released = false;
  return () => {
    if (released) return;
    released = true;
    inUse -= 1;
    grantWaiting();
  };
}

function grantWaiting(): void {
  while (inUse < capacity && waiters.length > 0) waiters.shift()?.grant();
}
