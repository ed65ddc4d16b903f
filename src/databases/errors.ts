// Errors adapters throw. The tool layer turns the "repairable" ones into tool results the model
// sees (a bad column, a timeout) and lets infrastructure faults (unreachable server) reach the user.

export class QueryTimeoutError extends Error {
  override readonly name = 'QueryTimeoutError';
  constructor(readonly timeoutMs: number) {
    super(`The query was cancelled after ${timeoutMs / 1000} s (query timeout). Narrow it down (filters, aggregates, LIMIT) or raise agent.query_timeout_ms.`);
  }
}

export class QueryFailedError extends Error {
  override readonly name = 'QueryFailedError';
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
  }
}

export class DatabaseUnavailableError extends Error {
  override readonly name = 'DatabaseUnavailableError';
  constructor(readonly databaseName: string, detail: string, options?: { cause?: unknown }) {
    super(`Database "${databaseName}" cannot be reached: ${detail}`, options);
  }
}

export class UserCredentialRequiredError extends Error {
  override readonly name = 'UserCredentialRequiredError';
  constructor(readonly databaseName: string) {
    super(`Database "${databaseName}" uses auth_mode azure_entra_id: it runs queries only with the asking user's own Microsoft Entra ID token, and this request carries none. Sign in first; the configured password is never used.`);
  }
}
