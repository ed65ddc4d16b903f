// Retrying one platform call (a post, an update, an upload) through transient failures: exponential
// backoff with jitter, never sooner than the platform's Retry-After, and a bounded total time so a
// platform outage ends in a plain failure the turn can report instead of a reply that never comes.
import pRetry, { AbortError } from 'p-retry';

export interface PostRetryPolicy {
  /** Attempts after the first one. */
  retries: number;
  /** Delay before the first retry; each further retry doubles it (with jitter). */
  firstDelayMs: number;
  maxDelayMs: number;
  /** No retry starts once this much time has passed since the first attempt. */
  totalTimeMs: number;
}

// Slack's rate-limit windows are a minute long; four retries doubling from 1 s (1+2+4+8 s plus
// Retry-After) stay within the minute a user waits for an answer while outlasting a short burst.
export const DEFAULT_POST_RETRY: PostRetryPolicy = { retries: 4, firstDelayMs: 1_000, maxDelayMs: 15_000, totalTimeMs: 60_000 };

export interface TransientFailure {
  /** Why the call failed, for the log ("ratelimited", "HTTP 503", "ECONNRESET"). */
  reason: string;
  /** The platform asked to wait at least this long before calling again. */
  retryAfterMs?: number | undefined;
}

export interface RetryTransientOptions {
  policy: PostRetryPolicy;
  /** Returns the transient failure this error is, or undefined when calling again cannot help. */
  classify: (error: unknown) => TransientFailure | undefined;
  /** Told before each retry (the operator sees rate limiting in the log). */
  onRetry?: (failure: TransientFailure, attempt: number) => void;
}

export async function retryTransient<T>(call: () => Promise<T>, options: RetryTransientOptions): Promise<T> {
  const { policy, classify } = options;
  // p-retry rejects with the error the call threw (it unwraps the AbortError).
  return pRetry(
      async () => {
        try {
          return await call();
        } catch (error) {
          // p-retry retries anything that is not an AbortError; a permanent failure stops here.
          if (classify(error) === undefined) throw new AbortError(asError(error));
          throw error;
        }
      },
      {
        retries: policy.retries,
        factor: 2,
        minTimeout: policy.firstDelayMs,
        maxTimeout: policy.maxDelayMs,
        randomize: true,
        maxRetryTime: policy.totalTimeMs,
        // p-retry hands over the failed attempt's context; the thrown error is its `error`.
        onFailedAttempt: async ({ error, attemptNumber, retriesLeft }) => {
          const failure = classify(error);
          if (!failure || retriesLeft === 0) return;
          options.onRetry?.(failure, attemptNumber);
          // Honour Retry-After on top of the backoff p-retry waits next.
          if (failure.retryAfterMs) await new Promise((resolve) => setTimeout(resolve, Math.min(failure.retryAfterMs ?? 0, policy.totalTimeMs)));
        },
      },
  );
}

function asError(error: unknown): Error {
  return error instanceof Error ? error : new Error(String(error));
}

/** Node's network error codes for a connection that broke or could not be made. */
export function isConnectionFailureCode(code: unknown): boolean {
  return typeof code === 'string' && ['ECONNRESET', 'ECONNREFUSED', 'ETIMEDOUT', 'EPIPE', 'EAI_AGAIN', 'UND_ERR_SOCKET', 'UND_ERR_CONNECT_TIMEOUT'].includes(code);
}
