// Sorts Athena's failures into datathread's error classes. A query that fails inside Athena ends
// in state FAILED with an AthenaError whose ErrorCategory says whose fault it was (1 system,
// 2 user, 3 other); API calls fail with an exception name (InvalidRequestException for a bad
// workgroup or output location, UnrecognizedClientException / InvalidSignatureException for
// credentials, an unreachable endpoint as a network error).
import { connectionFailureDetail, type ConnectionTarget } from '../connection-failure-detail.js';
import { DatabaseUnavailableError, QueryFailedError } from '../errors.js';

const CREDENTIAL_ERRORS = new Set(['UnrecognizedClientException', 'InvalidSignatureException', 'ExpiredTokenException', 'AccessDeniedException', 'CredentialsProviderError', 'MissingAuthenticationTokenException']);
const USER_ERROR_CATEGORY = 2;

export function athenaFailedQueryError(reason: string | undefined, errorCategory: number | undefined, databaseName: string): Error {
  const detail = reason ?? 'Athena reported the query as failed without a reason';
  if (errorCategory !== undefined && errorCategory !== USER_ERROR_CATEGORY) return new DatabaseUnavailableError(databaseName, `Athena failed the query on its side: ${detail}`);
  return new QueryFailedError(detail);
}

export function athenaApiError(error: unknown, databaseName: string, target: ConnectionTarget): Error {
  const name = (error as { name?: string } | undefined)?.name ?? '';
  const message = (error as { message?: string } | undefined)?.message ?? String(error);
  if (CREDENTIAL_ERRORS.has(name)) {
    return new DatabaseUnavailableError(databaseName, `AWS refused the credentials (${name}: ${connectionFailureDetail({ message }, target)}); check the AWS credentials datathread runs with`, { cause: error });
  }
  if (name === 'InvalidRequestException') {
    // A missing workgroup or output location is the configuration's fault; anything else the query's.
    if (/work ?group|output ?location/i.test(message)) return new DatabaseUnavailableError(databaseName, `Athena refused the request: ${connectionFailureDetail({ message }, target)} (check work_group and s3_staging_dir)`, { cause: error });
    return new QueryFailedError(message);
  }
  return new DatabaseUnavailableError(databaseName, connectionFailureDetail(error, target), { cause: error });
}
