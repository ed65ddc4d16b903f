// What `datathread eval` prints when it ends: one line per failing case with its first reason,
// the scores overall and per tag, the spread over repeats, and what changed since a previous run.
import type { RunComparison } from './compare-runs.js';
import type { ResultSample } from './case-result.js';
import { displayValue } from './comparable-value.js';
import type { EvaluationSummary } from './evaluation-summary.js';
import { formatCost, formatMilliseconds, formatPercent, formatRate, formatSpread } from './report-formatting.js';

/** `(column = value, …)` of a sample's first row, or `(no rows)`. */
function firstRow(sample: ResultSample): string {
  const [row] = sample.rows;
  if (!row) return '(no rows)';
  return `(${sample.columns.map((column, index) => `${column} = ${displayValue(row[index])}`).join(', ')})`;
}

export function terminalSummary(summary: EvaluationSummary, modelId: string | undefined, comparison?: RunComparison): string {
  const lines: string[] = [];
  for (const entry of summary.cases) {
    if (entry.passedRuns === entry.runs) continue;
    const failed = entry.results.find((result) => !result.passed)!;
    const runs = entry.runs > 1 ? ` (${entry.passedRuns}/${entry.runs} runs passed)` : '';
    lines.push(`FAIL ${entry.name}${runs}: ${failed.failures[0] ?? 'failed'}`);
    if (failed.diff) lines.push(`     gold first row:  ${firstRow(failed.diff.gold)}`, `     agent first row: ${failed.diff.agent ? firstRow(failed.diff.agent) : '(no result)'}`);
  }
  if (lines.length > 0) lines.push('');
  lines.push(
    `Cases: ${summary.cases.length}, model: ${modelId ?? 'none configured'}`,
    `Pass rate:          ${formatRate(summary.passRate)}`,
    `Execution accuracy: ${formatRate(summary.executionAccuracy)}`,
  );
  if (summary.spread) {
    lines.push(`Pass rate spread:   ${formatSpread(summary.spread.passRate)}`);
    if (summary.spread.executionAccuracy) lines.push(`Accuracy spread:    ${formatSpread(summary.spread.executionAccuracy)}`);
  }
  for (const tag of summary.perTag) lines.push(`  ${tag.tag.padEnd(16)} pass ${formatRate(tag.passRate)}, accuracy ${formatRate(tag.executionAccuracy)}`);
  lines.push(
    `Tokens: ${summary.tokens.input} in, ${summary.tokens.output} out; cost ${formatCost(summary.costUsd)}; median latency ${formatMilliseconds(summary.latencyMs.median)}`,
  );
  if (comparison) {
    lines.push(comparison.regressed.length === 0 ? 'Compared with the previous run: no case regressed.' : `Regressed since the previous run (${comparison.regressed.length}):`);
    for (const entry of comparison.regressed) lines.push(`  ${entry.name}: ${formatPercent(entry.before)} → ${formatPercent(entry.now)}`);
    if (comparison.improved.length > 0) lines.push(`Improved since the previous run (${comparison.improved.length}):`);
    for (const entry of comparison.improved) lines.push(`  ${entry.name}: ${formatPercent(entry.before)} → ${formatPercent(entry.now)}`);
    if (comparison.added.length > 0) lines.push(`New since the previous run (${comparison.added.length}): ${comparison.added.join(', ')}`);
  }
  return `${lines.join('\n')}\n`;
}
