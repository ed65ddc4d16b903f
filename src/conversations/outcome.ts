// Assembles the neutral TurnOutcome from the loop's result and the blackboard. The model's text is
// kept as it wrote it; what the bot itself has to say goes into `notes`.
import type { GaveUpOnToolCalls } from '../agent/failed-tool-calls.js';
import type { ToolContext } from '../tools/tool-context.js';
import type { QueryResult } from '../store/turn-artifacts.js';
import { modelGaveUpSentence, STEP_LIMIT_NOTE, signInNeededNote } from './standard-sentences.js';
import type { TurnFailure, TurnOutcome } from './types.js';

/** Results of queries run in this turn (not earlier results a tool merely looked up), not drawn as a chart. */
function tableCandidates(context: ToolContext): QueryResult[] {
  const ranThisTurn = new Set(context.queries.map((query) => query.queryId).filter(Boolean));
  const charted = new Set(context.charts.map((chart) => chart.queryId));
  return [...context.queryResults.values()].filter((result) => ranThisTurn.has(result.queryId) && !charted.has(result.queryId) && result.rowCount > 0);
}

export interface LoopSummary {
  text: string;
  hitStepLimit: boolean;
  /** Set when the model wrote nothing and could not get its tool calls right. */
  gaveUpOn?: GaveUpOnToolCalls;
}

export function buildOutcome(threadId: string, loop: LoopSummary, context: ToolContext): TurnOutcome {
  const notes: string[] = [];
  const outcome: TurnOutcome = {
    threadId,
    status: context.clarification ? 'clarification' : 'answered',
    text: loop.text,
    notes,
    charts: [...context.charts],
    stories: [...context.storyVersions],
    queries: [...context.queries],
    tables: tableCandidates(context),
    clarification: context.clarification,
    followUps: [...context.followUps],
    signInRequired: [...context.signInRequiredFor],
    memoryNotes: [...context.memoryNotes],
    scheduleProposals: [...context.scheduleProposals],
  };
  const answered = outcome.text.trim() !== '';
  if (context.signInRequiredFor.size > 0 && !answered) notes.push(signInNeededNote([...context.signInRequiredFor]));
  if (context.unreachableDatabases.size > 0 && !answered && context.signInRequiredFor.size === 0) {
    outcome.status = 'failed';
    outcome.failure = {
      kind: 'database',
      message: `I could not reach ${[...context.unreachableDatabases].join(', ')} right now. Press Retry in a few minutes; if it keeps failing, tell an admin.`,
      retryable: true,
    };
  }
  // A database that is down or a sign-in that is needed explains the failing calls better.
  if (loop.gaveUpOn && !answered && !outcome.failure && outcome.status === 'answered' && context.signInRequiredFor.size === 0) {
    outcome.status = 'failed';
    outcome.failure = { kind: 'model', message: modelGaveUpSentence(loop.gaveUpOn.kind, loop.gaveUpOn.toolName, loop.gaveUpOn.stepCount), retryable: true };
    return outcome;
  }
  if (loop.hitStepLimit) notes.push(STEP_LIMIT_NOTE);
  return outcome;
}

export function failedOutcome(threadId: string, failure: TurnFailure): TurnOutcome {
  return { threadId, status: 'failed', text: '', notes: [], charts: [], stories: [], queries: [], tables: [], followUps: [], failure, signInRequired: [] };
}
