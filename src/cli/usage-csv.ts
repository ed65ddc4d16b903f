// `datathread usage --format csv`: a spreadsheet sums and charts columns, so every cell is one raw
// number — no thousands separators ("59,651" is text to a spreadsheet), no dollar sign, no prose.
// What the table says in words gets its own column: failures by reason, unpriced turns, refused
// queries, cached tokens, and how scheduled runs ended.
import { groupsScheduleRuns, totalOf, type UsageGrouping, type UsageRow } from '../governance/usage-summary.js';
import { textRowsToCsv } from '../tables/result-csv.js';

const HEADER = [
  'Group',
  'Questions',
  'Answered',
  'Clarifications',
  'Failed',
  'Failed by reason',
  'Input tokens',
  'Cached input tokens',
  'Output tokens',
  'Cost (USD)',
  'Turns with unknown price',
  'Queries',
  'Refused queries',
  'Scanned (bytes)',
  '👍',
  '👎',
];
const SCHEDULES_HEADER = ['Schedules run', 'Schedule runs posted', 'Schedule runs failed', 'Schedule runs skipped'];
/** Cost is summed from per-million prices: six decimals keep every cent and drop float noise. */
const COST_DECIMALS = 6;

/** `budget=1 model=2`: the one column that is not a number, in a form a formula can split. */
function failedByReason(row: UsageRow): string {
  return Object.entries(row.failedByReason)
    .sort(([left], [right]) => left.localeCompare(right))
    .map(([reason, count]) => `${reason}=${count}`)
    .join(' ');
}

function failedTotal(row: UsageRow): number {
  return Object.values(row.failedByReason).reduce((sum, count) => sum + count, 0);
}

function cells(row: UsageRow, withSchedules: boolean): string[] {
  const numbers = [
    row.questions,
    row.answered,
    row.clarifications,
    failedTotal(row),
  ].map(String);
  return [
    row.group,
    ...numbers,
    failedByReason(row),
    ...[row.inputTokens, row.cachedInputTokens, row.outputTokens].map(String),
    String(Number(row.costUsd.toFixed(COST_DECIMALS))),
    ...[row.unpricedTurns, row.queries, row.refusedQueries, row.bytesScanned, row.positiveFeedback, row.negativeFeedback].map(String),
    ...(withSchedules ? [row.scheduleRuns.runs, row.scheduleRuns.posted, row.scheduleRuns.failed, row.scheduleRuns.skipped].map(String) : []),
  ];
}

export function usageCsv(rows: readonly UsageRow[], by: UsageGrouping): string {
  const withSchedules = groupsScheduleRuns(by);
  const header = withSchedules ? [...HEADER, ...SCHEDULES_HEADER] : HEADER;
  return textRowsToCsv([header, ...[...rows, totalOf(rows)].map((row) => cells(row, withSchedules))]);
}
