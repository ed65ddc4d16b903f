// Sorts snowflake-sdk's failures into datathread's error classes. A refused login (HTTP 401/403
// or Snowflake's authentication error codes) with the asker's own token means their sign-in no
// longer works: they sign in again, the configured account is never used instead. Snowflake ends
// a statement over STATEMENT_TIMEOUT_IN_SECONDS with code 000630.
import { connectionFailureDetail, type ConnectionTarget } from '../connection-failure-detail.js';
import { DatabaseUnavailableError, QueryFailedError, QueryTimeoutError, UserCredentialRequiredError } from '../errors.js';

interface SnowflakeFailure {
  code?: string | number;
  sqlState?: string;
  message?: string;
  response?: { status?: number };
}

const STATEMENT_TIMED_OUT = '000630';
/** Login errors: 390100 incorrect credentials, 390303 invalid OAuth token, 390318 expired OAuth token, 390144 JWT invalid. */
const AUTHENTICATION_CODES = new Set(['390100', '390303', '390318', '390144', '390102']);

export function snowflakeConnectError(error: unknown, databaseName: string, target: ConnectionTarget, withUserToken: boolean): Error {
  const failure = error as SnowflakeFailure | undefined;
  const status = failure?.response?.status;
  const refused = AUTHENTICATION_CODES.has(String(failure?.code ?? '')) || status === 401 || status === 403;
  if (refused && withUserToken) return new UserCredentialRequiredError(databaseName);
  if (refused) return new DatabaseUnavailableError(databaseName, `the server refused the credentials (${connectionFailureDetail(error, target)})`, { cause: error });
  return new DatabaseUnavailableError(databaseName, connectionFailureDetail(error, target), { cause: error });
}

export function snowflakeQueryError(error: unknown, timeoutMs: number): Error {
  const failure = error as SnowflakeFailure | undefined;
  if (String(failure?.code ?? '') === STATEMENT_TIMED_OUT) return new QueryTimeoutError(timeoutMs);
  const code = failure?.code ? ` (${failure.code})` : '';
  return new QueryFailedError(`${failure?.message ?? String(error)}${code}`, { cause: error });
}
