// The reply to a turn, decided once in neutral terms: Slack, Teams and the terminal only draw it.
// The model's answer and the bot's own notes stay apart; results a story shows are not repeated as
// tables; each story appears in its latest version; a turn without an answer gets its one standard
// sentence; the controls say which buttons make sense.
import type { ChartArtifact, QueryResult, QueryRun, StoryArtifact } from '../store/turn-artifacts.js';
import { planQueryActions, type QueryActions } from './reply-query-actions.js';
import { CLARIFICATION_HINTS, TURN_SENTENCES, type TurnSentenceKind } from './standard-sentences.js';
import { latestStoryVersions, queryIdsShownByStories } from './story-selection.js';
import type { ClarificationRequest, TurnOutcome, TurnStatus } from './types.js';
import type { MemoryNote } from '../memory/memory-note.js';
import type { ScheduleProposalNote } from '../store/schedule-proposal.js';
import { queryAnswerRestsOn } from '../verified/verifiable-answer.js';
import { normalizeSql, type VerifiedBadge } from '../verified/verified-query.js';

/** Results worth showing as a table under one answer: the last ones the turn ran. */
export const MAX_TABLES_PER_REPLY = 3;

/** Follow-up buttons under one answer (the suggest_follow_ups tool asks for 1–3). */
export const MAX_FOLLOW_UPS = 3;

/** A clarifying question as every channel asks it: options without blanks, and the line under them. */
export interface PlannedClarification extends ClarificationRequest {
  /** How to answer: pick an option or reply in the thread. */
  hint: string;
}

/** Show SQL and CSV (reply-query-actions.ts): which queries, which results, which labels. */
export interface ReplyControls extends QueryActions {
  /** The question to ask, with one button per option (status `clarification`). */
  clarification?: PlannedClarification;
  /** Follow-up suggestions (only under an answer), at most MAX_FOLLOW_UPS. */
  followUps: string[];
  /** Every query the turn ran or tried (the citations of an answer; Show SQL and CSV are chosen from them). */
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
  /** "I'll remember: …" (Undo), a workspace memory waiting for a verifier (Approve / Reject), or one forgotten. */
  memoryNotes: MemoryNote[];
  /** Schedules proposed in this turn, each shown with Confirm / Cancel. */
  scheduleProposals: ScheduleProposalNote[];
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
    answer: answerText(outcome),
    notes: [...(outcome.notes ?? [])],
    charts: outcome.charts,
    stories,
    tables: outcome.tables.filter((table) => !shownByStories.has(table.queryId)).slice(-MAX_TABLES_PER_REPLY),
    controls: {
      ...(outcome.status === 'clarification' && outcome.clarification ? { clarification: planClarification(outcome.clarification) } : {}),
      followUps: outcome.status === 'answered' ? outcome.followUps.filter((suggestion) => suggestion.trim() !== '').slice(0, MAX_FOLLOW_UPS) : [],
      queries: outcome.queries,
      ...planQueryActions(outcome.queries),
      retry: outcome.status === 'failed' && (outcome.failure?.retryable ?? true),
    },
    signInRequired: [...(outcome.signInRequired ?? [])],
    // A stopped or failed turn may still have saved a memory: the note (and its Undo) is shown anyway.
    memoryNotes: [...(outcome.memoryNotes ?? [])],
    // A proposal is stored the moment the tool runs: its Confirm / Cancel are shown even if the turn failed after.
    scheduleProposals: [...(outcome.scheduleProposals ?? [])],
  };
  const sentence = sentenceFor(outcome, plan);
  if (sentence) plan.sentence = sentence;
  // Only something shown can be rated: not the empty-turn sentence.
  if (outcome.answerId !== undefined && outcome.status === 'answered' && !sentence) {
    plan.feedbackAnswerId = outcome.answerId;
    const restsOn = queryAnswerRestsOn(outcome.queries);
    // An answer that rests on a query already verified shows the badge instead: verifying it again would store a copy.
    const alreadyVerified = restsOn !== undefined && outcome.verifiedQuery !== undefined && normalizeSql(outcome.verifiedQuery.sql) === normalizeSql(restsOn.sql);
    if (restsOn && !alreadyVerified) plan.verifyAnswerId = outcome.answerId;
  }
  if (outcome.verifiedQuery && outcome.status === 'answered') plan.verifiedQuery = outcome.verifiedQuery;
  return plan;
}

/** The model's text; a clarification whose text only repeats its question has none (the question is shown once). */
function answerText(outcome: TurnOutcome): string {
  const text = outcome.text.trim();
  return outcome.status === 'clarification' && text === outcome.clarification?.question.trim() ? '' : text;
}

function planClarification(clarification: ClarificationRequest): PlannedClarification {
  const options = clarification.options.filter((option) => option.trim() !== '');
  return { question: clarification.question.trim(), options, hint: options.length > 0 ? CLARIFICATION_HINTS.withOptions : CLARIFICATION_HINTS.withoutOptions };
}

function sentenceFor(outcome: TurnOutcome, plan: ReplyPlan): TurnSentence | undefined {
  if (outcome.status === 'failed') return { kind: 'failed', text: outcome.failure?.message ?? TURN_SENTENCES.failed };
  if (outcome.status === 'cancelled') return { kind: 'stopped', text: TURN_SENTENCES.stopped };
  if (outcome.status === 'answered' && showsNothing(plan)) return { kind: 'empty', text: TURN_SENTENCES.empty };
  return undefined;
}

function showsNothing(plan: ReplyPlan): boolean {
  return plan.answer === '' && plan.memoryNotes.length === 0 && plan.scheduleProposals.length === 0 && plan.notes.length === 0 && plan.charts.length === 0 && plan.stories.length === 0 && plan.tables.length === 0;
}

