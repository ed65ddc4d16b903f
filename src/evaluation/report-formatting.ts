// Numbers as every report format writes them: rates as percentages with the counts behind them,
// dollars, milliseconds, and a result sample as a small Markdown table.
import { displayValue } from './comparable-value.js';
import type { ResultSample } from './case-result.js';
import type { Rate, Spread } from './evaluation-summary.js';

export function formatPercent(rate: number): string {
  return `${(rate * 100).toFixed(1)}%`;
}

export function formatRate(rate: Rate): string {
  return rate.rate === null ? 'n/a (no cases)' : `${formatPercent(rate.rate)} (${rate.passed}/${rate.total})`;
}

export function formatSpread(spread: Spread): string {
  return `min ${formatPercent(spread.min)}, median ${formatPercent(spread.median)}, max ${formatPercent(spread.max)}`;
}

export function formatCost(costUsd: number | null): string {
  return costUsd === null ? 'unknown price' : `$${costUsd.toFixed(4)}`;
}

export function formatMilliseconds(milliseconds: number): string {
  return milliseconds >= 1000 ? `${(milliseconds / 1000).toFixed(1)} s` : `${Math.round(milliseconds)} ms`;
}

function cell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\n/g, ' ');
}

export function sampleTable(sample: ResultSample): string {
  const header = `| ${sample.columns.map(cell).join(' | ')} |`;
  const rule = `| ${sample.columns.map(() => '---').join(' | ')} |`;
  const rows = sample.rows.map((row) => `| ${row.map((value) => cell(displayValue(value))).join(' | ')} |`);
  const more = sample.rowCount > sample.rows.length ? [`\n…and ${sample.rowCount - sample.rows.length} more rows`] : [];
  return [header, rule, ...rows].join('\n') + more.join('');
}
