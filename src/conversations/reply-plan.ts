// The reply to a turn, decided once in neutral terms: Slack, Teams and the terminal only draw it.
// The model's answer and the bot's own notes stay apart; results a story shows are not repeated as
// tables; each story appears in its latest version; a turn without an answer gets its one standard
// sentence; the controls say which buttons make sense.
import type { ChartArtifact, QueryResult, QueryRun, StoryArtifact } from './outcome-contract.js';
import { TURN_SENTENCES, type TurnSentenceKind } from './standard-sentences.js';
import { latestStoryVersions, queryIdsShownByStories } from './story-selection.js';
import type { ClarificationRequest, TurnOutcome, TurnStatus } from './types.js';
import { queryAnswerRestsOn } from './verifiable-answer.js';
import type { VerifiedBadge } from './verified-query.js';

/** Results worth showing as a table under one answer: the last ones the turn ran. */
export const MAX_TABLES_PER_REPLY = 3;

export interface ReplyControls {
  /** The question to ask, with one button per option (status `clarification`). */
  clarification?: ClarificationRequest;
  /** Follow-up suggestions (only under an answer). */
  followUps: string[];
  /** Every query the turn ran or tried: a Show SQL button each, a CSV button for each stored result. */
  queries: QueryRun[];
  /** Whether a Retry button makes sense (a failure that trying again can help). */
  retry: boolean;
}

export interface TurnSentence {
  kind: TurnSentenceKind;
  text: string;
}

export interface ReplyPlan {
  threadId: string;
  status: TurnStatus;
  /** The model's answer as Markdown, trimmed; empty when it wrote none. */
  answer: string;
  /** The bot's own notes (step limit reached, sign-in needed), never mixed into the answer. */
  notes: string[];
  /** The sentence of a failed, stopped or empty turn; undefined when there is something to show. */
  sentence?: TurnSentence;
  charts: ChartArtifact[];
  /** The latest version of each story the turn saved. */
  stories: StoryArtifact[];
  /** Results to show as tables: ran this turn, not charted, not shown by one of the stories. */
  tables: QueryResult[];
  controls: ReplyControls;
  /** Federated databases the asker must sign in to before they can be queried. */
  signInRequired: string[];
  /** Set when the answer can take 👍/👎: the id feedback names (conversations/answer-feedback.ts). */
  feedbackAnswerId?: string;
  /** Set when the answer ran a query that can be verified: the id a Verify click names (answer-verification.ts). */
  verifyAnswerId?: string;
  /** Set when the answer ran a verified query: "✓ Verified query, by Ana, 2026-11-02", its SQL behind Show SQL. */
  verifiedQuery?: VerifiedBadge;
}

export function planReply(outcome: TurnOutcome): ReplyPlan {
  const stories = latestStoryVersions(outcome.stories);
  const shownByStories = queryIdsShownByStories(stories);
  const plan: ReplyPlan = {
    threadId: outcome.threadId,
    status: outcome.status,
    answer: outcome.text.trim(),
    notes: [...(outcome.notes ?? [])],
    charts: outcome.charts,
    stories,
    tables: outcome.tables.filter((table) => !shownByStories.has(table.queryId)).slice(-MAX_TABLES_PER_REPLY),
    controls: {
      ...(outcome.status === 'clarification' && outcome.clarification ? { clarification: outcome.clarification } : {}),
      followUps: outcome.status === 'answered' ? outcome.followUps.filter((suggestion) => suggestion.trim() !== '') : [],
      queries: outcome.queries,
      retry: outcome.status === 'failed' && (outcome.failure?.retryable ?? true),
    },
    signInRequired: [...(outcome.signInRequired ?? [])],
  };
  const sentence = sentenceFor(outcome, plan);
  if (sentence) plan.sentence = sentence;
  // Only something shown can be rated: not the empty-turn sentence.
  if (outcome.answerId !== undefined && outcome.status === 'answered' && !sentence) {
    plan.feedbackAnswerId = outcome.answerId;
    if (queryAnswerRestsOn(outcome.queries)) plan.verifyAnswerId = outcome.answerId;
  }
  if (outcome.verifiedQuery && outcome.status === 'answered') plan.verifiedQuery = outcome.verifiedQuery;
  return plan;
}

function sentenceFor(outcome: TurnOutcome, plan: ReplyPlan): TurnSentence | undefined {
  if (outcome.status === 'failed') return { kind: 'failed', text: outcome.failure?.message ?? TURN_SENTENCES.failed };
  if (outcome.status === 'cancelled') return { kind: 'stopped', text: TURN_SENTENCES.stopped };
  if (outcome.status === 'answered' && showsNothing(plan)) return { kind: 'empty', text: TURN_SENTENCES.empty };
  return undefined;
}

function showsNothing(plan: ReplyPlan): boolean {
  return plan.answer === '' && plan.notes.length === 0 && plan.charts.length === 0 && plan.stories.length === 0 && plan.tables.length === 0;
}

