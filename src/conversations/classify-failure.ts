// Turns an exception from the agent loop into one short, honest sentence for the thread. Details
// go to the log; secrets go nowhere.
import { APICallError } from '@ai-sdk/provider';
import { findStoreUnavailable } from '../store/store-unavailable.js';
import { ModelStreamError } from '../agent/model-stream-error.js';
import { TURN_SENTENCES, UNREADABLE_ANSWER_SENTENCE } from './standard-sentences.js';
import type { TurnFailure } from './types.js';

/** Client errors that can pass on their own: request timeout, conflict, rate limit. */
const RETRYABLE_CLIENT_STATUSES = new Set([408, 409, 429]);

export function classifyFailure(error: unknown, reason: 'timeout' | 'cancelled' | undefined, turnTimeoutMs: number): TurnFailure {
  if (reason === 'timeout') {
    return {
      kind: 'timeout',
      message: `I stopped after ${Math.round(turnTimeoutMs / 1000)} seconds without finishing. Try a narrower question (a shorter period, fewer breakdowns), or press Retry.`,
      retryable: true,
    };
  }
  // Checked first: a refused store connection reads like a network failure of the model otherwise.
  if (findStoreUnavailable(error)) return { kind: 'internal', message: TURN_SENTENCES.storeUnavailable, retryable: true };
  // A 200 with a body that cannot be read (a malformed answer or stream, an HTML page, no choices)
  // has no status worth naming. Streamed, the parse error arrives bare or, from some providers,
  // wrapped with an invented status.
  const apiError = findApiError(error);
  if ((error instanceof ModelStreamError && !findApiError(error.cause)) || apiError?.message.startsWith('JSON parsing failed')) {
    return { kind: 'model', message: UNREADABLE_ANSWER_SENTENCE, retryable: true };
  }
  if (apiError) {
    const status = apiError.statusCode;
    if (status === 401 || status === 403) {
      return { kind: 'model', message: 'The AI model service refused my credentials. An admin needs to check the model provider\'s key or credentials (datathread check shows which provider is configured).', retryable: false };
    }
    if (status === 404) {
      return { kind: 'model', message: 'The AI model service does not know the configured model. An admin needs to check DATATHREAD_MODEL / agent.model.', retryable: false };
    }
    if (status === 429) {
      return { kind: 'model', message: 'The AI model service is rate limiting me right now. Wait a minute and press Retry.', retryable: true };
    }
    if (status !== undefined && status >= 400 && status < 500 && !RETRYABLE_CLIENT_STATUSES.has(status)) {
      // The service refused this request as malformed or too large: the same request would fail again.
      return {
        kind: 'model',
        message: `The AI model service rejected my request (HTTP ${status}), so trying again would fail the same way. Ask again in a new thread, or more simply; if it keeps happening, tell an admin (the details are in the bot log).`,
        retryable: false,
      };
    }
    return { kind: 'model', message: `The AI model service failed to answer${status && status >= 400 ? ` (HTTP ${status})` : ''}. Press Retry in a moment; if it keeps failing, tell an admin.`, retryable: true };
  }
  if (isConnectionError(error)) {
    return { kind: 'model', message: 'I could not reach the AI model service. Press Retry in a moment; if it keeps failing, an admin needs to check the model provider\'s address (its base URL setting).', retryable: true };
  }
  return { kind: 'internal', message: TURN_SENTENCES.failed, retryable: true };
}

/** A failure caused by the state store being unreachable (channels word it as such). */
export function isStoreOutage(error: unknown): boolean {
  return findStoreUnavailable(error) !== undefined;
}

function findApiError(error: unknown): APICallError | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current; depth += 1) {
    if (APICallError.isInstance(current)) return current;
    const candidate = current as { lastError?: unknown; cause?: unknown };
    current = candidate.lastError ?? candidate.cause;
  }
  return undefined;
}

function isConnectionError(error: unknown): boolean {
  const text = String((error as Error)?.message ?? error) + String((error as { cause?: { code?: string } })?.cause?.code ?? '');
  return /ECONNREFUSED|ENOTFOUND|fetch failed|ECONNRESET|socket hang up/i.test(text);
}
