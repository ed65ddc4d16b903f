// "Show SQL" on a Teams answer: one Action.ShowCard listing every query the turn ran or tried, each
// as monospace lines. It opens in the clicker's own client, the way Slack's Show SQL answers only
// the clicker, and needs no round trip (the SQL is small and already in the answer's citations).
import type { QueryRun } from '../../../conversations/outcome-contract.js';
import { textBlock, type CardElement, type ShowCardAction } from '../render/adaptive-card-types.js';
import { codeBlockElement } from '../render/card-code-block.js';

/** The same cap as Slack's Show SQL buttons: five queries keep the card readable. */
export const MAX_SHOWN_QUERIES = 5;

export function showSqlAction(queries: QueryRun[]): ShowCardAction | undefined {
  const shown = queries.filter((query) => query.sql.trim() !== '');
  if (shown.length === 0) return undefined;
  const listed = shown.slice(0, MAX_SHOWN_QUERIES);
  const body: CardElement[] = listed.flatMap((query, index) => [
    textBlock(`**Query ${index + 1}** on ${query.databaseName}${queryOutcome(query)}`, { ...(index > 0 ? { spacing: 'Medium' as const } : {}) }),
    codeBlockElement(query.sql.trim()),
  ]);
  if (shown.length > listed.length) body.push(textBlock(`${shown.length - listed.length} more queries are not shown.`, { isSubtle: true }));
  return { type: 'Action.ShowCard', title: shown.length === 1 ? 'Show SQL' : `Show SQL (${shown.length})`, card: { type: 'AdaptiveCard', body } };
}

function queryOutcome(query: QueryRun): string {
  if (query.refused) return ' — refused';
  if (query.error !== null) return ' — failed';
  return query.rowCount === null ? '' : ` — ${query.rowCount} row${query.rowCount === 1 ? '' : 's'}`;
}
