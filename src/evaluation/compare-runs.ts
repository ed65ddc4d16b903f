// --compare: which cases pass less often than in a previous run (regressed), which more (improved),
// and which are new. A case passing 3 of 3 times before and 2 of 3 now has regressed.
import type { EvaluationSummary } from './evaluation-summary.js';

export interface RunComparison {
  regressed: Array<{ name: string; before: number; now: number }>;
  improved: Array<{ name: string; before: number; now: number }>;
  added: string[];
}

export function compareWithPrevious(summary: EvaluationSummary, previous: ReadonlyMap<string, number>): RunComparison {
  const comparison: RunComparison = { regressed: [], improved: [], added: [] };
  for (const entry of summary.cases) {
    const before = previous.get(entry.name);
    const now = entry.runs === 0 ? 0 : entry.passedRuns / entry.runs;
    if (before === undefined) comparison.added.push(entry.name);
    else if (now < before) comparison.regressed.push({ name: entry.name, before, now });
    else if (now > before) comparison.improved.push({ name: entry.name, before, now });
  }
  return comparison;
}
