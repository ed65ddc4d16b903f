// Verified queries out of datathread: as a `verified/*.yaml` file (the format the context folder
// reads, so chat-verified queries can be reviewed and kept in git), and as eval cases whose gold
// SQL is the verified SQL (`datathread eval --from-verified`).
import { stringify } from 'yaml';
import type { VerifiedQuery } from './verified-query.js';

/** A plain eval case, as `datathread eval` reads them from its case files. */
export interface VerifiedEvalCase {
  name: string;
  question: string;
  database?: string;
  sql: string;
  tags: string[];
}

/** The `queries:` file format; empty fields are left out so the file reads like a hand-written one. */
export function verifiedQueriesAsYaml(queries: readonly VerifiedQuery[]): string {
  const entries = queries.map((query) => ({
    question: query.question,
    ...(query.paraphrases.length > 0 ? { paraphrases: query.paraphrases } : {}),
    sql: query.sql,
    ...(query.database ? { database: query.database } : {}),
    ...(query.verifiedBy ? { verified_by: query.verifiedBy } : {}),
    ...(query.verifiedAt ? { verified_at: query.verifiedAt } : {}),
  }));
  return stringify({ queries: entries }, { lineWidth: 0, blockQuote: 'literal' });
}

export function verifiedQueriesAsEvalCases(queries: readonly VerifiedQuery[]): VerifiedEvalCase[] {
  const used = new Map<string, number>();
  return queries.map((query) => {
    const base = `verified-${slug(query.question) || 'query'}`;
    const seen = (used.get(base) ?? 0) + 1;
    used.set(base, seen);
    return {
      name: seen === 1 ? base : `${base}-${seen}`,
      question: query.question,
      ...(query.database ? { database: query.database } : {}),
      sql: query.sql,
      tags: ['verified'],
    };
  });
}

function slug(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 60).replace(/-+$/, '');
}
