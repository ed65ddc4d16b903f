// `datathread usage [--since DATE|Nd] [--by user|channel|database|model] [--format table|csv|json]`:
// questions asked, answered, failed by reason, clarifications, tokens and cost, queries and data
// scanned, 👍/👎, scheduled runs (posted, failed, skipped) — from the store, for any period. `datathread check --usage [--days N]` is the
// older spelling of the same report.
import { openStore } from '../store/open-store.js';
import { systemClock } from '../support/clock-and-ids.js';
import { readUsageSources } from '../governance/usage-sources.js';
import { summarizeUsage, usageGroupings, type UsageGrouping } from '../governance/usage-summary.js';
import { UsageError, type ParsedArguments } from './arguments.js';
import type { Bootstrapped } from '../config/bootstrap.js';
import { parseSince } from './feedback-report.js';
import type { TerminalOutput } from './render-reply.js';
import { renderUsage, USAGE_FORMATS, type UsageFormat } from './usage-format.js';

export const DEFAULT_USAGE_DAYS = 30;
const MAX_USAGE_DAYS = 3_660;
const DAY_MS = 24 * 60 * 60_000;

function parseFormat(value: string | true | undefined): UsageFormat {
  if (value === undefined) return 'table';
  const format = USAGE_FORMATS.find((known) => known === value);
  if (!format) throw new UsageError(`--format takes one of ${USAGE_FORMATS.join(', ')}, such as --format csv`);
  return format;
}

function parseGrouping(value: string | true | undefined): UsageGrouping {
  if (value === undefined) return 'user';
  const grouping = usageGroupings.find((known) => known === value);
  if (!grouping) throw new UsageError(`--by takes one of ${usageGroupings.join(', ')}, such as --by channel`);
  return grouping;
}

/** Midnight UTC `days - 1` days before `now`: "the last 7 days" includes today. */
function daysBack(now: Date, days: number): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) - (days - 1) * DAY_MS);
}

function parseDays(value: string | true | undefined, flag: string): number {
  const days = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : Number.NaN;
  if (!Number.isInteger(days) || days < 1 || days > MAX_USAGE_DAYS) throw new UsageError(`${flag} needs a whole number of days from 1 to ${MAX_USAGE_DAYS}, such as ${flag === '--days' ? '--days 7' : '--since 7d'}`);
  return days;
}

/** `--since 2026-11-01`, `--since 2026-11-01T09:00:00Z`, `--since 7d`; the older `--days 7`; default the last 30 days. */
function parseStart(parsed: ParsedArguments, now: Date): Date {
  const since = parsed.options.get('since');
  if (typeof since === 'string' && /^\d+d$/.test(since.trim())) return daysBack(now, parseDays(since.trim().slice(0, -1), '--since'));
  if (since !== undefined) return parseSince(since) as Date;
  const days = parsed.options.get('days');
  return daysBack(now, days === undefined ? DEFAULT_USAGE_DAYS : parseDays(days, '--days'));
}

export async function usageCommand(parsed: ParsedArguments, started: Bootstrapped, output: TerminalOutput): Promise<number> {
  // Checked before the store opens, so a typo costs nothing.
  const format = parseFormat(parsed.options.get('format'));
  const by = parseGrouping(parsed.options.get('by'));
  const since = parseStart(parsed, systemClock());
  const store = await openStore(started.environment.stateUrl);
  try {
    output.write(renderUsage(summarizeUsage(await readUsageSources(store, since), by), { by, since, format }));
    return 0;
  } finally {
    await store.close();
  }
}
