// Sorts what @clickhouse/client throws into datathread's error classes. ClickHouse answers every
// SQL problem with a numbered exception (code and name); network faults and refused logins mean
// the database cannot be reached, which is not the model's to repair.
import { connectionFailureDetail, type ConnectionTarget } from '../connection-failure-detail.js';
import { formatByteCount } from '../format-byte-count.js';
import { DatabaseUnavailableError, QueryFailedError, QueryTimeoutError } from '../errors.js';

const TIMEOUT_EXCEEDED = '159';
/** max_bytes_to_read (or max_rows_to_read) exceeded: the query read more than the database allows. */
const TOO_MANY_BYTES = '307';
/** Codes that say "who you are" rather than "what you asked": wrong password, unknown user, bad token. */
const AUTHENTICATION_CODES = new Set(['192', '193', '516']);

interface ClickHouseServerError {
  code?: unknown;
  type?: unknown;
  message?: unknown;
}

export function clickhouseQueryError(error: unknown, databaseName: string, timeoutMs: number, target: ConnectionTarget, maxScanBytes?: number): Error {
  const { code, type, message } = (typeof error === 'object' && error !== null ? error : {}) as ClickHouseServerError;
  const text = typeof message === 'string' ? message.trim() : String(error);
  if (code === TIMEOUT_EXCEEDED) return new QueryTimeoutError(timeoutMs);
  if (code === TOO_MANY_BYTES && maxScanBytes !== undefined) {
    return new QueryFailedError(
      `ClickHouse stopped this query: it would read more than this database's max_scan_bytes of ${formatByteCount(maxScanBytes)}. Read less: select only the columns needed, filter on the table's primary key or partition columns, or aggregate over a narrower range. (${text})`,
      { cause: error },
    );
  }
  if (typeof code === 'string' && /^\d+$/.test(code) && !AUTHENTICATION_CODES.has(code)) {
    return new QueryFailedError(typeof type === 'string' ? `${text} (${type})` : text, { cause: error });
  }
  return new DatabaseUnavailableError(databaseName, connectionFailureDetail(error, target), { cause: error });
}
