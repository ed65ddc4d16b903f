// What execute_sql returns (kept small: the rows themselves stay on the blackboard and in the
// store, the model gets a preview and the query id) and how the model sees it.
import type { BytesScanned, JsonValue, QueryColumn } from '../databases/types.js';
import { formatByteCount } from '../databases/format-byte-count.js';
import { pluralize, renderColumnList, renderRowBlocks } from '../sql/render-rows.js';

export const PREVIEW_ROW_COUNT = 40;

export type ExecuteSqlOutput =
  | {
      _version: '1';
      status: 'ok';
      queryId: string;
      databaseName: string;
      columns: QueryColumn[];
      previewRows: JsonValue[][];
      rowCount: number;
      truncated: boolean;
      rowCap: number;
      /** The outermost query's own LIMIT when the result reached it. */
      limitReached: number | null;
      /** Data the query scanned where the warehouse bills by it; the model narrows costly queries with it. */
      bytesScanned?: BytesScanned;
    }
  | { _version: '1'; status: 'refused'; databaseName: string; reason: string }
  | { _version: '1'; status: 'error'; message: string };

export function renderExecuteSqlOutput(output: ExecuteSqlOutput): string {
  if (output.status === 'refused') {
    return `The query was refused and did not run on "${output.databaseName}". ${output.reason}\nOnly read-only queries can run: rewrite it as a SELECT.`;
  }
  if (output.status === 'error') return `Error: ${output.message}`;
  const scanned = output.bytesScanned ? `\nData scanned: ${formatByteCount(output.bytesScanned.bytes)}${output.bytesScanned.estimated ? ' (estimated by a dry run before it ran)' : ''}.` : '';
  const header = `Query ID: ${output.queryId}${scanned}`;
  if (output.rowCount === 0) {
    return `${header}\n\nThe query was successfully executed and returned no rows.`;
  }
  const parts = [header, '', renderColumnList(output.columns), ''];
  const countText = output.truncated ? `at least ${output.rowCount}` : String(output.rowCount);
  parts.push(`${pluralize('Row', output.rowCount)} (${countText}):`);
  parts.push(renderRowBlocks(output.columns, output.previewRows, 1));
  const remaining = output.rowCount - output.previewRows.length;
  if (remaining > 0) {
    parts.push(
      `...(${remaining} more — call read_query_result with query_id "${output.queryId}" and offset ${output.previewRows.length} to see more)`,
    );
  }
  if (output.limitReached !== null) {
    parts.push(
      `\nWarning: the query's own LIMIT ${output.limitReached} was reached. ${output.rowCount} is the number of rows the LIMIT let through, not the total number of matching rows; use COUNT(*) without the LIMIT for a total.`,
    );
  }
  if (output.truncated) {
    parts.push(
      `\nNote: the result had more rows than the row cap (${output.rowCap}); only the first ${output.rowCount} were kept. Aggregate in SQL (GROUP BY, COUNT, SUM) instead of reading raw rows.`,
    );
  }
  return parts.join('\n');
}

