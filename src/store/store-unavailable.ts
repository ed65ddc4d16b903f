// A state store that cannot be reached (PostgreSQL down, restarting, its database dropped, the
// password refused) is a different failure from a model or warehouse outage: the user is told the
// bot cannot reach its own memory, and the operator where to look. Drivers' connection failures
// are turned into this one error where the store runs a statement.
import { DatathreadError } from '../support/errors.js';

export class StoreUnavailableError extends DatathreadError {
  override readonly name = 'StoreUnavailableError';
  readonly code = 'store_unavailable';
}

/** Network failures, and PostgreSQL SQLSTATEs that mean "this server cannot serve you now". */
const CONNECTION_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ENOTFOUND', 'ETIMEDOUT', 'EPIPE', 'EAI_AGAIN']);
// 08xxx connection exceptions, 57P01-57P03 shutdown / crash / cannot connect now, 3D000 database
// does not exist, 28000/28P01 authentication refused.
const UNAVAILABLE_SQLSTATES = /^(08...|57P0[123]|3D000|28000|28P01)$/;

export function isStoreConnectionFailure(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && (CONNECTION_CODES.has(code) || UNAVAILABLE_SQLSTATES.test(code))) return true;
  const message = error instanceof Error ? error.message : '';
  return /Connection terminated|connection timeout|Client has encountered a connection error/i.test(message);
}

export function storeUnavailable(error: unknown): unknown {
  if (!isStoreConnectionFailure(error)) return error;
  const detail = error instanceof Error ? error.message : String(error);
  return new StoreUnavailableError(`The state store cannot be reached: ${detail.replace(/\/\/[^/@\s]+@/g, '//')}`, { cause: error });
}

/** Whether `error`, or an error it wraps, is a store outage. */
export function findStoreUnavailable(error: unknown): StoreUnavailableError | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current; depth += 1) {
    if (current instanceof StoreUnavailableError) return current;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}
