// The base of every error datathread throws on purpose: a stable machine-readable `code` (for logs,
// metrics and callers that branch on it) beside the human message that says what to do, and the
// underlying `cause` when another library's error started it. Callers branch with `instanceof`.
import type { ErrorCode } from './error-codes.js';

export abstract class DatathreadError extends Error {
  /** Stable snake_case identifier from ERROR_CODES (error-codes.ts), e.g. `query_timeout`; never changes with the message wording. */
  abstract readonly code: ErrorCode;

  constructor(message?: string, options?: { cause?: unknown }) {
    super(message, options);
  }
}

/** The message of anything thrown: an Error's message, or the thrown value as text. */
export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
