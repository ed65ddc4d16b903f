// One turn at a time per thread. Inside a process, turns of a thread queue in arrival order; across
// replicas, the store's lock row decides. The store lock is renewed while a turn runs (a turn may
// take many minutes) and expires by itself if the process dies.
import type { Store } from '../store/types.js';
import type { Clock } from '../support/clock-and-ids.js';

export const LOCK_TTL_MS = 60_000;
export const LOCK_RENEW_INTERVAL_MS = 15_000;
export const LOCK_POLL_INTERVAL_MS = 250;

const sleep = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds));

export class ThreadLock {
  private readonly tails = new Map<string, Promise<void>>();

  constructor(
    private readonly store: Store,
    private readonly ownerId: string,
    private readonly clock: Clock,
  ) {}

  async runExclusive<T>(threadId: string, work: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(threadId) ?? Promise.resolve();
    let release!: () => void;
    const current = new Promise<void>((resolve) => (release = resolve));
    const tail = previous.then(() => current);
    this.tails.set(threadId, tail);
    await previous;
    try {
      return await this.holdStoreLock(threadId, work);
    } finally {
      release();
      if (this.tails.get(threadId) === tail) this.tails.delete(threadId);
    }
  }

  private expiry(): Date {
    return new Date(this.clock().getTime() + LOCK_TTL_MS);
  }

  private async holdStoreLock<T>(threadId: string, work: () => Promise<T>): Promise<T> {
    while (!(await this.store.tryAcquireThreadLock(threadId, this.ownerId, this.clock(), this.expiry()))) {
      await sleep(LOCK_POLL_INTERVAL_MS);
    }
    const renewal = setInterval(() => {
      void this.store.tryAcquireThreadLock(threadId, this.ownerId, this.clock(), this.expiry()).catch(() => undefined);
    }, LOCK_RENEW_INTERVAL_MS);
    renewal.unref();
    try {
      return await work();
    } finally {
      clearInterval(renewal);
      await this.store.releaseThreadLock(threadId, this.ownerId).catch(() => undefined);
    }
  }
}
