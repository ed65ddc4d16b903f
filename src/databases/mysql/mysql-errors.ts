// Sorts what mysql2 throws into datathread's error classes: SQL the model can repair, a timeout,
// or a server that cannot be reached.
import { connectionFailureDetail, type ConnectionTarget } from '../connection-failure-detail.js';
import { DatabaseUnavailableError, QueryFailedError, QueryTimeoutError } from '../errors.js';

interface MysqlServerError {
  errno?: unknown;
  sqlState?: unknown;
  fatal?: unknown;
  message?: unknown;
}

/** Interrupted (KILL QUERY), MariaDB max_statement_time, MySQL max_execution_time. */
const TIMEOUT_ERRNOS = new Set([1317, 1969, 3024]);
/** Access denied and too many connections: the query never reached the data. */
const UNAVAILABLE_ERRNOS = new Set([1040, 1044, 1045, 1129, 1130, 1203, 1226, 1251]);

export function mysqlQueryError(error: unknown, databaseName: string, timeoutMs: number, target: ConnectionTarget): Error {
  const { errno, sqlState, fatal, message } = (typeof error === 'object' && error !== null ? error : {}) as MysqlServerError;
  if (typeof errno === 'number' && TIMEOUT_ERRNOS.has(errno)) return new QueryTimeoutError(timeoutMs);
  if (fatal !== true && typeof sqlState === 'string' && typeof errno === 'number' && !UNAVAILABLE_ERRNOS.has(errno)) {
    return new QueryFailedError(typeof message === 'string' ? message : String(error), { cause: error });
  }
  return new DatabaseUnavailableError(databaseName, connectionFailureDetail(error, target), { cause: error });
}
