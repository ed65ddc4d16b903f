// Beyond nao: every query_id must name a result of this conversation, and each chart must be
// drawable from that result (its columns exist, its series are numeric) — checked before a version
// is saved, so a story never points at data it cannot show.
import type { ChartSourceRows } from '../charts/chart-source-rows.js';
import { validateChartConfig } from '../charts/validate-chart-config.js';
import { parseStoryDocument } from './parse-story-document.js';
import { walkStoryNodes, type StoryNode } from './story-document.js';
import { validateStoryCode, type StoryValidationError } from './validate-story-code.js';

/** Looks a query result up by id in this conversation (ToolContext.findQueryResult fits). */
export type FindQueryResult = (queryId: string) => Promise<ChartSourceRows | undefined>;

export function unknownQueryMessage(queryId: string): string {
  return `Unknown query_id "${queryId}": no query with this id ran in this conversation. Run execute_sql first and use the query_id it returns.`;
}

export async function checkStoryReferences(nodes: readonly StoryNode[], findQueryResult: FindQueryResult): Promise<StoryValidationError[]> {
  const errors: StoryValidationError[] = [];
  const results = new Map<string, ChartSourceRows | undefined>();
  const lookUp = async (queryId: string) => {
    if (!results.has(queryId)) results.set(queryId, await findQueryResult(queryId));
    return results.get(queryId);
  };
  for (const node of walkStoryNodes(nodes)) {
    if (node.type !== 'chart' && node.type !== 'table') continue;
    const at = { line: node.line, column: node.column, length: node.rawTag.length };
    const result = await lookUp(node.queryId);
    if (!result) {
      errors.push({ message: unknownQueryMessage(node.queryId), ...at });
      continue;
    }
    if (node.type === 'chart') {
      const verdict = validateChartConfig(node.config, { columns: result.columns, rows: result.rows });
      if (!verdict.success) errors.push({ message: `Chart${node.title ? ` "${node.title}"` : ''}: ${verdict.error}`, ...at });
    }
  }
  return errors;
}

/** Everything a version must pass before it is saved: nao's rules, then the references. */
export async function validateStoryDocument(code: string, findQueryResult: FindQueryResult): Promise<StoryValidationError[]> {
  const structural = validateStoryCode(code);
  const references = await checkStoryReferences(parseStoryDocument(code), findQueryResult);
  return [...structural, ...references].sort((left, right) => left.line - right.line || left.column - right.column);
}
