// 👍/👎 on an answer, kept with what it rates. When a turn ends with an answer, the engine remembers
// its question and the SQL it ran under a short answer id (a thread value, so every replica and a
// restarted process find it); a channel puts that id on the answer's feedback control, and a click
// names it back. The rating is then stored with the question and SQL, without either travelling
// through the platform (Slack button values are small; Teams sends only the message id).
import type { Actor, FeedbackRating, Store } from '../store/types.js';
import type { Clock } from '../support/clock-and-ids.js';

export interface RememberedAnswer {
  question: string;
  sql: string[];
}

export interface AnswerFeedback {
  threadId: string;
  /** The answer id the turn's outcome carried (`TurnOutcome.answerId`). */
  answerId: string;
  /** The platform's id of the rated message (Slack message ts, Teams activity id). */
  messageId: string;
  actor: Pick<Actor, 'platform' | 'userId' | 'displayName'>;
  rating: FeedbackRating;
  /** What the person wrote; empty or absent when nothing. */
  comment?: string | undefined;
}

export type FeedbackResult =
  | { kind: 'recorded' }
  /** The answer id names nothing remembered (a message from before feedback existed): stored without question and SQL. */
  | { kind: 'recorded_without_answer' };

/** Longer comments are cut: the modal limits input to this many characters, Teams does not. */
export const MAX_FEEDBACK_COMMENT_CHARACTERS = 3_000;

function answerKey(answerId: string): string {
  return `answer:${answerId}`;
}

export async function rememberAnswer(store: Pick<Store, 'setThreadValue'>, threadId: string, answerId: string, answer: RememberedAnswer, now: Date): Promise<void> {
  await store.setThreadValue(threadId, answerKey(answerId), JSON.stringify(answer), now);
}

async function rememberedAnswer(store: Pick<Store, 'getThreadValue'>, threadId: string, answerId: string): Promise<RememberedAnswer | undefined> {
  const value = await store.getThreadValue(threadId, answerKey(answerId));
  if (!value) return undefined;
  try {
    const parsed = JSON.parse(value) as Partial<RememberedAnswer>;
    return { question: String(parsed.question ?? ''), sql: Array.isArray(parsed.sql) ? parsed.sql.map(String) : [] };
  } catch {
    return undefined;
  }
}

/** What a channel needs to store feedback; the application builds one on its store. */
export class AnswerFeedbackRecorder {
  constructor(
    private readonly store: Pick<Store, 'getThreadValue' | 'recordFeedback'>,
    private readonly clock: Clock,
  ) {}

  async record(feedback: AnswerFeedback): Promise<FeedbackResult> {
    const answer = await rememberedAnswer(this.store, feedback.threadId, feedback.answerId);
    const now = this.clock();
    const comment = feedback.comment?.trim().slice(0, MAX_FEEDBACK_COMMENT_CHARACTERS) ?? '';
    await this.store.recordFeedback({
      threadId: feedback.threadId,
      messageId: feedback.messageId,
      actor: feedback.actor,
      rating: feedback.rating,
      comment: comment === '' ? null : comment,
      question: answer?.question ?? '',
      sql: answer?.sql ?? [],
      createdAt: now,
      updatedAt: now,
    });
    return answer ? { kind: 'recorded' } : { kind: 'recorded_without_answer' };
  }
}
