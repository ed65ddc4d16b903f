// Runs the gold SQL and the agent's queries of a turn again, in full, for the comparer. Both pass
// the statement gate first, the one execute_sql uses: the gold SQL is a case author's or a verified
// query's, never vetted by anyone else, and a read-only session alone does not stop a PostgreSQL
// superuser's `COPY … TO '<file>'`; the agent's queries are gated again because a database that
// allows writes let them through unchecked the first time.
import type { QueryRun } from '../store/turn-artifacts.js';
import type { DatabaseAdapter, QueryRows } from '../databases/types.js';
import { refusalOfStoredSql } from '../sql/stored-sql-check.js';
import { errorMessage } from '../support/errors.js';

/** Rows read per result for comparing; a gold result larger than this is not a good eval case. */
export const COMPARED_ROW_CAP = 10_000;

export interface RanQuery {
  sql: string;
  rows?: QueryRows;
  error?: string;
  /** The statement gate refused it; `error` says why. It did not run. */
  refused?: true;
}

export async function runForComparison(database: DatabaseAdapter, sql: string, timeoutMs: number): Promise<RanQuery> {
  const refusal = await refusalOfStoredSql(sql, database);
  if (refusal !== undefined) return { sql, error: refusal, refused: true };
  try {
    return { sql, rows: await database.runQuery(sql, { rowCap: COMPARED_ROW_CAP, timeoutMs }) };
  } catch (error) {
    return { sql, error: errorMessage(error) };
  }
}

/** The agent's queries that ran without refusal or error, on the database each ran on. */
export function agentQueriesToCompare(queries: readonly QueryRun[]): QueryRun[] {
  return queries.filter((query) => !query.refused && query.error === null && query.sql.trim() !== '');
}
