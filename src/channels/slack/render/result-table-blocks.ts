// One query result in a Slack reply. A result that fits Slack's data_table (100 rows, 20 columns,
// 10,000 characters of cell text) is sent whole as one, sortable and paginated in the client; a
// larger or wider one keeps the table block (or aligned text) of its first rows with a caption saying
// what is shown and that the CSV button has everything.
import type { QueryResult } from '../../../store/turn-artifacts.js';
import { formatResultTable } from '../../../tables/format-result-table.js';
import { tableBlocks } from './answer-blocks.js';
import type { SlackBlock } from './block-kit.js';
import { buildResultDataTable, type DataTableMisfit } from './data-table-blocks.js';
import { contextBlock } from './interactive-blocks.js';
import { MAX_DATA_TABLE_COLUMNS, MAX_DATA_TABLE_DATA_ROWS, MAX_TABLE_ROWS } from './slack-limits.js';

export function resultTableBlocks(result: QueryResult): SlackBlock[] {
  // A result the row cap cut short is not whole: it keeps the rendering that says so.
  const attempt = result.truncated ? undefined : buildResultDataTable(result, resultCaption(result));
  if (attempt?.kind === 'fits') return [attempt.block];

  const table = formatResultTable(result, { maxRows: MAX_TABLE_ROWS - 1 });
  const blocks = tableBlocks(table);
  const total = result.truncated ? `more than ${count(result.rowCount)}` : count(result.rowCount);
  if (table.rows.length < result.rows.length || result.truncated) {
    blocks.push(contextBlock(`Showing the first ${table.rows.length} of ${total} rows; the CSV button has them all.`));
  } else if (attempt?.kind === 'misfit' && attempt.reason !== 'no_rows') {
    blocks.push(contextBlock(misfitCaption(result, attempt.reason)));
  }
  return blocks;
}

/** Columns named in a caption before the rest are counted ("and 17 more columns"). */
const CAPTION_COLUMN_NAMES = 5;

/**
 * The data_table's caption (required; the HTML caption screen readers announce, shown above the
 * table): what the columns are, then how many rows from where, since the rows alone say little.
 */
export function resultCaption(result: Pick<QueryResult, 'rowCount' | 'columns'> & { databaseName?: string }): string {
  const names = result.columns.map((column) => column.name);
  const shown = names.length <= CAPTION_COLUMN_NAMES ? names.join(', ') : `${names.slice(0, CAPTION_COLUMN_NAMES - 2).join(', ')} and ${names.length - (CAPTION_COLUMN_NAMES - 2)} more columns`;
  const source = result.databaseName ? ` from ${result.databaseName}` : '';
  return `${shown} — ${count(result.rowCount)} ${result.rowCount === 1 ? 'row' : 'rows'}${source}`;
}

function misfitCaption(result: QueryResult, reason: Exclude<DataTableMisfit, 'no_rows'>): string {
  const shape = `${count(result.rowCount)} rows × ${count(result.columns.length)} columns from ${result.databaseName}`;
  switch (reason) {
    case 'too_many_columns':
      return `${shape}: wider than a Slack data table (${MAX_DATA_TABLE_COLUMNS} columns); the CSV button has the whole result.`;
    case 'too_many_rows':
      return `${shape}: longer than a Slack data table (${MAX_DATA_TABLE_DATA_ROWS} rows); the CSV button has the whole result.`;
    case 'too_much_text':
      return `${shape}: too much text for a Slack data table; the CSV button has the whole result.`;
    case 'no_columns':
      return `${shape}.`;
  }
}

function count(value: number): string {
  return value.toLocaleString('en-US');
}
