// Assembles the neutral TurnOutcome from the loop's result and the blackboard.
import type { ToolContext, QueryResult } from '../tools/tool-context.js';
import type { TurnFailure, TurnOutcome } from './types.js';

/** Results worth showing as a table: small enough to read, not already drawn as a chart. */
export const MAX_TABLES_PER_OUTCOME = 3;

/**
 * Results of queries run in this turn (not earlier results a tool merely looked up), that are
 * neither drawn as a chart nor shown inside a story of this turn.
 */
function tablesToShow(context: ToolContext): QueryResult[] {
  const ranThisTurn = new Set(context.queries.map((query) => query.queryId).filter(Boolean));
  const charted = new Set(context.charts.map((chart) => chart.queryId));
  const inStory = (queryId: string) => context.storyVersions.some((story) => story.code.includes(queryId));
  return [...context.queryResults.values()]
    .filter((result) => ranThisTurn.has(result.queryId) && !charted.has(result.queryId) && !inStory(result.queryId) && result.rowCount > 0)
    .slice(-MAX_TABLES_PER_OUTCOME);
}

export function buildOutcome(threadId: string, loop: { text: string; hitStepLimit: boolean }, context: ToolContext): TurnOutcome {
  const outcome: TurnOutcome = {
    threadId,
    status: context.clarification ? 'clarification' : 'answered',
    text: loop.text,
    charts: [...context.charts],
    stories: [...context.storyVersions],
    queries: [...context.queries],
    tables: tablesToShow(context),
    clarification: context.clarification,
    followUps: [...context.followUps],
    signInRequired: [...context.signInRequiredFor],
  };
  if (context.signInRequiredFor.size > 0 && !outcome.text) {
    outcome.text = `To query ${[...context.signInRequiredFor].join(', ')} I need to act as you: please sign in with your Microsoft account first.`;
  }
  if (context.unreachableDatabases.size > 0 && !outcome.text) {
    outcome.status = 'failed';
    outcome.failure = {
      kind: 'database',
      message: `I could not reach ${[...context.unreachableDatabases].join(', ')} right now. Press Retry in a few minutes; if it keeps failing, tell an admin.`,
      retryable: true,
    };
  }
  if (loop.hitStepLimit) {
    outcome.text = [outcome.text, `_I reached my step limit (agent.max_steps) before finishing; ask me to continue or narrow the question._`].filter(Boolean).join('\n\n');
  }
  if (!outcome.text && outcome.status === 'answered' && outcome.charts.length === 0 && outcome.stories.length === 0) {
    outcome.text = 'I have no answer to that. Try rephrasing the question.';
  }
  return outcome;
}

export function failedOutcome(threadId: string, failure: TurnFailure): TurnOutcome {
  return { threadId, status: 'failed', text: '', charts: [], stories: [], queries: [], tables: [], followUps: [], failure, signInRequired: [] };
}
