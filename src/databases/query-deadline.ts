// One place that turns "timeoutMs or an AbortSignal, whichever comes first" into a single cancel
// call, and remembers which of the two fired so the adapter can throw the right error.
import { QueryTimeoutError } from './errors.js';

export type CancelReason = 'timeout' | 'abort';

export interface QueryDeadline {
  /** Which trigger fired, if any. */
  readonly reason: CancelReason | undefined;
  clear(): void;
}

export interface QueryDeadlineOptions {
  /** When to cancel for time; adapters that also have a server-side timeout add a grace period. */
  cancelAfterMs: number;
  signal?: AbortSignal;
  cancel(reason: CancelReason): void;
}

/**
 * Throws the caller's abort reason when the signal has already fired: an abort that landed while
 * the adapter was still opening its connection or preparing the query comes before this listens
 * for it, and would otherwise be lost while the query runs to its end.
 */
export function startQueryDeadline(options: QueryDeadlineOptions): QueryDeadline {
  options.signal?.throwIfAborted();
  let reason: CancelReason | undefined;
  const fire = (why: CancelReason): void => {
    if (reason) return;
    reason = why;
    options.cancel(why);
  };
  const timer = setTimeout(() => fire('timeout'), options.cancelAfterMs);
  const onAbort = (): void => fire('abort');
  options.signal?.addEventListener('abort', onAbort, { once: true });
  return {
    get reason() {
      return reason;
    },
    clear() {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
    },
  };
}

/**
 * Opens a connection (or pool client) unless the caller aborts first: a Stop while the connection
 * is still being opened ends the query at once with the caller's reason, and the connection that
 * arrives afterwards is handed to `discard` instead of running anything.
 */
export function openUnlessAborted<Resource>(
  signal: AbortSignal | undefined,
  open: () => Promise<Resource>,
  discard: (resource: Resource) => unknown,
): Promise<Resource> {
  if (signal?.aborted) return Promise.reject(signal.reason);
  const opening = open();
  if (!signal) return opening;
  return new Promise<Resource>((resolve, reject) => {
    const onAbort = (): void => {
      reject(signal.reason);
      opening.then(
        async (resource) => {
          try {
            await discard(resource);
          } catch {
            // The query already ended with the caller's reason; a failed close changes nothing for them.
          }
        },
        () => undefined,
      );
    };
    signal.addEventListener('abort', onAbort, { once: true });
    opening.then(
      (resource) => {
        signal.removeEventListener('abort', onAbort);
        resolve(resource);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}

/** The error a cancelled query ends with: the caller's abort reason, or a timeout. */
export function cancellationError(reason: CancelReason, timeoutMs: number, signal: AbortSignal | undefined): unknown {
  if (reason === 'abort' && signal) return signal.reason ?? new DOMException('The query was aborted.', 'AbortError');
  return new QueryTimeoutError(timeoutMs);
}

/** A promise to race each driver call against, rejected once by `stop` when the deadline fires. */
export interface StopSignal {
  readonly stopped: Promise<never>;
  stop(reason: unknown): void;
}

/** Its rejection is always observed, so a stop while nothing races it is not an unhandled rejection. */
export function createStopSignal(): StopSignal {
  let stop: (reason: unknown) => void = () => undefined;
  const stopped = new Promise<never>((_, reject) => {
    stop = reject;
  });
  stopped.catch(() => undefined);
  return { stopped, stop: (reason) => stop(reason) };
}
