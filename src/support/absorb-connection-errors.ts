// A pg client whose server connection dies while it is checked out of its pool (a PostgreSQL
// restart, a failover, a DBA's pg_terminate_backend) emits 'error'. An EventEmitter 'error' with no
// listener ends the Node process, taking every turn in flight with it. The query that was running
// fails on its own and reaches its caller; this listener only keeps the process alive and lets the
// caller discard the broken connection instead of returning it to the pool.
import type { EventEmitter } from 'node:events';

/** Listens for connection errors until the returned function is called (at release). */
export function absorbConnectionErrors(client: EventEmitter, onError: (error: Error) => void = () => undefined): () => void {
  const listener = (error: Error) => onError(error);
  client.on('error', listener);
  return () => {
    client.removeListener('error', listener);
  };
}
