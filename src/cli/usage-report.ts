// `datathread check --usage [--days N]`: the tokens the model used per day, provider and model,
// from the store (one row per answered turn). The basis for budgets.
import type { TokenUsageRecord } from '../store/types.js';
import { UsageError } from './arguments.js';

export const DEFAULT_USAGE_DAYS = 7;
const MAX_USAGE_DAYS = 366;
const DAY_MS = 24 * 60 * 60_000;

export function parseUsageDays(value: string | true | undefined): number {
  if (value === undefined) return DEFAULT_USAGE_DAYS;
  const days = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : Number.NaN;
  if (!Number.isInteger(days) || days < 1 || days > MAX_USAGE_DAYS) throw new UsageError(`--days needs a whole number of days from 1 to ${MAX_USAGE_DAYS}, such as --days 7`);
  return days;
}

/** Midnight UTC `days - 1` days before `now`: "the last 7 days" includes today. */
export function usageWindowStart(now: Date, days: number): Date {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return new Date(today - (days - 1) * DAY_MS);
}

interface UsageTotals {
  turns: number;
  input: number;
  output: number;
  cached: number;
}

const formatCount = new Intl.NumberFormat('en-US');

export function renderUsageReport(records: readonly TokenUsageRecord[], days: number): string {
  const header = `Token usage, last ${days} day${days === 1 ? '' : 's'} (UTC):\n`;
  if (records.length === 0) return `${header}  no turns recorded\n`;
  const groups = new Map<string, UsageTotals>();
  const overall: UsageTotals = { turns: 0, input: 0, output: 0, cached: 0 };
  for (const record of records) {
    const key = `${record.createdAt.toISOString().slice(0, 10)}  ${record.provider} ${record.model}`;
    const totals = groups.get(key) ?? { turns: 0, input: 0, output: 0, cached: 0 };
    for (const target of [totals, overall]) {
      target.turns += 1;
      target.input += record.inputTokens;
      target.output += record.outputTokens;
      target.cached += record.cachedInputTokens;
    }
    groups.set(key, totals);
  }
  const line = (label: string, totals: UsageTotals) =>
    `  ${label}: ${totals.turns} turn${totals.turns === 1 ? '' : 's'}, ${formatCount.format(totals.input)} input (${formatCount.format(totals.cached)} cached), ${formatCount.format(totals.output)} output tokens\n`;
  return header + [...groups.entries()].map(([label, totals]) => line(label, totals)).join('') + line('Total', overall);
}
