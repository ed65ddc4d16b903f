// Sorts BigQuery's failures into datathread's error classes. The REST API answers with an error
// object whose `errors[].reason` says what happened: invalidQuery / notFound are the model's to
// repair, bytesBilledLimitExceeded is a cost refusal, timeout and stopped end a query that ran
// too long, authError and a refused connection mean the database cannot be reached.
import { connectionFailureDetail, type ConnectionTarget } from '../connection-failure-detail.js';
import { DatabaseUnavailableError, QueryFailedError, QueryTimeoutError } from '../errors.js';

interface BigQueryApiFailure {
  code?: unknown;
  message?: unknown;
  errors?: { reason?: string; message?: string }[];
}

export function bigQueryReason(error: unknown): string | undefined {
  return (error as BigQueryApiFailure | undefined)?.errors?.[0]?.reason;
}

export function bigQueryError(error: unknown, databaseName: string, target: ConnectionTarget, timeoutMs: number): Error {
  const failure = (error ?? {}) as BigQueryApiFailure;
  const reason = bigQueryReason(error);
  const message = typeof failure.message === 'string' ? failure.message : String(error);
  if (reason === 'timeout') return new QueryTimeoutError(timeoutMs);
  if (failure.code === 401 || reason === 'authError') {
    return new DatabaseUnavailableError(databaseName, `BigQuery refused the credentials (${connectionFailureDetail({ message }, target)}); check credentials_path / credentials_json or the workload identity`, { cause: error });
  }
  if (reason === 'bytesBilledLimitExceeded') {
    return new QueryFailedError(`${message} (bytesBilledLimitExceeded). The query was not run: select fewer columns, filter on partition columns or aggregate so it scans less.`);
  }
  // A 4xx answer, or a job that ended with an error result, is about the query: the model's to repair.
  if ((typeof failure.code === 'number' && failure.code >= 400 && failure.code < 500) || reason) return new QueryFailedError(`${message}${reason ? ` (${reason})` : ''}`);
  return new DatabaseUnavailableError(databaseName, connectionFailureDetail(error, target), { cause: error });
}
