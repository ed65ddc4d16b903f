// The Verify action on an answer: a person listed in `verification.verifiers` confirms that the
// answer's query answers its question. The question and the query the answer rests on
// (verifiable-answer.ts) are stored as a verified query with who and when; from then on a close
// question gets it as a trusted example, and an answer that runs it shows the verified badge.
// Anyone else is told, privately, why their click changed nothing.
import type { Store } from '../store/types.js';
import type { StoredVerifiedQuery } from '../store/verified-query-store.js';
import type { Clock, IdFactory } from '../support/clock-and-ids.js';
import type { AccessSubject } from '../access/access-rules.js';
import { personListMatches } from '../access/person-lists.js';
import { readVerifiableAnswer } from './verifiable-answer.js';
import { normalizeSql, verifiedBadgeText, verifiedQueryFromStore } from './verified-query.js';

export interface VerifyRequest {
  threadId: string;
  /** The answer id the turn's outcome carried (`TurnOutcome.answerId`). */
  answerId: string;
  /** The clicker, with the groups they belong to (group-membership.ts): a verifier may be listed by a group. */
  verifier: Pick<AccessSubject, 'platform' | 'userId' | 'email' | 'groups'> & { displayName?: string | undefined };
}

export type VerifyResult =
  | { kind: 'verified'; query: StoredVerifiedQuery }
  | { kind: 'not_a_verifier' }
  /** The answer is not remembered (older than this feature, or it ran no query that succeeded). */
  | { kind: 'nothing_to_verify' }
  /** This answer's query was verified already (a second click, from a client still showing the button). */
  | { kind: 'already_verified'; query: StoredVerifiedQuery };

export const NOT_A_VERIFIER_SENTENCE =
  'Only the people listed as verifiers (verification.verifiers in datathread.yaml) can verify answers. Ask one of them to check this answer, or ask an admin to add you.';
export const NOTHING_TO_VERIFY_SENTENCE = 'There is nothing to verify on this answer: it ran no query that succeeded (or it is too old to be verified).';
/** Told privately to a second click: the thread heard the first one already. */
export function alreadyVerifiedSentence(query: StoredVerifiedQuery): string {
  return `${verifiedBadgeText(verifiedQueryFromStore(query))}: this answer's query is verified already.`;
}
export const VERIFY_NOT_KEPT_SENTENCE = 'Sorry, the verification could not be saved. Please try again in a minute.';

/** The confirmation posted in the thread: who verified which question, and the badge later answers show. */
export function verifiedSentence(query: StoredVerifiedQuery): string {
  const badge = verifiedBadgeText(verifiedQueryFromStore(query));
  return `${badge}: this answer's query is now verified for “${query.question}” on ${query.databaseName ?? 'its database'}. Similar questions get it as a trusted example, and answers that run it say so.`;
}

export class AnswerVerifier {
  constructor(
    private readonly store: Pick<Store, 'getThreadValue'> & { verifiedQueries: Pick<Store['verifiedQueries'], 'saveVerifiedQuery' | 'listVerifiedQueries'> },
    private readonly verifiers: readonly string[],
    private readonly clock: Clock,
    private readonly createId: IdFactory,
  ) {}

  /** Whether answers offer Verify at all: only when someone may use it. */
  get offered(): boolean {
    return this.verifiers.length > 0;
  }

  mayVerify(subject: Pick<AccessSubject, 'userId' | 'email' | 'groups'>): boolean {
    return personListMatches(this.verifiers, subject);
  }

  async verify(request: VerifyRequest): Promise<VerifyResult> {
    if (!this.mayVerify(request.verifier)) return { kind: 'not_a_verifier' };
    const answer = await readVerifiableAnswer(this.store, request.threadId, request.answerId);
    if (!answer) return { kind: 'nothing_to_verify' };
    const normalizedSql = normalizeSql(answer.sql);
    const earlier = (await this.store.verifiedQueries.listVerifiedQueries()).find(
      (stored) => stored.threadId === request.threadId && stored.databaseName === answer.database && normalizeSql(stored.sql) === normalizedSql,
    );
    if (earlier) return { kind: 'already_verified', query: earlier };
    const { verifier } = request;
    const query: StoredVerifiedQuery = {
      id: this.createId('verified_'),
      question: answer.question,
      paraphrases: [],
      sql: answer.sql,
      databaseName: answer.database,
      verifiedBy: { platform: verifier.platform, userId: verifier.userId, ...(verifier.displayName ? { displayName: verifier.displayName } : {}) },
      verifiedAt: this.clock(),
      threadId: request.threadId,
    };
    await this.store.verifiedQueries.saveVerifiedQuery(query, normalizedSql);
    return { kind: 'verified', query };
  }
}
