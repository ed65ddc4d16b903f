// One turn at a time per thread inside this process, in arrival order. Across processes and
// replicas, a thread's turns are ordered by the turn-job queue instead: only the oldest unfinished
// job of a thread can be claimed, and its lease is the thread's lock (turn-queue.ts). Nothing is
// stored here, so nothing outlives a process that dies.
export class ThreadLock {
  private readonly tails = new Map<string, Promise<void>>();

  async runExclusive<T>(threadId: string, work: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(threadId) ?? Promise.resolve();
    let release!: () => void;
    const current = new Promise<void>((resolve) => (release = resolve));
    const tail = previous.then(() => current);
    this.tails.set(threadId, tail);
    await previous;
    try {
      return await work();
    } finally {
      release();
      if (this.tails.get(threadId) === tail) this.tails.delete(threadId);
    }
  }
}
