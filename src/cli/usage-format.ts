// `datathread usage` output: an aligned table to read, CSV for a spreadsheet (usage-csv.ts), JSON for tools.
import { formatByteCount } from '../databases/format-byte-count.js';
import { groupsScheduleRuns, totalOf, type UsageGrouping, type UsageRow } from '../governance/usage-summary.js';
import { usageCsv } from './usage-csv.js';

export const USAGE_FORMATS = ['table', 'csv', 'json'] as const;
export type UsageFormat = (typeof USAGE_FORMATS)[number];

const HEADER = ['Group', 'Questions', 'Answered', 'Clarifications', 'Failed', 'Input tokens', 'Output tokens', 'Cost (USD)', 'Queries', 'Scanned', '👍', '👎'];
const SCHEDULES_HEADER = 'Schedules run';
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

/** `3 (posted 1, failed 1, skipped 1)`: how the runs ended, the outcomes that happened only. */
function scheduleRunsText(row: UsageRow): string {
  const { runs, ...ended } = row.scheduleRuns;
  const parts = (['posted', 'failed', 'skipped'] as const).filter((key) => ended[key] > 0).map((key) => `${key} ${formatCount.format(ended[key])}`);
  return parts.length === 0 ? formatCount.format(runs) : `${formatCount.format(runs)} (${parts.join(', ')})`;
}

function cells(row: UsageRow, withSchedules: boolean): string[] {
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
    ...(withSchedules ? [scheduleRunsText(row)] : []),
  ];
}

/** By database, scheduled runs are not counted (a run may read several): the JSON leaves them out rather than show zeros. */
function jsonRow(row: UsageRow, withSchedules: boolean): Omit<UsageRow, 'scheduleRuns'> & Partial<Pick<UsageRow, 'scheduleRuns'>> {
  if (withSchedules) return row;
  const { scheduleRuns: _notCounted, ...rest } = row;
  return rest;
}

function alignedTable(rows: string[][]): string {
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => [...row[column]!].length)));
  return rows.map((row) => row.map((cell, column) => cell + ' '.repeat(widths[column]! - [...cell].length)).join('  ').trimEnd()).join('\n');
}

export function renderUsage(rows: readonly UsageRow[], options: { by: UsageGrouping; since: Date; format: UsageFormat }): string {
  const total = totalOf(rows);
  const withSchedules = groupsScheduleRuns(options.by);
  if (options.format === 'json') {
    const report = { since: options.since.toISOString(), by: options.by, groups: rows.map((row) => jsonRow(row, withSchedules)), total: jsonRow(total, withSchedules) };
    return `${JSON.stringify(report, null, 2)}\n`;
  }
  const header = withSchedules ? [...HEADER, SCHEDULES_HEADER] : HEADER;
  const rowCells = (row: UsageRow) => cells(row, withSchedules);
  if (options.format === 'csv') return usageCsv(rows, options.by);
  const title = `Usage since ${options.since.toISOString().slice(0, 16).replace('T', ' ')} UTC, by ${options.by}:\n`;
  if (rows.length === 0) return `${title}  no questions, queries or scheduled runs recorded\n`;
  return `${title}${alignedTable([header, ...rows.map(rowCells), rowCells(total)])}\n`;
}
