// The Markdown report (--report FILE.md): the scores, per tag, the comparison with a previous run,
// then every case with its question, the agent's SQL, the gold SQL, why it failed (the first rows
// of both results side by side), tokens, cost and latency.
import type { RunComparison } from './compare-runs.js';
import type { CaseSummary, EvaluationSummary } from './evaluation-summary.js';
import { formatCost, formatMilliseconds, formatPercent, formatRate, formatSpread, sampleTable } from './report-formatting.js';

function fenced(sql: string): string {
  return `\`\`\`sql\n${sql.trim()}\n\`\`\``;
}

function scoreLines(summary: EvaluationSummary, modelId: string | undefined): string[] {
  const lines = [
    `- Model: ${modelId ?? 'none configured'}`,
    `- Pass rate: ${formatRate(summary.passRate)}`,
    `- Execution accuracy: ${formatRate(summary.executionAccuracy)}`,
  ];
  if (summary.spread) {
    lines.push(`- Pass rate over ${summary.cases[0]?.runs ?? 0} repeats: ${formatSpread(summary.spread.passRate)}`);
    if (summary.spread.executionAccuracy) lines.push(`- Execution accuracy over the repeats: ${formatSpread(summary.spread.executionAccuracy)}`);
  }
  lines.push(
    `- Tokens: ${summary.tokens.input} in (${summary.tokens.cached} cached), ${summary.tokens.output} out; cost ${formatCost(summary.costUsd)}`,
    `- Latency per case: median ${formatMilliseconds(summary.latencyMs.median)}, max ${formatMilliseconds(summary.latencyMs.max)}`,
  );
  return lines;
}

function tagTable(summary: EvaluationSummary): string[] {
  if (summary.perTag.length === 0) return [];
  return ['', '## Per tag', '', '| Tag | Pass rate | Execution accuracy |', '| --- | --- | --- |', ...summary.perTag.map((tag) => `| ${tag.tag} | ${formatRate(tag.passRate)} | ${formatRate(tag.executionAccuracy)} |`)];
}

function comparisonLines(comparison: RunComparison | undefined): string[] {
  if (!comparison) return [];
  const share = (value: number) => formatPercent(value);
  return [
    '',
    '## Compared with the previous run',
    '',
    comparison.regressed.length === 0 ? 'No case regressed.' : `Regressed (${comparison.regressed.length}):`,
    ...comparison.regressed.map((entry) => `- ${entry.name}: passed ${share(entry.before)} of runs before, ${share(entry.now)} now`),
    ...(comparison.improved.length > 0 ? ['', `Improved (${comparison.improved.length}):`, ...comparison.improved.map((entry) => `- ${entry.name}: ${share(entry.before)} → ${share(entry.now)}`)] : []),
    ...(comparison.added.length > 0 ? ['', `New cases: ${comparison.added.join(', ')}`] : []),
  ];
}

function caseSection(entry: CaseSummary): string[] {
  const first = entry.results.find((result) => !result.passed) ?? entry.results[0]!;
  const verdict = entry.passedRuns === entry.runs ? 'passed' : `FAILED (${entry.passedRuns}/${entry.runs} runs passed)`;
  const tokens = first.tokens;
  const lines = [
    '',
    `### ${entry.name}: ${verdict}`,
    '',
    `Question: ${first.question}`,
    ...(entry.tags.length > 0 ? [`Tags: ${entry.tags.join(', ')}`] : []),
    `Tokens: ${tokens.input} in, ${tokens.output} out; cost ${formatCost(first.costUsd)}; latency ${formatMilliseconds(first.latencyMs)}`,
  ];
  if (first.failures.length > 0) lines.push('', 'Why it failed:', ...first.failures.map((failure) => `- ${failure}`));
  lines.push('', first.agentSql.length > 0 ? "Agent's SQL:" : "Agent's SQL: none", ...first.agentSql.map(fenced));
  if (first.goldSql) lines.push('', 'Gold SQL:', fenced(first.goldSql));
  if (first.diff && !first.passed) {
    lines.push('', 'Gold result, first rows:', '', sampleTable(first.diff.gold));
    lines.push('', first.diff.agent ? "Closest agent result, first rows:" : 'The agent returned no result.', ...(first.diff.agent ? ['', sampleTable(first.diff.agent)] : []));
  }
  if (!first.passed && first.answer) lines.push('', `Answer: ${first.answer.replace(/\n+/g, ' ')}`);
  return lines;
}

export function markdownReport(summary: EvaluationSummary, modelId: string | undefined, comparison?: RunComparison): string {
  const failing = summary.cases.filter((entry) => entry.passedRuns < entry.runs);
  const passing = summary.cases.filter((entry) => entry.passedRuns === entry.runs);
  return [
    '# datathread evaluation',
    '',
    ...scoreLines(summary, modelId),
    ...tagTable(summary),
    ...comparisonLines(comparison),
    '',
    `## Cases (${failing.length} failing, ${passing.length} passing)`,
    ...[...failing, ...passing].flatMap(caseSection),
    '',
  ].join('\n');
}
