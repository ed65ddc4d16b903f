// At start, each configured database is asked one trivial query, so a refused password or an
// unreachable host is in the log when the server starts, not when the first person asks. A
// database using the asker's own Microsoft identity cannot be checked without a person: it says so.
import type { Logger } from '../logging/logger.js';
import { errorMessage } from '../support/errors.js';
import type { DatabaseAdapter } from './types.js';

/** A start-up check waits this long per database before reporting it as not answering. */
export const CONNECTION_CHECK_TIMEOUT_MS = 10_000;

export type ConnectionCheckResult = 'ok' | 'refused' | 'per_user';

export async function checkDatabaseConnections(databases: readonly DatabaseAdapter[], logger: Pick<Logger, 'info' | 'error'>): Promise<Record<string, ConnectionCheckResult>> {
  const results = await Promise.all(databases.map(async (database) => [database.name, await checkOne(database, logger)] as const));
  return Object.fromEntries(results);
}

async function checkOne(database: DatabaseAdapter, logger: Pick<Logger, 'info' | 'error'>): Promise<ConnectionCheckResult> {
  if (database.requiresUserCredential) {
    logger.info(`Database "${database.name}" connects as each asker (auth_mode azure_entra_id): checked when someone first signs in.`, { database: database.name });
    return 'per_user';
  }
  try {
    await database.runQuery('SELECT 1', { rowCap: 1, timeoutMs: CONNECTION_CHECK_TIMEOUT_MS });
    logger.info(`Database "${database.name}" accepted its credentials and answers.`, { database: database.name, dialect: database.dialect });
    return 'ok';
  } catch (error) {
    // Adapter errors carry the driver's reason with passwords and tokens already removed.
    logger.error(`Database "${database.name}" cannot be used: ${errorMessage(error)} Check its host, port, user and password in datathread.yaml; questions about it will fail until then.`, {
      database: database.name,
      dialect: database.dialect,
    });
    return 'refused';
  }
}
