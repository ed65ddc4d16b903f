// How often recent queries named each table, from the SQL text the query audit keeps: the table
// index in the prompt lists the tables people's questions needed first. Identifiers are read
// loosely (quotes dropped, `db.schema.table` also counted as `schema.table`), which is enough to rank.

const IDENTIFIER_CHAIN = /[A-Za-z_][A-Za-z0-9_$]*(?:\s*\.\s*[A-Za-z_][A-Za-z0-9_$]*)*/g;

/** For each identifier (lower case): in how many of the texts it appears. */
export function countIdentifierUse(sqlTexts: readonly string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const sql of sqlTexts) {
    const unquoted = sql.replace(/["`[\]]/g, '');
    const seen = new Set<string>();
    for (const match of unquoted.matchAll(IDENTIFIER_CHAIN)) {
      const segments = match[0].toLowerCase().split(/\s*\.\s*/);
      seen.add(segments.join('.'));
      if (segments.length > 2) seen.add(segments.slice(-2).join('.'));
    }
    for (const identifier of seen) counts.set(identifier, (counts.get(identifier) ?? 0) + 1);
  }
  return counts;
}

/** Queries that named the table, qualified (`finance.revenue_daily`) or by its name alone. */
export function tableUseCount(counts: ReadonlyMap<string, number>, qualifiedName: string, name: string): number {
  const qualified = counts.get(qualifiedName.toLowerCase()) ?? 0;
  return qualifiedName.toLowerCase() === name.toLowerCase() ? qualified : qualified + (counts.get(name.toLowerCase()) ?? 0);
}
