// The most frequent values of a low-cardinality text column, for the table file and the search
// index ("status: paid, refunded"). Only the first rows of the table are looked at, so a sample
// costs the same on a billion-row table; a column with more distinct values than are kept there is
// not low-cardinality and gets none.
import type { CatalogQueryRunner, ColumnMetadata, TableMetadata } from '../databases/table-metadata.js';

export const MAX_SAMPLED_VALUES = 20;
export const SAMPLED_VALUE_MAX_CHARACTERS = 60;
const SAMPLED_ROWS = 10_000;

/** Character and enum types; numbers, dates and JSON say little as "frequent values". */
export function isTextColumn(column: ColumnMetadata): boolean {
  return /char|text|string|enum/i.test(column.type) && !/json|array|map|\[\]/i.test(column.type);
}

export function frequentValuesSql(table: TableMetadata, column: string, quote: (name: string) => string): string {
  const source = `${quote(table.schema)}.${quote(table.name)}`;
  return [
    'SELECT sampled_value, COUNT(*) AS occurrences',
    `FROM (SELECT ${quote(column)} AS sampled_value FROM ${source} LIMIT ${SAMPLED_ROWS}) AS sampled`,
    'WHERE sampled_value IS NOT NULL',
    'GROUP BY sampled_value',
    'ORDER BY occurrences DESC, sampled_value',
    `LIMIT ${MAX_SAMPLED_VALUES + 1}`,
  ].join(' ');
}

function cut(value: string): string {
  return value.length > SAMPLED_VALUE_MAX_CHARACTERS ? `${value.slice(0, SAMPLED_VALUE_MAX_CHARACTERS - 1)}…` : value;
}

/** Undefined when the column has more than 20 distinct values in the sampled rows. */
export async function sampleFrequentValues(run: CatalogQueryRunner, sql: string): Promise<string[] | undefined> {
  const rows = await run(sql);
  if (rows.length > MAX_SAMPLED_VALUES) return undefined;
  return rows.map((row) => cut(String(row.sampled_value)));
}
