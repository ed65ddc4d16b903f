// Runs one case once: its question through the conversation engine on a fresh thread, then the
// checks of `expect:` and, with gold SQL, execution accuracy.
import type { TurnOutcome } from '../conversations/types.js';
import type { CaseResult } from './case-result.js';
import type { EvalCase } from './eval-case.js';
import type { EvaluationDependencies } from './evaluation-dependencies.js';
import { evalTurnRequest } from './eval-turn-request.js';
import { answerText, expectationFailures } from './expectation-checks.js';
import { scoreExecution, type ExecutionScore } from './execution-accuracy.js';
import { costOfTokensUsd } from './model-prices.js';

export async function runEvalCase(evalCase: EvalCase, dependencies: EvaluationDependencies): Promise<CaseResult> {
  const threadId = dependencies.createThreadId();
  const toolCalls: Record<string, number> = {};
  const started = performance.now();
  const handled = await dependencies.engine.handle(evalTurnRequest(evalCase, threadId), {
    onToolCallStart: ({ toolName }) => {
      toolCalls[toolName] = (toolCalls[toolName] ?? 0) + 1;
    },
  });
  const latencyMs = performance.now() - started;
  // A fresh thread id is never a duplicate; should it be, the case has no outcome to score.
  const outcome: TurnOutcome | undefined = handled.kind === 'completed' ? handled.outcome : undefined;
  const tokens = await dependencies.tokensOf(threadId);
  const base = {
    name: evalCase.name,
    question: evalCase.question,
    tags: evalCase.tags,
    source: evalCase.source,
    goldSql: evalCase.sql,
    toolCalls,
    tokens,
    costUsd: costOfTokensUsd(dependencies.modelId, tokens),
    latencyMs,
  };
  if (!outcome) return { ...base, passed: false, failures: ['the turn did not run (its thread id was seen before)'], executionMatch: evalCase.sql ? false : null, agentSql: [], answer: '', status: 'not run' };
  const answer = answerText(outcome);
  const failures = expectationFailures(evalCase, outcome, toolCalls, answer);
  let execution: ExecutionScore | undefined;
  if (evalCase.sql) {
    execution = await scoreExecution(evalCase.sql, evalCase.database, outcome.queries, dependencies.databases, dependencies.queryTimeoutMs);
    if (execution.failure) failures.push(execution.failure);
  }
  return {
    ...base,
    passed: failures.length === 0,
    failures,
    executionMatch: execution ? execution.match : null,
    agentSql: outcome.queries.map((query) => query.sql),
    diff: execution?.diff,
    answer,
    status: outcome.status,
  };
}
