// Whether a query fixes the order of its result: an ORDER BY at the outermost level of its last
// statement. ORDER BY inside a subquery, a CTE, a window (`OVER (ORDER BY …)`), a string or a
// comment does not order the result, so the dialect's tokenizer decides, not a text search.
import type { Dialect } from '../databases/types.js';
import { dialectRules } from '../databases/dialects.js';
import { isKeyword, splitStatements, tokenizeSql } from '../sql/sql-tokenizer.js';

export function hasOuterOrderBy(sql: string, dialect: Dialect): boolean {
  const statements = splitStatements(tokenizeSql(sql, dialectRules(dialect).lexical).tokens);
  const outerTokens = (statements.at(-1) ?? []).filter((token) => token.depth === 0);
  return outerTokens.some((token, index) => isKeyword(token, 'ORDER') && isKeyword(outerTokens[index + 1], 'BY'));
}
