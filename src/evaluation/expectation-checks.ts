// The checks of a case's `expect:` that need no database: tool call counts, whether the agent asked
// instead of answering, and words the answer must or must not contain (case-insensitive).
import type { TurnOutcome } from '../conversations/types.js';
import type { EvalCase } from './eval-case.js';

export function expectationFailures(evalCase: EvalCase, outcome: TurnOutcome, toolCalls: Record<string, number>, answer: string): string[] {
  const failures: string[] = [];
  const { expect } = evalCase;
  if (outcome.status === 'failed') failures.push(`the turn failed: ${outcome.failure?.message ?? 'no reason given'}`);
  if (outcome.status === 'cancelled') failures.push('the turn was cancelled');
  const asked = outcome.status === 'clarification';
  if (expect.clarification === true && !asked) failures.push('clarification: expected a clarifying question, the agent answered');
  if (expect.clarification === false && asked) failures.push(`clarification: expected an answer, the agent asked "${outcome.clarification?.question ?? ''}"`);
  for (const { tool, minCount, maxCount } of expect.toolCalls) {
    const count = toolCalls[tool] ?? 0;
    if (minCount !== undefined && count < minCount) failures.push(`tool_calls: ${tool} called ${count} times, expected at least ${minCount}`);
    if (maxCount !== undefined && count > maxCount) failures.push(`tool_calls: ${tool} called ${count} times, expected at most ${maxCount}`);
  }
  const lowerAnswer = answer.toLowerCase();
  for (const text of expect.answerContains) {
    if (!lowerAnswer.includes(text.toLowerCase())) failures.push(`answer_contains: the answer does not contain "${text}"`);
  }
  for (const text of expect.answerNotContains) {
    if (lowerAnswer.includes(text.toLowerCase())) failures.push(`answer_not_contains: the answer contains "${text}"`);
  }
  return failures;
}

/** The words a case's answer checks read: the model's text, and its clarifying question with options. */
export function answerText(outcome: TurnOutcome): string {
  const clarification = outcome.clarification ? [outcome.clarification.question, ...outcome.clarification.options] : [];
  return [outcome.text, ...clarification].filter((part) => part.trim() !== '').join('\n');
}
