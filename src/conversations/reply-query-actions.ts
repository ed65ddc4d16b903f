// Which queries of a turn get a Show SQL action and which get a CSV action, and how each is
// labelled: one rule for every channel. Slack draws them as a row of buttons, Teams as one Show SQL
// card and CSV buttons in the overflow menu; both number them by the query's place in the list.
import type { QueryRun } from '../store/turn-artifacts.js';

/** Show SQL lists at most five queries: a row of five button pairs, or a card of five, stays readable. */
export const MAX_SHOWN_QUERIES = 5;

/**
 * At most two CSV actions: a Teams card shows six actions (three follow-ups, Show SQL, two CSV),
 * and both channels offer the same ones. The last two stored results are the ones the answer rests on.
 */
export const MAX_CSV_ACTIONS = 2;

export interface QueryAction {
  /** The query's place among the shown ones, from 1. */
  number: number;
  query: QueryRun;
  /** "Show SQL 2" / "CSV 2", or without the number when only one query is shown. */
  label: string;
}

export interface QueryActions {
  /** The queries Show SQL lists: every one with SQL, the first MAX_SHOWN_QUERIES. */
  showSql: QueryAction[];
  /** Queries with SQL that Show SQL leaves out. */
  hiddenQueryCount: number;
  /** CSV for stored results among the shown queries (refused and failed ones stored none), the last MAX_CSV_ACTIONS. */
  csv: QueryAction[];
}

export function planQueryActions(queries: readonly QueryRun[]): QueryActions {
  const withSql = queries.filter((query) => query.sql.trim() !== '');
  const shown = withSql.slice(0, MAX_SHOWN_QUERIES);
  const suffix = (number: number) => (shown.length > 1 ? ` ${number}` : '');
  const numbered = shown.map((query, index) => ({ number: index + 1, query }));
  return {
    showSql: numbered.map(({ number, query }) => ({ number, query, label: `Show SQL${suffix(number)}` })),
    hiddenQueryCount: withSql.length - shown.length,
    csv: numbered
      .filter(({ query }) => query.queryId !== null && query.queryId !== '' && !query.refused && query.error === null)
      .slice(-MAX_CSV_ACTIONS)
      .map(({ number, query }) => ({ number, query, label: `CSV${suffix(number)}` })),
  };
}
