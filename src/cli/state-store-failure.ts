// A state store the CLI cannot open — a mistyped DATATHREAD_STATE, a PostgreSQL that does not answer
// or refuses the login, a SQLite file in a folder that does not exist — is said in one line, as
// `datathread check` says it, instead of a stack trace. The drivers' messages carry no password;
// a URL in one is masked all the same.
import { UnsupportedStoreUrlError } from '../store/open-store.js';
import { findStoreUnavailable } from '../store/store-unavailable.js';

const MAX_CAUSE_DEPTH = 5;

function isSqliteOpenFailure(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'SQLITE_CANTOPEN' || code === 'SQLITE_NOTADB';
}

/** The line to print when `error` (or what it wraps) means the state store could not be opened. */
export function stateStoreFailureLine(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < MAX_CAUSE_DEPTH && current; depth += 1) {
    if (current instanceof UnsupportedStoreUrlError) return `State store: cannot be opened (DATATHREAD_STATE): ${current.message}`;
    if (findStoreUnavailable(current) === current || isSqliteOpenFailure(current)) {
      const detail = (current as Error).message.replace(/\/\/[^/@\s]+@/g, '//***@').replace(/\s+/g, ' ').trim();
      return `State store: cannot be opened (DATATHREAD_STATE): ${detail}`;
    }
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}
