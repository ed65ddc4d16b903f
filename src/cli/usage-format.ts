// `datathread usage` output: an aligned table to read, CSV for a spreadsheet, JSON for tools.
import { formatByteCount } from '../databases/format-byte-count.js';
import { totalOf, type UsageGrouping, type UsageRow } from '../governance/usage-summary.js';
import { textRowsToCsv } from '../tables/result-csv.js';

export const USAGE_FORMATS = ['table', 'csv', 'json'] as const;
export type UsageFormat = (typeof USAGE_FORMATS)[number];

const HEADER = ['Group', 'Questions', 'Answered', 'Clarifications', 'Failed', 'Input tokens', 'Output tokens', 'Cost (USD)', 'Queries', 'Scanned', '👍', '👎'];
const formatCount = new Intl.NumberFormat('en-US');

function failedText(row: UsageRow): string {
  const reasons = Object.entries(row.failedByReason).sort(([left], [right]) => left.localeCompare(right));
  const total = reasons.reduce((sum, [, count]) => sum + count, 0);
  return total === 0 ? '0' : `${total} (${reasons.map(([reason, count]) => `${reason} ${count}`).join(', ')})`;
}

function costText(row: UsageRow): string {
  const known = `$${row.costUsd.toFixed(2)}`;
  // A turn on a model without a known price is not guessed at.
  return row.unpricedTurns === 0 ? known : `${known} + unknown price (${row.unpricedTurns} turn${row.unpricedTurns === 1 ? '' : 's'})`;
}

function cells(row: UsageRow): string[] {
  return [
    row.group,
    formatCount.format(row.questions),
    formatCount.format(row.answered),
    formatCount.format(row.clarifications),
    failedText(row),
    `${formatCount.format(row.inputTokens)}${row.cachedInputTokens > 0 ? ` (${formatCount.format(row.cachedInputTokens)} cached)` : ''}`,
    formatCount.format(row.outputTokens),
    costText(row),
    `${formatCount.format(row.queries)}${row.refusedQueries > 0 ? ` (${row.refusedQueries} refused)` : ''}`,
    row.bytesScanned > 0 ? formatByteCount(row.bytesScanned) : '—',
    formatCount.format(row.positiveFeedback),
    formatCount.format(row.negativeFeedback),
  ];
}

function alignedTable(rows: string[][]): string {
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => [...row[column]!].length)));
  return rows.map((row) => row.map((cell, column) => cell + ' '.repeat(widths[column]! - [...cell].length)).join('  ').trimEnd()).join('\n');
}

export function renderUsage(rows: readonly UsageRow[], options: { by: UsageGrouping; since: Date; format: UsageFormat }): string {
  const total = totalOf(rows);
  if (options.format === 'json') return `${JSON.stringify({ since: options.since.toISOString(), by: options.by, groups: rows, total }, null, 2)}\n`;
  if (options.format === 'csv') return textRowsToCsv([HEADER, ...[...rows, total].map(cells)]);
  const title = `Usage since ${options.since.toISOString().slice(0, 16).replace('T', ' ')} UTC, by ${options.by}:\n`;
  if (rows.length === 0) return `${title}  no questions or queries recorded\n`;
  return `${title}${alignedTable([HEADER, ...rows.map(cells), cells(total)])}\n`;
}
