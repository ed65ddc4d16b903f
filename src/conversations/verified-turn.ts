// The verified-query steps of one turn, kept out of the engine: load the verified queries the asker
// may see, hand the closest to the prompt, badge an answer that ran one, and keep what a Verify
// click would store. None of them may fail a turn: a store or file problem is logged and the turn
// goes on without examples or badge.
import type { PromptVerifiedExample } from '../verified/verified-examples-prompt.js';
import type { Logger } from '../logging/logger.js';
import type { Store } from '../store/types.js';
import type { TurnOutcome } from './types.js';
import { queryAnswerRestsOn, rememberVerifiableAnswer } from '../verified/verifiable-answer.js';
import type { VerifiedQueriesForTurn, VerifiedQueryLibrary } from '../verified/verified-query-library.js';

export async function loadVerifiedForTurn(library: VerifiedQueryLibrary | undefined, allowedDatabases: string[], logger: Pick<Logger, 'error'>, threadId: string): Promise<VerifiedQueriesForTurn | undefined> {
  if (!library) return undefined;
  try {
    return await library.forTurn(allowedDatabases);
  } catch (error) {
    logger.error('verified queries not loaded; the turn runs without them', { threadId, error });
    return undefined;
  }
}

export function promptExamples(verified: VerifiedQueriesForTurn | undefined, question: string): PromptVerifiedExample[] {
  return (verified?.examplesFor(question) ?? []).map((query) => ({ question: query.question, sql: query.sql, ...(query.database ? { database: query.database } : {}) }));
}

export function withVerifiedBadge(outcome: TurnOutcome, verified: VerifiedQueriesForTurn | undefined): TurnOutcome {
  if (outcome.status !== 'answered' || !verified) return outcome;
  const badge = verified.badgeFor(outcome.queries);
  return badge ? { ...outcome, verifiedQuery: badge } : outcome;
}

/** Keeps the question and the query the answer rests on under its answer id, for a later Verify click. */
export async function rememberForVerify(store: Pick<Store, 'setThreadValue'>, outcome: TurnOutcome, question: string, now: Date): Promise<void> {
  const query = outcome.answerId ? queryAnswerRestsOn(outcome.queries) : undefined;
  if (!outcome.answerId || !query) return;
  await rememberVerifiableAnswer(store, outcome.threadId, outcome.answerId, { question, sql: query.sql, database: query.databaseName }, now);
}
