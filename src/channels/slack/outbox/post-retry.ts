// Which Slack Web API failures are worth calling again: Slack's own transient `error` codes (sent
// with HTTP 200 and ok:false), HTTP 429/5xx and broken connections. Everything else (not_in_channel,
// invalid_blocks, …) fails at once: calling again gives the same answer.
import { isConnectionFailureCode, retryTransient, type PostRetryPolicy, type TransientFailure } from '../../retry-transient.js';
import type { ChannelLogger } from '../../channel-logger.js';
import { slackErrorCode } from './slack-api-errors.js';

const TRANSIENT_SLACK_CODES = new Set(['ratelimited', 'rate_limited', 'internal_error', 'fatal_error', 'service_unavailable', 'request_timeout']);

interface SlackErrorShape {
  code?: unknown;
  statusCode?: unknown;
  retryAfter?: unknown;
  original?: { code?: unknown; cause?: { code?: unknown } };
  data?: { response_metadata?: { retryAfter?: unknown } };
}

export function classifySlackFailure(error: unknown): TransientFailure | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const shape = error as SlackErrorShape;
  const retryAfterSeconds = numberOrUndefined(shape.retryAfter) ?? numberOrUndefined(shape.data?.response_metadata?.retryAfter);
  const retryAfterMs = retryAfterSeconds === undefined ? undefined : retryAfterSeconds * 1_000;
  const code = slackErrorCode(error);
  if (code !== undefined && TRANSIENT_SLACK_CODES.has(code)) return { reason: code, retryAfterMs };
  if (shape.code === 'slack_webapi_rate_limited_error') return { reason: 'HTTP 429', retryAfterMs };
  const status = numberOrUndefined(shape.statusCode);
  if (shape.code === 'slack_webapi_http_error' && status !== undefined && (status === 429 || status >= 500)) return { reason: `HTTP ${status}`, retryAfterMs };
  const networkCode = shape.original?.code ?? shape.original?.cause?.code;
  if (shape.code === 'slack_webapi_request_error' || isConnectionFailureCode(networkCode)) return { reason: typeof networkCode === 'string' ? networkCode : 'connection failed' };
  return undefined;
}

export function retrySlackCall<T>(call: () => Promise<T>, policy: PostRetryPolicy, logger: ChannelLogger, action: string): Promise<T> {
  return retryTransient(call, {
    policy,
    classify: classifySlackFailure,
    onRetry: (failure, attempt) => logger.warn(`Slack answered ${failure.reason} to ${action}; trying again (attempt ${attempt + 1}).`),
  });
}

function numberOrUndefined(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}
