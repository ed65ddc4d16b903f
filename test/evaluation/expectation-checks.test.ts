// The `expect:` checks that need no database, and the price table behind the report's cost.
import { describe, expect, it } from 'vitest';
import type { TurnOutcome } from '../../src/conversations/types.js';
import type { EvalCase } from '../../src/evaluation/eval-case.js';
import { answerText, expectationFailures } from '../../src/evaluation/expectation-checks.js';
import { costOfTokensUsd } from '../../src/evaluation/model-prices.js';

function evalCase(expectations: Partial<EvalCase['expect']>): EvalCase {
  return { name: 'case', question: 'Q?', tags: [], source: 'cases.yaml', expect: { toolCalls: [], answerContains: [], answerNotContains: [], ...expectations } };
}

function outcome(fields: Partial<TurnOutcome>): TurnOutcome {
  return { threadId: 'console:eval-1', status: 'answered', text: '', charts: [], stories: [], queries: [], tables: [], followUps: [], ...fields };
}

describe('expectationFailures', () => {
  it('checks tool call counts against min_count and max_count', () => {
    const checks = evalCase({ toolCalls: [{ tool: 'execute_sql', minCount: 1 }, { tool: 'display_chart', maxCount: 0 }] });
    expect(expectationFailures(checks, outcome({}), { execute_sql: 1 }, '')).toEqual([]);
    expect(expectationFailures(checks, outcome({}), { display_chart: 2 }, '')).toEqual([
      'tool_calls: execute_sql called 0 times, expected at least 1',
      'tool_calls: display_chart called 2 times, expected at most 0',
    ]);
  });

  it('fails an answer where a clarifying question was expected, and a question where an answer was', () => {
    const asked = outcome({ status: 'clarification', clarification: { question: 'Revenue or orders?', options: ['Revenue', 'Orders'] } });
    expect(expectationFailures(evalCase({ clarification: true }), outcome({ text: 'Fine.' }), {}, 'Fine.')).toEqual(['clarification: expected a clarifying question, the agent answered']);
    expect(expectationFailures(evalCase({ clarification: false }), asked, {}, answerText(asked))).toEqual(['clarification: expected an answer, the agent asked "Revenue or orders?"']);
    expect(expectationFailures(evalCase({ clarification: true }), asked, {}, answerText(asked))).toEqual([]);
  });

  it('reads the answer case-insensitively, with a clarifying question and its options as part of it', () => {
    const asked = outcome({ status: 'clarification', clarification: { question: 'Which measure?', options: ['Revenue', 'Orders'] } });
    expect(answerText(asked)).toBe('Which measure?\nRevenue\nOrders');
    const checks = evalCase({ answerContains: ['REVENUE', 'margin'], answerNotContains: ['which'] });
    expect(expectationFailures(checks, asked, {}, answerText(asked))).toEqual([
      'answer_contains: the answer does not contain "margin"',
      'answer_not_contains: the answer contains "which"',
    ]);
  });

  it('fails a turn that failed, whatever else was expected', () => {
    const failed = outcome({ status: 'failed', failure: { kind: 'timeout', message: 'The answer took too long.', retryable: true } });
    expect(expectationFailures(evalCase({}), failed, {}, '')).toEqual(['the turn failed: The answer took too long.']);
  });
});

describe('costOfTokensUsd', () => {
  it('prices known models per million tokens, cached input at its own price, and says null for unknown ones', () => {
    // gpt-4o-mini: 0.15 in, 0.075 cached, 0.60 out per million.
    expect(costOfTokensUsd('gpt-4o-mini-2024-07-18', { input: 1_000_000, cached: 200_000, output: 100_000 })).toBeCloseTo(0.12 + 0.015 + 0.06, 10);
    expect(costOfTokensUsd('anthropic.claude-sonnet-4-20250514-v1:0', { input: 1000, cached: 0, output: 1000 })).toBeCloseTo(0.018, 10);
    expect(costOfTokensUsd('openai/gpt-4o', { input: 1_000_000, cached: 0, output: 0 })).toBeCloseTo(2.5, 10);
    expect(costOfTokensUsd('scripted-model', { input: 10, cached: 0, output: 10 })).toBeNull();
    expect(costOfTokensUsd(undefined, { input: 10, cached: 0, output: 10 })).toBeNull();
  });
});
