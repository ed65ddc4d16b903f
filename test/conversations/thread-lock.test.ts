import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LOCK_TTL_MS, ThreadLock } from '../../src/conversations/thread-lock.js';
import { openStore } from '../../src/store/open-store.js';
import type { Store } from '../../src/store/types.js';

let store: Store;
beforeEach(async () => {
  store = await openStore('sqlite::memory:');
});
afterEach(async () => {
  await store.close();
});

describe('ThreadLock', () => {
  it('frees a thread whose holder died once the lock expires', async () => {
    let now = new Date('2026-01-01T00:00:00Z');
    const clock = () => now;
    // Another replica took the lock and died without releasing it.
    expect(await store.tryAcquireThreadLock('t1', 'dead-replica', now, new Date(now.getTime() + LOCK_TTL_MS))).toBe(true);
    const lock = new ThreadLock(store, 'live-replica', clock);
    let ran = false;
    const waiting = lock.runExclusive('t1', async () => {
      ran = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(ran).toBe(false);
    now = new Date(now.getTime() + LOCK_TTL_MS + 1);
    await waiting;
    expect(ran).toBe(true);
    // Released after the work: someone else may take it at once.
    expect(await store.tryAcquireThreadLock('t1', 'third', now, new Date(now.getTime() + 1_000))).toBe(true);
  });

  it('lets different threads run at the same time', async () => {
    const lock = new ThreadLock(store, 'replica', () => new Date());
    const order: string[] = [];
    await Promise.all([
      lock.runExclusive('a', async () => {
        order.push('a start');
        await new Promise((resolve) => setTimeout(resolve, 100));
        order.push('a end');
      }),
      lock.runExclusive('b', async () => {
        order.push('b start');
      }),
    ]);
    expect(order).toEqual(['a start', 'b start', 'a end']);
  });
});
