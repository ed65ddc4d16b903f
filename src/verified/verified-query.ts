// A verified query: a question (and other wordings of it) with the SQL a data owner confirmed
// answers it, on which database, by whom and when. From files in the context folder
// (`verified/*.yaml`, reviewed in git) or from chat (the Verify action, kept in the store).
import type { StoredVerifiedQuery } from '../store/verified-query-store.js';

export interface VerifiedQuery {
  /** `file:verified/revenue.yaml#2` for the second query of a file; the store's id for one from chat. */
  id: string;
  question: string;
  paraphrases: string[];
  sql: string;
  /** The database the SQL runs on; undefined when the source did not say. */
  database?: string;
  /** The person's name as the badge shows it. */
  verifiedBy: string;
  /** `2026-11-02`, or '' when the source did not say. */
  verifiedAt: string;
  source: 'file' | 'chat';
}

/**
 * SQL compared as text, without what does not change its meaning to a reader: comments, case
 * outside quotes, runs of white space, a trailing semicolon. Two queries that differ only there are
 * the same verified query.
 */
export function normalizeSql(sql: string): string {
  const withoutComments = sql.replace(/--[^\n]*/g, ' ').replace(/\/\*[\s\S]*?\*\//g, ' ');
  // Split on quoted parts so literals and quoted identifiers keep their case and spacing.
  const parts = withoutComments.split(/('(?:[^']|'')*'|"(?:[^"]|"")*")/);
  const normalized = parts.map((part, index) => (index % 2 === 1 ? part : part.toLowerCase().replace(/\s+/g, ' ').replace(/\s*([(),=<>+*/-])\s*/g, '$1'))).join('');
  return normalized.trim().replace(/(\s*;)+$/, '').trim();
}

export function verifiedQueryFromStore(stored: StoredVerifiedQuery): VerifiedQuery {
  return {
    id: stored.id,
    question: stored.question,
    paraphrases: stored.paraphrases,
    sql: stored.sql,
    ...(stored.databaseName ? { database: stored.databaseName } : {}),
    verifiedBy: stored.verifiedBy.displayName ?? stored.verifiedBy.userId,
    verifiedAt: stored.verifiedAt.toISOString().slice(0, 10),
    source: 'chat',
  };
}

/** What an answer whose SQL is a verified query shows: "✓ Verified query, by Ana, 2026-11-02". */
export interface VerifiedBadge {
  verifiedBy: string;
  verifiedAt: string;
  /** The verified SQL (the answer's Show SQL has the query as it ran). */
  sql: string;
}

export function verifiedBadgeText(badge: VerifiedBadge): string {
  const parts = ['✓ Verified query', ...(badge.verifiedBy ? [`by ${badge.verifiedBy}`] : []), ...(badge.verifiedAt ? [badge.verifiedAt] : [])];
  return parts.join(', ');
}
