// Who may read a stored query result: whoever may query the database it came from, by the same
// access rules. A result of a sandbox program carries no record of which results it read,
// so with rules in force it is readable only by someone granted every database. A result of a
// database no longer configured is refused when rules are in force.
import type { AccessRule } from '../config/config-schema.js';
import { DatathreadError } from '../support/errors.js';
import { allowedDatabaseNamesFor, type AccessSubject } from './access-rules.js';

/** The databaseName stored for results of sandbox programs (execute_sandboxed_code). */
export const DERIVED_RESULT_DATABASE_NAMES = ['sandbox'];

export class ResultAccessDeniedError extends DatathreadError {
  override readonly name = 'ResultAccessDeniedError';
  readonly code = 'result_access_denied';
  constructor(
    readonly queryId: string,
    readonly databaseName: string,
  ) {
    super(resultAccessDeniedSentence(queryId, databaseName));
  }
}

export function resultAccessDeniedSentence(queryId: string, databaseName: string): string {
  return DERIVED_RESULT_DATABASE_NAMES.includes(databaseName)
    ? `The result ${queryId} was computed from query results you may not all read here, so it is not shown to you. Ask for the data you need and I will query a database you have access to.`
    : `The result ${queryId} comes from the database "${databaseName}", which you have no access to here. Ask someone with access to that database, or ask about a database you may use.`;
}

const QUERY_ID_PATTERN = /\bquery_[a-z0-9]+\b/g;

/** The query ids a tool output or a story document names (execute_sql ids look like query_ab12cd34). */
export function queryIdsIn(text: string): string[] {
  return [...new Set(text.match(QUERY_ID_PATTERN) ?? [])];
}

/** Returns whether `subject` may read a result that came from `databaseName`. */
export type ResultReadCheck = (subject: AccessSubject, databaseName: string) => boolean;

export function createResultReadCheck(rules: AccessRule[], databaseNames: string[]): ResultReadCheck {
  return (subject, databaseName) => {
    if (rules.length === 0) return true;
    const allowed = allowedDatabaseNamesFor(rules, subject, databaseNames);
    if (DERIVED_RESULT_DATABASE_NAMES.includes(databaseName)) return allowed.length === databaseNames.length;
    return allowed.includes(databaseName);
  };
}
