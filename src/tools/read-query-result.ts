// read_query_result{query_id, offset?, limit?}: pages through a result this conversation already
// has (this turn's, or an earlier turn's from the store), without running SQL again.
import { tool } from 'ai';
import { z } from 'zod';
import { pluralize, renderRowBlocks } from '../sql/render-rows.js';
import type { ToolContext } from './tool-context.js';
import type { JsonValue, QueryColumn } from '../databases/types.js';

export const DEFAULT_PAGE_ROWS = 40;
export const MAX_PAGE_ROWS = 200;

export const readQueryResultInputSchema = z.object({
  query_id: z.string().min(1).describe('The query id returned by execute_sql, e.g. query_ab12cd34.'),
  offset: z.number().int().min(0).optional().describe('Row to start from (0-based). Default 0.'),
  limit: z.number().int().min(1).max(MAX_PAGE_ROWS).optional().describe(`Rows to return. Default ${DEFAULT_PAGE_ROWS}, at most ${MAX_PAGE_ROWS}.`),
});

export type ReadQueryResultOutput =
  | { _version: '1'; success: true; queryId: string; columns: QueryColumn[]; rows: JsonValue[][]; offset: number; totalRows: number; truncated: boolean }
  | { _version: '1'; success: false; error: string };

export function renderReadQueryResultOutput(output: ReadQueryResultOutput): string {
  if (!output.success) return output.error;
  if (output.rows.length === 0) {
    return `Query ID: ${output.queryId}\nNo rows at offset ${output.offset}; the result has ${output.totalRows} ${pluralize('row', output.totalRows)}.`;
  }
  const last = output.offset + output.rows.length;
  const parts = [
    `Query ID: ${output.queryId}`,
    `Rows ${output.offset + 1}–${last} of ${output.truncated ? `at least ${output.totalRows} (row cap reached)` : output.totalRows}:`,
    renderRowBlocks(output.columns, output.rows, output.offset + 1),
  ];
  const remaining = output.totalRows - last;
  if (remaining > 0) parts.push(`...(${remaining} more — call read_query_result with query_id "${output.queryId}" and offset ${last} to see more)`);
  return parts.join('\n');
}

export async function readQueryResult(input: z.infer<typeof readQueryResultInputSchema>, context: ToolContext): Promise<ReadQueryResultOutput> {
  const result = await context.findQueryResult(input.query_id);
  if (!result) {
    return { _version: '1', success: false, error: `No query result found for query_id "${input.query_id}". Run execute_sql first and reference its Query ID.` };
  }
  const offset = input.offset ?? 0;
  const limit = input.limit ?? DEFAULT_PAGE_ROWS;
  return {
    _version: '1',
    success: true,
    queryId: result.queryId,
    columns: result.columns,
    rows: result.rows.slice(offset, offset + limit),
    offset,
    totalRows: result.rows.length,
    truncated: result.truncated,
  };
}

export function createReadQueryResultTool(context: ToolContext) {
  return tool({
    description: 'Read more rows of a result that execute_sql already produced in this conversation, by query_id, without running the query again.',
    inputSchema: readQueryResultInputSchema,
    execute: (input) => readQueryResult(input, context),
    toModelOutput: ({ output }) => ({ type: 'text', value: renderReadQueryResultOutput(output) }),
  });
}
