// Runs already-parsed cases (from case files, or built from verified queries) `repeat` times each,
// at most `concurrency` turns at a time, each on its own thread. The entry point every source of
// cases shares; the CLI adds loading and reporting around it.
import type { CaseResult } from './case-result.js';
import type { EvalCase } from './eval-case.js';
import type { EvaluationDependencies } from './evaluation-dependencies.js';
import { runEvalCase } from './run-eval-case.js';

export interface EvaluationOptions {
  repeat: number;
  concurrency: number;
  /** Called as each case run ends (for progress on a terminal). */
  onCaseDone?(result: CaseResult, repeatIndex: number): void;
}

export interface EvaluationRun {
  /** One list per repeat, each in the cases' order. */
  repeats: CaseResult[][];
  modelId?: string;
  startedAt: Date;
}

export async function runEvaluation(cases: readonly EvalCase[], dependencies: EvaluationDependencies, options: EvaluationOptions): Promise<EvaluationRun> {
  const startedAt = new Date();
  const repeats: CaseResult[][] = Array.from({ length: options.repeat }, () => new Array<CaseResult>(cases.length));
  const jobs = repeats.flatMap((_, repeatIndex) => cases.map((evalCase, caseIndex) => ({ evalCase, caseIndex, repeatIndex })));
  let next = 0;
  const worker = async () => {
    while (next < jobs.length) {
      const job = jobs[next]!;
      next += 1;
      const result = await runEvalCase(job.evalCase, dependencies);
      repeats[job.repeatIndex]![job.caseIndex] = result;
      options.onCaseDone?.(result, job.repeatIndex);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(options.concurrency, jobs.length)) }, worker));
  return { repeats, modelId: dependencies.modelId, startedAt };
}
