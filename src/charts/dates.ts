// Dates from query results (ISO strings, `2024-03`, `2024-Q1`, years, epoch milliseconds) as UTC
// timestamps, and the granularity that decides how they are labelled.

export type DateGranularity = 'year' | 'quarter' | 'month' | 'day' | 'time';

export interface ParsedDate {
  time: number;
  /** What the text itself says (`2024` is a year, `2024-03` a month); undefined for full dates. */
  statedGranularity?: DateGranularity;
}

const MONTH_NAMES = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const DAY_MS = 86_400_000;

export function parseDateValue(value: unknown): ParsedDate | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) {
    if (Number.isInteger(value) && value >= 1000 && value <= 9999) return { time: Date.UTC(value, 0, 1), statedGranularity: 'year' };
    if (Math.abs(value) >= 1e11) return { time: value };
    return undefined;
  }
  if (typeof value !== 'string') return undefined;
  const text = value.trim();
  let match = /^(\d{4})$/.exec(text);
  if (match) return { time: Date.UTC(Number(match[1]), 0, 1), statedGranularity: 'year' };
  match = /^(\d{4})[- ]?Q([1-4])$/i.exec(text);
  if (match) return { time: Date.UTC(Number(match[1]), (Number(match[2]) - 1) * 3, 1), statedGranularity: 'quarter' };
  match = /^(\d{4})-(\d{2})$/.exec(text);
  if (match) return { time: Date.UTC(Number(match[1]), Number(match[2]) - 1, 1), statedGranularity: 'month' };
  match = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d+))?)?)?\s*(Z|[+-]\d{2}(?::?\d{2})?)?$/i.exec(text);
  if (!match) return undefined;
  const [, year, month, day, hour = '0', minute = '0', second = '0', fraction = '0', zone] = match;
  let time = Date.UTC(Number(year), Number(month) - 1, Number(day), Number(hour), Number(minute), Number(second), Number(fraction.slice(0, 3).padEnd(3, '0')));
  if (zone && zone.toUpperCase() !== 'Z') {
    const sign = zone.startsWith('-') ? -1 : 1;
    const digits = zone.slice(1).replace(':', '');
    time -= sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2) || '0')) * 60_000;
  }
  return Number.isNaN(time) ? undefined : { time };
}

const order: DateGranularity[] = ['time', 'day', 'month', 'quarter', 'year'];

function finer(a: DateGranularity, b: DateGranularity): DateGranularity {
  return order.indexOf(a) <= order.indexOf(b) ? a : b;
}

/**
 * The coarsest unit the values are aligned to and spaced by: monthly points on the first of each
 * month are "month", even when one of them is January 1st. A lone full date stays a day.
 */
export function detectGranularity(dates: ParsedDate[]): DateGranularity {
  if (dates.length === 0) return 'day';
  let aligned: DateGranularity = 'year';
  for (const { time } of dates) {
    const date = new Date(time);
    if (time % DAY_MS !== 0) aligned = 'time';
    else if (date.getUTCDate() !== 1) aligned = finer(aligned, 'day');
    else if (date.getUTCMonth() % 3 !== 0) aligned = finer(aligned, 'month');
    else if (date.getUTCMonth() !== 0) aligned = finer(aligned, 'quarter');
  }
  const stated = dates.map((date) => date.statedGranularity);
  if (stated.every((value) => value !== undefined)) {
    return stated.reduce<DateGranularity>((result, value) => finer(result, value ?? 'day'), 'year');
  }
  const distinct = [...new Set(dates.map((date) => date.time))].sort((a, b) => a - b);
  if (distinct.length < 2) return aligned === 'time' ? 'time' : 'day';
  let smallestGap = Infinity;
  for (let index = 1; index < distinct.length; index++) smallestGap = Math.min(smallestGap, distinct[index]! - distinct[index - 1]!);
  const spaced: DateGranularity =
    smallestGap >= 365 * DAY_MS ? 'year' : smallestGap >= 89 * DAY_MS ? 'quarter' : smallestGap >= 28 * DAY_MS ? 'month' : smallestGap >= DAY_MS ? 'day' : 'time';
  return finer(aligned, spaced);
}

/** d3 time format (UTC) for axis labels of a continuous time axis. */
export function timeFormatFor(granularity: DateGranularity, spansYears: boolean): string {
  switch (granularity) {
    case 'year':
      return '%Y';
    case 'quarter':
      return 'Q%q %Y';
    case 'month':
      return '%b %Y';
    case 'day':
      return spansYears ? '%b %-d, %Y' : '%b %-d';
    case 'time':
      return '%b %-d %H:%M';
  }
}

/** The same labels, in TypeScript, for discrete axes (bars) and KPI cards. */
export function formatDate(time: number, granularity: DateGranularity, spansYears: boolean): string {
  const date = new Date(time);
  const year = date.getUTCFullYear();
  const month = MONTH_NAMES[date.getUTCMonth()]!;
  switch (granularity) {
    case 'year':
      return String(year);
    case 'quarter':
      return `Q${Math.floor(date.getUTCMonth() / 3) + 1} ${year}`;
    case 'month':
      return `${month} ${year}`;
    case 'day':
      return spansYears ? `${month} ${date.getUTCDate()}, ${year}` : `${month} ${date.getUTCDate()}`;
    case 'time': {
      const hours = String(date.getUTCHours()).padStart(2, '0');
      const minutes = String(date.getUTCMinutes()).padStart(2, '0');
      return `${month} ${date.getUTCDate()} ${hours}:${minutes}`;
    }
  }
}

export function spansSeveralYears(times: number[]): boolean {
  if (times.length === 0) return false;
  const years = new Set(times.map((time) => new Date(time).getUTCFullYear()));
  return years.size > 1 || times.length === 1;
}

/** Tick spacing for a continuous time axis, so ticks fall on whole units and stay few. */
export function tickIntervalFor(granularity: DateGranularity, times: number[], maxTicks = 10): { interval: string; step: number } | undefined {
  if (times.length < 2) return undefined;
  const span = Math.max(...times) - Math.min(...times);
  switch (granularity) {
    case 'year':
      return { interval: 'year', step: Math.max(1, Math.ceil(span / (365.25 * DAY_MS) / maxTicks)) };
    case 'quarter':
      return { interval: 'month', step: 3 * Math.max(1, Math.ceil(span / (91.3 * DAY_MS) / maxTicks)) };
    case 'month': {
      const months = span / (30.44 * DAY_MS);
      const step = [1, 2, 3, 6, 12, 24, 60].find((candidate) => months / candidate <= maxTicks) ?? 120;
      return { interval: 'month', step };
    }
    default:
      return undefined;
  }
}
