// Scores a turn's SQL against the case's gold SQL: the gold result, and each of the agent's
// results, run on the database; the turn matches when one of the agent's results equals the gold.
import type { QueryRun } from '../store/turn-artifacts.js';
import type { DatabaseAdapter, QueryRows } from '../databases/types.js';
import type { ResultDiff, ResultSample } from './case-result.js';
import { agentQueriesToCompare, runForComparison, type RanQuery } from './compared-queries.js';
import { hasOuterOrderBy } from './outer-order-by.js';
import { compareResults } from './result-comparer.js';

/** Rows of each side shown in a diff. */
const DIFF_ROW_COUNT = 5;

export interface ExecutionScore {
  match: boolean;
  /** Why it did not match, in words, when it did not. */
  failure?: string;
  diff?: ResultDiff;
}

function sample(rows: QueryRows): ResultSample {
  return { columns: rows.columns.map((column) => column.name), rows: rows.rows.slice(0, DIFF_ROW_COUNT), rowCount: rows.rows.length };
}

function asCompared(rows: QueryRows) {
  return { columns: rows.columns.map((column) => column.name), rows: rows.rows };
}

/** The database the gold SQL runs on: the case's, else the one the agent used, else the first. */
export function goldDatabaseFor(databaseName: string | undefined, queries: readonly QueryRun[], databases: readonly DatabaseAdapter[]): DatabaseAdapter | undefined {
  const name = databaseName ?? queries.find((query) => !query.refused)?.databaseName;
  return name === undefined ? databases[0] : databases.find((database) => database.name === name);
}

export async function scoreExecution(
  goldSql: string,
  databaseName: string | undefined,
  queries: readonly QueryRun[],
  databases: readonly DatabaseAdapter[],
  timeoutMs: number,
): Promise<ExecutionScore> {
  const goldDatabase = goldDatabaseFor(databaseName, queries, databases);
  if (!goldDatabase) return { match: false, failure: `the gold SQL's database "${databaseName}" is not configured` };
  const gold = await runForComparison(goldDatabase, goldSql, timeoutMs);
  if (gold.refused) return { match: false, failure: `the gold SQL was not run: the statement gate refuses it on ${goldDatabase.name}: ${gold.error}` };
  if (!gold.rows) return { match: false, failure: `the gold SQL failed on ${goldDatabase.name}: ${gold.error}` };
  const ordered = hasOuterOrderBy(goldSql, goldDatabase.dialect);
  const agentRuns: RanQuery[] = [];
  for (const query of agentQueriesToCompare(queries)) {
    const database = databases.find((candidate) => candidate.name === query.databaseName);
    if (!database) continue;
    agentRuns.push(await runForComparison(database, query.sql, timeoutMs));
  }
  const results = agentRuns.filter((run): run is RanQuery & { rows: QueryRows } => run.rows !== undefined);
  if (results.length === 0) return { match: false, failure: noResultFailure(queries, agentRuns), diff: { reason: 'no agent result', gold: sample(gold.rows) } };
  const comparisons = results.map((run) => ({ run, comparison: compareResults(asCompared(gold.rows!), asCompared(run.rows), { ordered }) }));
  if (comparisons.some(({ comparison }) => comparison.equal)) return { match: true };
  // The closest result to show: one with the gold's row count, else the last one the agent ran.
  const closest = comparisons.find(({ run }) => run.rows.rows.length === gold.rows!.rows.length) ?? comparisons.at(-1)!;
  const reason = closest.comparison.equal ? '' : closest.comparison.reason;
  return {
    match: false,
    failure: `execution accuracy: no agent result equals the gold result (closest: ${reason})`,
    diff: { reason, gold: sample(gold.rows), agent: sample(closest.run.rows) },
  };
}

/**
 * Why there was nothing to compare, with the database's own words: a case author needs the error
 * of the agent's SQL (a misspelt column, a refused statement) to tell a model mistake from a
 * broken case.
 */
function noResultFailure(queries: readonly QueryRun[], reruns: readonly RanQuery[]): string {
  const base = 'execution accuracy: the agent ran no query that returned a result';
  const failed = queries.findLast((query) => query.error !== null);
  if (failed) return `${base}; its last query ${failed.refused ? 'was refused' : 'failed'} on ${failed.databaseName}: ${oneLine(failed.error ?? '')}`;
  const failedRerun = reruns.findLast((run) => run.error !== undefined);
  if (failedRerun) return `${base}; its query failed when run again for comparing: ${oneLine(failedRerun.error ?? '')}`;
  return queries.length === 0 ? `${base} (it ran no query)` : base;
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
