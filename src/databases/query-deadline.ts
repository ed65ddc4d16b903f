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

export function startQueryDeadline(options: QueryDeadlineOptions): QueryDeadline {
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
