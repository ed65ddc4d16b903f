// Runs the gold SQL and the agent's queries of a turn again, in full, for the comparer. The
// agent's queries already passed the statement gate when it ran them (refused or failed ones are
// skipped); the gold SQL is the case author's. Both run on the adapters' read-only sessions.
import type { QueryRun } from '../store/turn-artifacts.js';
import type { DatabaseAdapter, QueryRows } from '../databases/types.js';
import { errorMessage } from '../support/errors.js';

/** Rows read per result for comparing; a gold result larger than this is not a good eval case. */
export const COMPARED_ROW_CAP = 10_000;

export interface RanQuery {
  sql: string;
  rows?: QueryRows;
  error?: string;
}

export async function runForComparison(database: DatabaseAdapter, sql: string, timeoutMs: number): Promise<RanQuery> {
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
