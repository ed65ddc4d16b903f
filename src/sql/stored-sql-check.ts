// The check for SQL that no model wrote in this turn but that datathread runs or vouches for: a
// verified query (a `verified/*.yaml` file or a Verify click in chat), an eval case's gold SQL, an
// agent's query run again to score it. It is execute_sql's own check (checkStatement), never a
// copy, and it applies even on a database that allows writes: none of these paths is meant to
// change anything, and a superuser's read-only session still writes files (`COPY … TO`).
import type { DatabaseAdapter } from '../databases/types.js';
import { checkStatement } from './read-only-check.js';

export type StoredSqlDatabase = Pick<DatabaseAdapter, 'name' | 'dialect' | 'allowsFileAccess' | 'provesPlainRead'>;

/** Why the statement gate refuses `sql` on `database`, or undefined when it may run there. */
export async function refusalOfStoredSql(sql: string, database: StoredSqlDatabase): Promise<string | undefined> {
  const verdict = await checkStatement(sql.trim(), database, database.allowsFileAccess);
  if (!verdict.allowed) return verdict.reason;
  // Every database call runs one statement (execute_sql says the same to the model).
  if (verdict.statementCount > 1) return `it holds ${verdict.statementCount} statements; one query runs per call`;
  return undefined;
}
