// Sorts tedious' failures into datathread's error classes. A failed login (error 18456, or a
// ConnectionError with code ELOGIN) means these credentials do not open the database; with the
// asker's own token that means their sign-in no longer works, which they fix by signing in again
// (never by falling back to the configured account). Errors inside a batch are SQL problems the
// model can repair.
import { connectionFailureDetail, type ConnectionTarget } from '../connection-failure-detail.js';
import { DatabaseUnavailableError, QueryFailedError, UserCredentialRequiredError } from '../errors.js';

interface TediousFailure {
  code?: string;
  number?: number;
  message?: string;
}

const LOGIN_FAILED = 18456;

export function mssqlConnectError(error: unknown, databaseName: string, target: ConnectionTarget, withUserToken: boolean): Error {
  const failure = error as TediousFailure | undefined;
  if (failure?.code === 'ELOGIN' || failure?.number === LOGIN_FAILED) {
    if (withUserToken) return new UserCredentialRequiredError(databaseName);
    return new DatabaseUnavailableError(databaseName, `the server refused the login (${connectionFailureDetail(error, target)}); check user and password`, { cause: error });
  }
  return new DatabaseUnavailableError(databaseName, connectionFailureDetail(error, target), { cause: error });
}

export function mssqlQueryError(error: unknown): Error {
  const failure = error as TediousFailure | undefined;
  const number = typeof failure?.number === 'number' ? ` (error ${failure.number})` : '';
  return new QueryFailedError(`${failure?.message ?? String(error)}${number}`, { cause: error });
}
