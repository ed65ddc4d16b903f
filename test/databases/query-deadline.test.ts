// The shared cancel mechanism every adapter uses: a Stop that lands before the query's deadline
// listens (while the connection opens, or already given) ends the query with the caller's reason.
import { expect, test } from 'vitest';
import { openUnlessAborted, startQueryDeadline } from '../../src/databases/query-deadline.js';

test('an abort while the connection opens ends the wait with the caller’s reason, and the late connection is discarded', async () => {
  const controller = new AbortController();
  const reason = new Error('stopped while connecting');
  let arrive: (connection: string) => void = () => undefined;
  const discarded: string[] = [];
  const opening = openUnlessAborted(
    controller.signal,
    () =>
      new Promise<string>((resolve) => {
        arrive = resolve;
      }),
    (connection) => discarded.push(connection),
  );
  controller.abort(reason);
  await expect(opening).rejects.toBe(reason);
  arrive('connection 1');
  await new Promise((resolve) => setImmediate(resolve));
  expect(discarded).toEqual(['connection 1']);
});

test('a connection that opens before any abort is handed over and not discarded', async () => {
  const controller = new AbortController();
  const discarded: string[] = [];
  await expect(openUnlessAborted(controller.signal, async () => 'connection 2', (connection) => discarded.push(connection))).resolves.toBe('connection 2');
  controller.abort(new Error('later'));
  expect(discarded).toEqual([]);
});

test('an already aborted signal opens nothing and refuses to start a deadline', async () => {
  const controller = new AbortController();
  const reason = new Error('stopped before asking');
  controller.abort(reason);
  const opened: string[] = [];
  const open = async () => {
    opened.push('connection');
    return 'connection';
  };
  await expect(openUnlessAborted(controller.signal, open, () => undefined)).rejects.toBe(reason);
  expect(opened).toEqual([]);
  const cancelled: string[] = [];
  expect(() => startQueryDeadline({ cancelAfterMs: 60_000, signal: controller.signal, cancel: (why) => cancelled.push(why) })).toThrow(reason);
  expect(cancelled).toEqual([]);
});
