// Sorts what @clickhouse/client throws into datathread's error classes. ClickHouse answers every
// SQL problem with a numbered exception (code and name); network faults and refused logins mean
// the database cannot be reached, which is not the model's to repair.
import { connectionFailureDetail, type ConnectionTarget } from '../connection-failure-detail.js';
import { DatabaseUnavailableError, QueryFailedError, QueryTimeoutError } from '../errors.js';

const TIMEOUT_EXCEEDED = '159';
/** Codes that say "who you are" rather than "what you asked": wrong password, unknown user, bad token. */
const AUTHENTICATION_CODES = new Set(['192', '193', '516']);

interface ClickHouseServerError {
  code?: unknown;
  type?: unknown;
  message?: unknown;
}

export function clickhouseQueryError(error: unknown, databaseName: string, timeoutMs: number, target: ConnectionTarget): Error {
  const { code, type, message } = (typeof error === 'object' && error !== null ? error : {}) as ClickHouseServerError;
  const text = typeof message === 'string' ? message.trim() : String(error);
  if (code === TIMEOUT_EXCEEDED) return new QueryTimeoutError(timeoutMs);
  if (typeof code === 'string' && /^\d+$/.test(code) && !AUTHENTICATION_CODES.has(code)) {
    return new QueryFailedError(typeof type === 'string' ? `${text} (${type})` : text, { cause: error });
  }
  return new DatabaseUnavailableError(databaseName, connectionFailureDetail(error, target), { cause: error });
}
