// Finds the row limit the outermost query imposes on itself (LIMIT, TOP, FETCH FIRST), so the
// caller can tell "the result was cut by our row cap" apart from "the query asked for N rows".
// Token-based on purpose: limits inside subqueries, CTEs, strings and comments must not count,
// and it has to work for SQL that the statement parser does not understand.

import type { DialectRules } from '../databases/dialect-rules.js';
import { isKeyword, splitStatements, tokenizeSql, type SqlToken } from './sql-tokenizer.js';

const INTEGER = /^[0-9]+$/;

export function detectOuterLimit(sql: string, rules: DialectRules): number | null {
  const statements = splitStatements(tokenizeSql(sql, rules.lexical).tokens);
  const clauses = rules.limitClauses;
  const lastStatement = statements.at(-1);
  if (!lastStatement) return null;
  const outerTokens = lastStatement.filter((token) => token.depth === 0);

  const limits: number[] = [];
  for (let index = 0; index < outerTokens.length; index += 1) {
    const token = outerTokens[index]!;
    let limit: number | null = null;
    if (isKeyword(token, 'LIMIT') && clauses.includes('limit')) limit = readLimitClause(lastStatement, token);
    else if (isKeyword(token, 'TOP') && clauses.includes('top') && followsSelectHead(outerTokens[index - 1])) limit = readTopClause(lastStatement, token);
    else if (isKeyword(token, 'FETCH') && clauses.includes('fetch')) limit = readFetchClause(outerTokens, index);
    if (limit !== null) limits.push(limit);
  }
  return limits.length === 0 ? null : Math.min(...limits);
}

/** `LIMIT n`, `LIMIT offset, n` (MySQL / SQLite), `LIMIT (n)`; `LIMIT ALL` and expressions give null. */
function readLimitClause(statement: readonly SqlToken[], limitToken: SqlToken): number | null {
  const after = tokensAfter(statement, limitToken);
  const first = readCount(after, 0);
  if (!first) return null;
  const separator = after[first.nextIndex];
  if (separator?.kind === 'punctuation' && separator.text === ',') {
    const second = readCount(after, first.nextIndex + 1);
    return second ? second.value : null;
  }
  // Anything else of punctuation (`%`, `+`, `*` …) makes it a percentage or an expression.
  if (separator?.kind === 'punctuation') return null;
  return first.value;
}

/** `TOP n`, `TOP (n)`; `TOP n PERCENT` limits a share of rows, not a count, so gives null. */
function readTopClause(statement: readonly SqlToken[], topToken: SqlToken): number | null {
  const after = tokensAfter(statement, topToken);
  const count = readCount(after, 0);
  if (!count) return null;
  if (isKeyword(after[count.nextIndex], 'PERCENT')) return null;
  return count.value;
}

/** `FETCH FIRST|NEXT [n] ROW|ROWS ONLY|WITH TIES`; a missing count means one row. */
function readFetchClause(outerTokens: readonly SqlToken[], fetchIndex: number): number | null {
  const direction = outerTokens[fetchIndex + 1];
  if (!isKeyword(direction, 'FIRST') && !isKeyword(direction, 'NEXT')) return null;
  const countToken = outerTokens[fetchIndex + 2];
  if (isKeyword(countToken, 'ROW') || isKeyword(countToken, 'ROWS')) return 1;
  if (countToken?.kind !== 'number' || !INTEGER.test(countToken.text)) return null;
  const unit = outerTokens[fetchIndex + 3];
  if (isKeyword(unit, 'PERCENT')) return null;
  return isKeyword(unit, 'ROW') || isKeyword(unit, 'ROWS') ? Number(countToken.text) : null;
}

/** TOP is a limit only right after SELECT (optionally DISTINCT / ALL); elsewhere it may be a column. */
function followsSelectHead(previous: SqlToken | undefined): boolean {
  return isKeyword(previous, 'SELECT') || isKeyword(previous, 'DISTINCT') || isKeyword(previous, 'ALL');
}

function tokensAfter(statement: readonly SqlToken[], token: SqlToken): readonly SqlToken[] {
  return statement.slice(statement.indexOf(token) + 1);
}

/** An integer literal, bare or in one pair of parentheses, at `index` of `tokens`. */
function readCount(tokens: readonly SqlToken[], index: number): { value: number; nextIndex: number } | null {
  const token = tokens[index];
  if (token?.kind === 'number' && INTEGER.test(token.text)) return { value: Number(token.text), nextIndex: index + 1 };
  const inner = tokens[index + 1];
  const close = tokens[index + 2];
  if (
    token?.kind === 'punctuation' && token.text === '(' &&
    inner?.kind === 'number' && INTEGER.test(inner.text) &&
    close?.kind === 'punctuation' && close.text === ')'
  ) {
    return { value: Number(inner.text), nextIndex: index + 3 };
  }
  return null;
}
