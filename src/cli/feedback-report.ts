// `datathread feedback`: the 👍/👎 people gave answers, for whoever maintains the context folder.
// Three shapes of the same records: an aligned table to read, CSV for a spreadsheet, JSON for tools.
import type { AnswerFeedbackRecord } from '../store/types.js';
import { textRowsToCsv } from '../tables/result-csv.js';
import { UsageError } from './arguments.js';

export const FEEDBACK_FORMATS = ['table', 'csv', 'json'] as const;
export type FeedbackFormat = (typeof FEEDBACK_FORMATS)[number];

const HEADER = ['updated', 'rating', 'who', 'question', 'comment', 'sql', 'thread', 'message'];
const RATING_WORDS: Record<AnswerFeedbackRecord['rating'], string> = { positive: 'up', negative: 'down' };
/** Between the SQL statements of one turn in the table and CSV cells. */
const SQL_SEPARATOR = '\n;\n';

export function parseFeedbackFormat(value: string | true | undefined): FeedbackFormat {
  if (value === undefined) return 'table';
  const format = FEEDBACK_FORMATS.find((known) => known === value);
  if (!format) throw new UsageError(`--format takes one of ${FEEDBACK_FORMATS.join(', ')}, such as --format csv`);
  return format;
}

/** A day (`2026-11-30`, midnight UTC) or a moment (`2026-11-30T14:00:00Z`). */
export function parseSince(value: string | true | undefined): Date | undefined {
  if (value === undefined) return undefined;
  const text = typeof value === 'string' ? value.trim() : '';
  const moment = /^\d{4}-\d{2}-\d{2}$/.test(text) ? new Date(`${text}T00:00:00Z`) : /^\d{4}-\d{2}-\d{2}T/.test(text) ? new Date(text) : undefined;
  if (!moment || Number.isNaN(moment.getTime())) throw new UsageError('--since takes a date such as --since 2026-11-30 (UTC) or a moment such as --since 2026-11-30T14:00:00Z');
  return moment;
}

function who(record: AnswerFeedbackRecord): string {
  const name = record.actor.displayName;
  return name ? `${name} (${record.actor.platform} ${record.actor.userId})` : `${record.actor.platform} ${record.actor.userId}`;
}

function textCells(record: AnswerFeedbackRecord): string[] {
  return [
    record.updatedAt.toISOString(),
    RATING_WORDS[record.rating],
    who(record),
    record.question,
    record.comment ?? '',
    record.sql.join(SQL_SEPARATOR),
    record.threadId,
    record.messageId,
  ];
}

export function renderFeedback(records: readonly AnswerFeedbackRecord[], format: FeedbackFormat): string {
  if (format === 'json') return `${JSON.stringify(records, null, 2)}\n`;
  if (format === 'csv') return textRowsToCsv([HEADER, ...records.map(textCells)]);
  return renderTable(records);
}

function renderTable(records: readonly AnswerFeedbackRecord[]): string {
  if (records.length === 0) return 'No feedback recorded.\n';
  // One line per record: line breaks inside a cell (multi-line SQL or comments) become spaces.
  const rows = [HEADER, ...records.map((record) => textCells(record).map((cell) => cell.replace(/\s+/g, ' ').trim()))];
  const widths = HEADER.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  const lines = rows.map((row) => row.map((cell, column) => (column === row.length - 1 ? cell : cell.padEnd(widths[column]!))).join('  ').trimEnd());
  const positive = records.filter((record) => record.rating === 'positive').length;
  return `${lines.join('\n')}\n${records.length} rating${records.length === 1 ? '' : 's'}: ${positive} up, ${records.length - positive} down\n`;
}
