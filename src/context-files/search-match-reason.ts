// The one-line reason a search result carries: which of the asked words matched which fields, so the
// model can tell a table named for the question from one that only mentions a word in a comment.
import type { MatchInfo } from 'minisearch';

const FIELD_LABELS: Record<string, string> = {
  name: 'table name',
  description: 'description',
  columns: 'column names',
  columnComments: 'column comments',
  values: 'sampled values',
  text: 'text',
};

const DOCUMENT_FIELD_LABELS: Record<string, string> = { ...FIELD_LABELS, name: 'path or title' };

/** `matched: revenue, daily in table name; refund in column comments` */
export function describeMatch(match: MatchInfo, kind: 'table' | 'document'): string {
  const labels = kind === 'table' ? FIELD_LABELS : DOCUMENT_FIELD_LABELS;
  const termsByField = new Map<string, string[]>();
  for (const [term, fields] of Object.entries(match)) {
    for (const field of fields) termsByField.set(field, [...(termsByField.get(field) ?? []), term]);
  }
  const order = Object.keys(FIELD_LABELS);
  const parts = [...termsByField.entries()]
    .sort(([left], [right]) => order.indexOf(left) - order.indexOf(right))
    .map(([field, terms]) => `${terms.join(', ')} in ${labels[field] ?? field}`);
  return `matched: ${parts.join('; ')}`;
}
