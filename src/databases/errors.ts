// Errors adapters throw. The tool layer turns the "repairable" ones into tool results the model
// sees (a bad column, a timeout) and lets infrastructure faults (unreachable server) reach the user.
import { DatathreadError } from '../support/errors.js';

export class QueryTimeoutError extends DatathreadError {
  override readonly name = 'QueryTimeoutError';
  readonly code = 'query_timeout';
  constructor(readonly timeoutMs: number) {
    super(`The query was cancelled after ${timeoutMs / 1000} s (query timeout). Narrow it down (filters, aggregates, LIMIT) or raise agent.query_timeout_ms.`);
  }
}

export class QueryFailedError extends DatathreadError {
  override readonly name = 'QueryFailedError';
  readonly code = 'query_failed';
}

export class DatabaseUnavailableError extends DatathreadError {
  override readonly name = 'DatabaseUnavailableError';
  readonly code = 'database_unavailable';
  constructor(readonly databaseName: string, detail: string, options?: { cause?: unknown }) {
    super(`Database "${databaseName}" cannot be reached: ${detail}`, options);
  }
}

export class UserCredentialRequiredError extends DatathreadError {
  override readonly name = 'UserCredentialRequiredError';
  readonly code = 'user_credential_required';
  constructor(readonly databaseName: string) {
    super(`Database "${databaseName}" uses auth_mode azure_entra_id: it runs queries only with the asking user's own Microsoft Entra ID token, and this request carries none. Sign in first; the configured password is never used.`);
  }
}
