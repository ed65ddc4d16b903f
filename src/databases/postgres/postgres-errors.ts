// Sorts what pg throws into datathread's error classes: SQL the model can repair, a timeout, or a
// server that cannot be reached.
import { connectionFailureDetail, type ConnectionTarget } from '../connection-failure-detail.js';
import { DatabaseUnavailableError, QueryFailedError, QueryTimeoutError } from '../errors.js';

interface PostgresServerError {
  code?: unknown;
  message?: unknown;
  hint?: unknown;
}

const QUERY_CANCELED = '57014';
/** Connection exceptions (class 08) and server shutdown (57P0x) mean "unavailable", not "bad SQL". */
function isConnectionState(code: string): boolean {
  return code.startsWith('08') || /^57P0[1-4]$/.test(code);
}

function isSqlState(code: unknown): code is string {
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code);
}

export function postgresQueryError(error: unknown, databaseName: string, timeoutMs: number, target: ConnectionTarget): Error {
  const { code, message, hint } = (typeof error === 'object' && error !== null ? error : {}) as PostgresServerError;
  if (code === QUERY_CANCELED) return new QueryTimeoutError(timeoutMs);
  if (isSqlState(code) && !isConnectionState(code)) {
    const text = typeof message === 'string' ? message : String(error);
    // PostgreSQL's hints ("Perhaps you meant to reference the column ...") help the model most.
    return new QueryFailedError(typeof hint === 'string' && hint ? `${text} (hint: ${hint})` : text, { cause: error });
  }
  return new DatabaseUnavailableError(databaseName, connectionFailureDetail(error, target), { cause: error });
}
