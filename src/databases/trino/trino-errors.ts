// Sorts Trino's failures into datathread's error classes. Trino reports SQL problems inside the
// result page as an error object (errorName, errorType); HTTP failures (refused connection, 401)
// mean the database cannot be reached with these credentials.
import { connectionFailureDetail, type ConnectionTarget } from '../connection-failure-detail.js';
import { DatabaseUnavailableError, QueryFailedError, QueryTimeoutError } from '../errors.js';
import { formatByteCount } from '../format-byte-count.js';

export interface TrinoErrorObject {
  message: string;
  errorName: string;
  errorType: string;
}

/** Trino's own limits on time (query_max_execution_time, query_max_run_time). */
const TIME_LIMIT_ERRORS = new Set(['EXCEEDED_TIME_LIMIT']);

/** query_max_scan_physical_bytes (max_scan_bytes) stopped the query. */
const SCAN_LIMIT_ERROR = 'EXCEEDED_SCAN_LIMIT';

export function trinoPageError(error: TrinoErrorObject, timeoutMs: number, maxScanBytes?: number): Error {
  if (TIME_LIMIT_ERRORS.has(error.errorName)) return new QueryTimeoutError(timeoutMs);
  const detail = `${error.message} (${error.errorName})`;
  if (error.errorName === SCAN_LIMIT_ERROR && maxScanBytes !== undefined) {
    // Said so the model can repair the query rather than retry it as it was.
    return new QueryFailedError(
      `Trino stopped this query: it would read more than this database's max_scan_bytes of ${formatByteCount(maxScanBytes)}. Read less: filter by the table's partition columns (a date range, a region), select only the columns needed, or aggregate over a narrower range. (${detail})`,
    );
  }
  return new QueryFailedError(detail);
}

interface HttpFailure {
  response?: { status?: number; data?: unknown };
}

export function trinoTransportError(error: unknown, databaseName: string, target: ConnectionTarget): Error {
  const status = (error as HttpFailure | undefined)?.response?.status;
  if (status === 401 || status === 403) {
    const body = (error as HttpFailure).response?.data;
    const detail = typeof body === 'string' && body ? body.split('\n')[0]! : `HTTP ${status}`;
    return new DatabaseUnavailableError(databaseName, `the server refused the credentials (${connectionFailureDetail({ message: detail }, target)})`, { cause: error });
  }
  return new DatabaseUnavailableError(databaseName, connectionFailureDetail(error, target), { cause: error });
}
