// Strings with backslash escapes, re-quoted for a parser that does not read them. Databricks
// (Spark SQL) reads `'it\'s'` as one string; the parser's Databricks dialect takes the backslash for
// a plain character, ends the string at `\'` and fails on the rest, so an everyday literal made the
// whole query unreadable. The gate's tokenizer reads strings as the database does; each string that
// holds a backslash is handed to the parser as the same text in the form it reads ('' for a quote),
// so both see the same string end where the database does. The text of a string changes nothing the
// gate checks; only where it ends does, and that now agrees.

import type { SqlToken } from './sql-tokenizer.js';

/** `sql` with every backslash-escaped '…' or "…" string token rewritten with doubled quotes instead. */
export function requoteBackslashStrings(sql: string, tokens: readonly SqlToken[]): string {
  let result = sql;
  // From the end, so the positions of earlier tokens still hold after a rewrite changes a length.
  for (let index = tokens.length - 1; index >= 0; index -= 1) {
    const token = tokens[index]!;
    if (token.kind !== 'string' || !token.text.includes('\\')) continue;
    const quote = token.text[0]!;
    if ((quote !== "'" && quote !== '"') || token.text.length < 2 || !token.text.endsWith(quote)) continue;
    const text = token.text.slice(1, -1).replace(/\\(.)/gs, '$1');
    result = result.slice(0, token.start) + quote + text.replaceAll(quote, quote + quote) + quote + result.slice(token.end);
  }
  return result;
}
