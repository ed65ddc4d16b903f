// Sorts the Databricks driver's failures into datathread's error classes. A statement that fails
// on the warehouse ends in ERROR_STATE with Databricks' message ([TABLE_OR_VIEW_NOT_FOUND] …),
// the model's to repair; TIMEDOUT_STATE is the warehouse's own statement timeout; HTTP 401/403
// means the token was refused (for a federated database: the asker's token, which must be
// refreshed or signed in again, never replaced); anything else means the warehouse is unreachable.
import { connectionFailureDetail, type ConnectionTarget } from '../connection-failure-detail.js';
import { DatabaseUnavailableError, QueryFailedError, QueryTimeoutError } from '../errors.js';

interface DriverFailure {
  name?: string;
  message?: string;
  errorCode?: string;
  statusCode?: number;
  response?: { errorMessage?: string; displayMessage?: string; status?: { errorMessage?: string } };
}

export function isRefusedCredential(error: unknown): boolean {
  const failure = (error ?? {}) as DriverFailure;
  return failure.name === 'AuthenticationError' || failure.statusCode === 401 || failure.statusCode === 403 || /\b(401|403)\b/.test(failure.message ?? '');
}

export function databricksError(error: unknown, databaseName: string, target: ConnectionTarget, timeoutMs: number): Error {
  const failure = (error ?? {}) as DriverFailure;
  if (failure.errorCode === 'TIMEOUT') return new QueryTimeoutError(timeoutMs);
  if (isRefusedCredential(error)) {
    return new DatabaseUnavailableError(databaseName, `the warehouse refused the token (${connectionFailureDetail({ message: failure.message ?? 'HTTP 401' }, target)})`, { cause: error });
  }
  const detail = failure.response?.displayMessage ?? failure.response?.errorMessage ?? failure.response?.status?.errorMessage;
  if (failure.name === 'OperationStateError' || failure.name === 'StatusError' || detail) return new QueryFailedError(detail ?? failure.message ?? String(error));
  return new DatabaseUnavailableError(databaseName, connectionFailureDetail(error, target), { cause: error });
}
