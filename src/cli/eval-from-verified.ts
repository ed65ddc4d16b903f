// `datathread eval --from-verified`: the verified queries (context folder and chat) become cases
// whose gold SQL is the verified SQL, so a model change can be checked against what people trust.
import { verifiedQueriesAsEvalCases } from '../conversations/verified-query-export.js';
import { VerifiedQueryLibrary } from '../conversations/verified-query-library.js';
import type { EvalCase } from '../evaluation/eval-case.js';
import { silentLogger } from '../logging/logger.js';
import type { EvalCaseSource } from './eval-command.js';

export const verifiedQueriesSource: EvalCaseSource = async (application) => {
  const queries = await new VerifiedQueryLibrary({ store: application.store, contextRoot: application.config.context.path, logger: silentLogger }).all();
  return verifiedQueriesAsEvalCases(queries).map(
    (verified): EvalCase => ({
      ...verified,
      expect: { toolCalls: [], answerContains: [], answerNotContains: [] },
      source: `verified query "${verified.question}"`,
    }),
  );
};
