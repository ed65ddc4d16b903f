// Runs work for one thread strictly one after another (across turns and button clicks), so a new
// story version never reads the thread before the previous version's message is in it. Posting
// happens after the engine releases the thread lock, hence this small queue of its own.
const tails = new Map<string, Promise<unknown>>();

export function inThreadOrder<T>(threadId: string, work: () => Promise<T>): Promise<T> {
  const previous = tails.get(threadId) ?? Promise.resolve();
  const run = previous.catch(() => undefined).then(work);
  const tail = run.catch(() => undefined);
  tails.set(threadId, tail);
  void tail.then(() => {
    if (tails.get(threadId) === tail) tails.delete(threadId);
  });
  return run;
}
