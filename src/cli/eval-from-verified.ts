// `datathread eval --from-verified`: the verified queries (context folder and chat) become cases
// whose gold SQL is the verified SQL, so a model change can be checked against what people trust.
import { verifiedQueriesAsEvalCases } from '../verified/verified-query-export.js';
import { VerifiedQueryLibrary } from '../verified/verified-query-library.js';
import type { EvalCase } from '../evaluation/eval-case.js';
import { EvalCaseError } from '../evaluation/eval-case-error.js';
import { silentLogger } from '../logging/logger.js';
import type { EvalCaseSource } from './eval-command.js';

/** Why nothing runs when there is nothing verified: an evaluation of no case is not a pass. */
export const NO_VERIFIED_QUERIES_PROBLEM =
  '--from-verified: there are no verified queries yet (no query in the context folder\'s verified/*.yaml files, none verified in chat). Verify answers in Slack or Teams, or add verified/*.yaml files, then run it again; or evaluate case files with --cases.';

export const verifiedQueriesSource: EvalCaseSource = async (application) => {
  const queries = await new VerifiedQueryLibrary({ store: application.store.verifiedQueries, contextRoot: application.config.context.path, logger: silentLogger, databases: application.databases }).all();
  if (queries.length === 0) throw new EvalCaseError([NO_VERIFIED_QUERIES_PROBLEM]);
  return verifiedQueriesAsEvalCases(queries).map(
    (verified): EvalCase => ({
      ...verified,
      expect: { toolCalls: [], answerContains: [], answerNotContains: [] },
      source: `verified query "${verified.question}"`,
    }),
  );
};
