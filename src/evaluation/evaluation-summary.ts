// The figures of a run: pass rate and execution accuracy overall, per tag and per repeat (whose
// spread shows how much a score moves between runs of the same model), per case how often it
// passed, and what the run cost.
import type { CaseResult } from './case-result.js';
import type { EvaluationRun } from './run-evaluation.js';

export interface Rate {
  passed: number;
  total: number;
  /** passed / total, or null when total is 0. */
  rate: number | null;
}

export interface Spread {
  min: number;
  median: number;
  max: number;
}

export interface CaseSummary {
  name: string;
  tags: string[];
  passedRuns: number;
  runs: number;
  /** The runs of this case, one per repeat. */
  results: CaseResult[];
}

export interface EvaluationSummary {
  passRate: Rate;
  executionAccuracy: Rate;
  perTag: Array<{ tag: string; passRate: Rate; executionAccuracy: Rate }>;
  /** Pass rate and execution accuracy of each repeat, min / median / max; absent for one repeat. */
  spread?: { passRate: Spread; executionAccuracy: Spread | null };
  cases: CaseSummary[];
  tokens: { input: number; output: number; cached: number };
  /** US dollars; null when any run's model price is unknown. */
  costUsd: number | null;
  latencyMs: Spread;
}

function rateOf(passed: number, total: number): Rate {
  return { passed, total, rate: total === 0 ? null : passed / total };
}

function passRateOf(results: readonly CaseResult[]): Rate {
  return rateOf(results.filter((result) => result.passed).length, results.length);
}

function executionAccuracyOf(results: readonly CaseResult[]): Rate {
  const scored = results.filter((result) => result.executionMatch !== null);
  return rateOf(scored.filter((result) => result.executionMatch).length, scored.length);
}

function spreadOf(values: readonly number[]): Spread {
  const sorted = [...values].sort((left, right) => left - right);
  const middle = sorted.length / 2;
  const median = sorted.length % 2 === 1 ? sorted[Math.floor(middle)]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
  return { min: sorted[0] ?? 0, median: median ?? 0, max: sorted.at(-1) ?? 0 };
}

export function summarizeEvaluation(run: EvaluationRun): EvaluationSummary {
  const all = run.repeats.flat();
  const tags = [...new Set(all.flatMap((result) => result.tags))].sort();
  const caseCount = run.repeats[0]?.length ?? 0;
  const cases = Array.from({ length: caseCount }, (_, index) => {
    const results = run.repeats.map((repeat) => repeat[index]!);
    return { name: results[0]!.name, tags: results[0]!.tags, passedRuns: results.filter((result) => result.passed).length, runs: results.length, results };
  });
  const perRepeatExecution = run.repeats.map((repeat) => executionAccuracyOf(repeat).rate).filter((rate): rate is number => rate !== null);
  const costs = all.map((result) => result.costUsd);
  return {
    passRate: passRateOf(all),
    executionAccuracy: executionAccuracyOf(all),
    perTag: tags.map((tag) => {
      const tagged = all.filter((result) => result.tags.includes(tag));
      return { tag, passRate: passRateOf(tagged), executionAccuracy: executionAccuracyOf(tagged) };
    }),
    spread:
      run.repeats.length > 1
        ? { passRate: spreadOf(run.repeats.map((repeat) => passRateOf(repeat).rate ?? 0)), executionAccuracy: perRepeatExecution.length > 0 ? spreadOf(perRepeatExecution) : null }
        : undefined,
    cases,
    tokens: {
      input: all.reduce((sum, result) => sum + result.tokens.input, 0),
      output: all.reduce((sum, result) => sum + result.tokens.output, 0),
      cached: all.reduce((sum, result) => sum + result.tokens.cached, 0),
    },
    costUsd: costs.some((cost) => cost === null) ? null : costs.reduce<number>((sum, cost) => sum + (cost ?? 0), 0),
    latencyMs: spreadOf(all.map((result) => result.latencyMs)),
  };
}
