// One cell as a person reads it, in the format its column was given (column-format.ts).
import type { JsonValue } from '../databases/types.js';
import { dateParts, numericValue, type ColumnFormat } from './column-format.js';

/** What an empty (NULL) cell shows: a dash reads as "no value" in every client. */
export const NULL_CELL_TEXT = '—';

export interface CellOptions {
  /** Short numbers (4.9M, 12.3k) where space is short, e.g. a card with many columns. */
  compact: boolean;
}

const DECIMALS: Record<'count' | 'money' | 'percent' | 'share' | 'decimal', { min: number; max: number }> = {
  count: { min: 0, max: 0 },
  money: { min: 2, max: 2 },
  percent: { min: 0, max: 1 },
  share: { min: 0, max: 1 },
  decimal: { min: 0, max: 2 },
};

const formatters = new Map<string, Intl.NumberFormat>();

function numberFormat(options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = JSON.stringify(options);
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat('en-US', options);
    formatters.set(key, formatter);
  }
  return formatter;
}

export function formatCell(value: JsonValue | undefined, format: ColumnFormat, options: CellOptions): string {
  if (value === null || value === undefined) return NULL_CELL_TEXT;
  if (format.kind === 'date') {
    const date = dateParts(value);
    if (date) {
      const day = `${date.year}-${date.month}-${date.day}`;
      if (format.granularity === 'month') return `${date.year}-${date.month}`;
      if (format.granularity === 'day') return day;
      const time = `${date.hour ?? '00'}:${date.minute ?? '00'}`;
      return format.granularity === 'minute' ? `${day} ${time}` : `${day} ${time}:${date.second ?? '00'}`;
    }
  }
  if (format.kind === 'number') {
    const number = numericValue(value);
    if (number !== undefined) return formatNumberCell(number, format.style, options);
  }
  const text = typeof value === 'object' ? JSON.stringify(value) : String(value);
  return text.replace(/\s+/g, ' ').trim();
}

function formatNumberCell(number: number, style: keyof typeof DECIMALS, options: CellOptions): string {
  const shown = style === 'share' ? number * 100 : number;
  const suffix = style === 'percent' || style === 'share' ? '%' : '';
  if (options.compact && Math.abs(shown) >= 10_000) {
    return numberFormat({ notation: 'compact', maximumFractionDigits: 1 }).format(shown).replace('K', 'k') + suffix;
  }
  const { min, max } = DECIMALS[style];
  // Small decimals keep their first significant digits instead of rounding to 0.
  const decimals = style === 'decimal' && Math.abs(shown) > 0 && Math.abs(shown) < 0.01 ? { maximumSignificantDigits: 2 } : { minimumFractionDigits: min, maximumFractionDigits: max };
  return numberFormat({ useGrouping: true, ...decimals }).format(shown).replace('-', '−') + suffix;
}
