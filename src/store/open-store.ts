// Picks the store from DATATHREAD_STATE's URL and brings its schema up to date.
import { resolve } from 'node:path';
import { openPostgresStore } from './postgres-store.js';
import { openSqliteStore, SQLITE_MEMORY_FILENAME } from './sqlite-store.js';
import type { Store } from './types.js';
import { DatathreadError } from '../support/errors.js';
import { StoreUnavailableError } from './store-unavailable.js';

const SQLITE_PREFIX = 'sqlite:';
const ACCEPTED_FORMS =
  'sqlite:./path/state.db (a file, relative to the working directory), sqlite::memory: (in memory, lost on exit), ' +
  'or postgres://user:password@host:5432/database (postgresql:// also works)';

export class UnsupportedStoreUrlError extends DatathreadError {
  override readonly name = 'UnsupportedStoreUrlError';
  readonly code = 'store_url_unsupported';
  constructor(description: string) {
    super(`Unsupported state store URL ${description}. Use ${ACCEPTED_FORMS}.`);
  }
}

/** Only the scheme is echoed back: the rest of a URL can hold a password. */
function describeScheme(url: string): string {
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(url)?.[1];
  return scheme ? `with scheme "${scheme}:"` : '(no scheme)';
}

async function openUnmigratedStore(url: string): Promise<Store> {
  if (url.startsWith(SQLITE_PREFIX)) {
    const location = url.slice(SQLITE_PREFIX.length);
    if (location === '') {
      throw new UnsupportedStoreUrlError('"sqlite:" without a path');
    }
    const path = location === SQLITE_MEMORY_FILENAME ? location : resolve(process.cwd(), location);
    // A path that cannot hold a database (under a file, in a folder without write permission) is
    // the store being unavailable, said with the path, not a file-system error from deep inside.
    return openSqliteStore(path).catch((error: unknown) => {
      throw new StoreUnavailableError(`The SQLite state store ${path} cannot be opened: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
    });
  }
  if (url.startsWith('postgres://') || url.startsWith('postgresql://')) {
    return openPostgresStore(url);
  }
  throw new UnsupportedStoreUrlError(describeScheme(url));
}

/** Opens `sqlite:./path/state.db`, `sqlite::memory:` or `postgres://…` and runs migrate(). */
export async function openStore(url: string): Promise<Store> {
  const store = await openUnmigratedStore(url);
  try {
    await store.migrate();
  } catch (error) {
    await store.close().catch(() => undefined);
    throw error;
  }
  return store;
}
