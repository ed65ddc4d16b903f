// What a Verify click on an answer would store, kept when the answer is given (a thread value under
// its answer id, like answer-feedback.ts, so any replica and a restarted process find it): the
// question and the one query the answer rests on. That is the turn's last query that ran without
// error: earlier ones are usually the agent finding its way (listing columns, trying a join), and
// the last successful one is what the answer reports. A turn with no such query has nothing to verify.
import type { Store } from '../store/types.js';
import type { QueryRun } from '../store/turn-artifacts.js';

export interface VerifiableAnswer {
  question: string;
  sql: string;
  database: string;
}

function verifiableKey(answerId: string): string {
  return `verifiable:${answerId}`;
}

export function queryAnswerRestsOn(queries: QueryRun[]): QueryRun | undefined {
  return [...queries].reverse().find((query) => !query.refused && query.error === null && query.sql.trim() !== '');
}

export async function rememberVerifiableAnswer(store: Pick<Store, 'setThreadValue'>, threadId: string, answerId: string, answer: VerifiableAnswer, now: Date): Promise<void> {
  await store.setThreadValue(threadId, verifiableKey(answerId), JSON.stringify(answer), now);
}

export async function readVerifiableAnswer(store: Pick<Store, 'getThreadValue'>, threadId: string, answerId: string): Promise<VerifiableAnswer | undefined> {
  const value = await store.getThreadValue(threadId, verifiableKey(answerId));
  if (!value) return undefined;
  try {
    const parsed = JSON.parse(value) as Partial<VerifiableAnswer>;
    if (typeof parsed.question !== 'string' || typeof parsed.sql !== 'string' || typeof parsed.database !== 'string') return undefined;
    return { question: parsed.question, sql: parsed.sql, database: parsed.database };
  } catch {
    return undefined;
  }
}
