// "Show SQL" on a Teams answer: one Action.ShowCard listing every query the turn ran or tried, each
// as monospace lines. It opens in the clicker's own client, the way Slack's Show SQL answers only
// the clicker, and needs no round trip (the SQL is small and already in the answer's citations).
import type { QueryRun } from '../../../store/turn-artifacts.js';
import type { QueryActions } from '../../../conversations/reply-query-actions.js';
import { hiddenQueriesNote } from '../../../conversations/standard-sentences.js';
import { textBlock, type CardElement, type ShowCardAction } from '../render/adaptive-card-types.js';
import { codeBlockElement } from '../render/card-code-block.js';

/** The queries the plan lists for Show SQL (reply-query-actions.ts), numbered as its CSV buttons are. */
export function showSqlAction(actions: Pick<QueryActions, 'showSql' | 'hiddenQueryCount'>): ShowCardAction | undefined {
  const listed = actions.showSql;
  if (listed.length === 0) return undefined;
  const total = listed.length + actions.hiddenQueryCount;
  const body: CardElement[] = listed.flatMap(({ number, query }, index) => [
    textBlock(`**Query ${number}** on ${query.databaseName}${queryOutcome(query)}`, { ...(index > 0 ? { spacing: 'Medium' as const } : {}) }),
    codeBlockElement(query.sql.trim()),
  ]);
  if (actions.hiddenQueryCount > 0) body.push(textBlock(hiddenQueriesNote(actions.hiddenQueryCount), { isSubtle: true }));
  return { type: 'Action.ShowCard', title: total === 1 ? 'Show SQL' : `Show SQL (${total})`, card: { type: 'AdaptiveCard', body } };
}

function queryOutcome(query: QueryRun): string {
  if (query.refused) return ' — refused';
  if (query.error !== null) return ' — failed';
  return query.rowCount === null ? '' : ` — ${query.rowCount} row${query.rowCount === 1 ? '' : 's'}`;
}
