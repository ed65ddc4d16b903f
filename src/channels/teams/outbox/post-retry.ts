// Which Bot Framework connector failures are worth calling again: HTTP 429 (Teams throttling, with
// Retry-After), 5xx and broken connections. Everything else (403 bot not in the conversation, 400
// card rejected …) fails at once: calling again gives the same answer.
import { isConnectionFailureCode, retryTransient, type PostRetryPolicy, type TransientFailure } from '../../retry-transient.js';
import type { ChannelLogger } from '../../channel-logger.js';

interface ConnectorErrorShape {
  status?: unknown;
  code?: unknown;
  message?: unknown;
  response?: { headers?: { get?: (name: string) => string | null } };
  cause?: { code?: unknown };
}

export function classifyTeamsFailure(error: unknown): TransientFailure | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const shape = error as ConnectorErrorShape;
  if (typeof shape.status === 'number' && (shape.status === 429 || shape.status >= 500)) {
    return { reason: `HTTP ${shape.status}`, retryAfterMs: retryAfterMs(shape.response?.headers?.get?.('retry-after') ?? null) };
  }
  const networkCode = shape.code ?? shape.cause?.code;
  if (isConnectionFailureCode(networkCode)) return { reason: String(networkCode) };
  // Node's fetch reports a refused or reset connection as a TypeError "fetch failed".
  if (error instanceof TypeError && shape.message === 'fetch failed') return { reason: 'connection failed' };
  return undefined;
}

export function retryTeamsCall<T>(call: () => Promise<T>, policy: PostRetryPolicy, logger: ChannelLogger | undefined, action: string): Promise<T> {
  return retryTransient(call, {
    policy,
    classify: classifyTeamsFailure,
    onRetry: (failure, attempt) => logger?.warn(`Teams answered ${failure.reason} to ${action}; trying again (attempt ${attempt + 1}).`),
  });
}

/** Retry-After is either seconds or an HTTP date. */
function retryAfterMs(header: string | null): number | undefined {
  if (header === null) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1_000);
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
}
