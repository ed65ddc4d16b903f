// Dates and timestamps in a CSV as spreadsheets read them. Adapters hand dates and instants over as
// ISO 8601 text (`2025-01-01T00:00:00.000Z`), which Excel, Numbers and Google Sheets keep as text;
// they read `2025-01-01` and `2025-01-01 00:00:00`. A column's SQL type decides which one it is: a
// DATE column gets the day only, a TIMESTAMP / DATETIME column the day and the time, to the second
// (with the fraction only when there is one). An instant with a time zone is written in UTC.
import type { JsonValue, QueryColumn } from '../databases/types.js';

export type CsvDateKind = 'date' | 'timestamp';

const ISO_DATE_TIME = /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}:\d{2}(?::\d{2})?)(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/;
const UTC_OFFSETS = new Set(['Z', '+00:00', '+0000', '-00:00']);

export function csvDateKind(column: QueryColumn): CsvDateKind | undefined {
  const type = column.type.toLowerCase();
  if (/time/.test(type)) return /^time(\s|\(|$)/.test(type) ? undefined : 'timestamp';
  return /date/.test(type) ? 'date' : undefined;
}

/** The value as a spreadsheet date or timestamp; any value that is not ISO date text stays as it is. */
export function csvDateText(value: JsonValue, kind: CsvDateKind): JsonValue {
  if (typeof value !== 'string') return value;
  const match = ISO_DATE_TIME.exec(value.trim());
  if (!match) return value;
  const [, day, time, fraction, zone] = match;
  if (zone !== undefined && !UTC_OFFSETS.has(zone)) {
    const instant = new Date(value.trim());
    return Number.isNaN(instant.getTime()) ? value : csvDateText(instant.toISOString(), kind);
  }
  if (kind === 'date') return day!;
  const seconds = time === undefined ? '00:00:00' : time.length === 5 ? `${time}:00` : time;
  const fractionShown = fraction !== undefined && /[1-9]/.test(fraction) ? fraction.replace(/0+$/, '') : '';
  return `${day} ${seconds}${fractionShown}`;
}
