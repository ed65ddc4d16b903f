// A small SQL tokenizer that models how PostgreSQL and DuckDB split text into tokens: strings,
// quoted identifiers, dollar quotes, comments (nested, as those databases nest them) and
// parentheses. It is deliberately not a parser; LIMIT detection and the statement gate's
// lexical checks need only token boundaries, parenthesis depth and statement boundaries.

export type SqlTokenKind = 'word' | 'number' | 'string' | 'quotedIdentifier' | 'punctuation';

export interface SqlToken {
  kind: SqlTokenKind;
  /** The token's source text; for words, as written (compare case-insensitively). */
  text: string;
  start: number;
  end: number;
  /** Parenthesis / bracket depth the token sits at; an opening parenthesis sits at the outer depth. */
  depth: number;
  /** Index of the statement (split at depth-0 semicolons) the token belongs to. */
  statementIndex: number;
}

export interface SqlTokenization {
  tokens: SqlToken[];
  /** A `/*` appeared inside a block comment (PostgreSQL and DuckDB nest block comments). */
  hasNestedBlockComment: boolean;
  /** Escape strings (`E'…'`) whose body contains a backslash. */
  hasBackslashEscapeString: boolean;
  /** Unicode-escaped strings or identifiers (`U&'…'`, `U&"…"`). */
  hasUnicodeEscape: boolean;
}

const WORD_START = /[A-Za-z_\u0080-\uFFFF]/;
const WORD_PART = /[A-Za-z0-9_$\u0080-\uFFFF]/;
const DIGIT = /[0-9]/;
const DOLLAR_TAG = /^\$([A-Za-z_\u0080-\uFFFF][A-Za-z0-9_\u0080-\uFFFF]*)?\$/;

export function tokenizeSql(sql: string): SqlTokenization {
  const tokens: SqlToken[] = [];
  let hasNestedBlockComment = false;
  let hasBackslashEscapeString = false;
  let hasUnicodeEscape = false;
  let depth = 0;
  let statementIndex = 0;
  let position = 0;

  const push = (kind: SqlTokenKind, start: number, end: number): void => {
    tokens.push({ kind, text: sql.slice(start, end), start, end, depth, statementIndex });
  };

  /** End index (exclusive) of a quoted run that starts at `start` with `quote`; doubled quotes escape. */
  const endOfQuoted = (start: number, quote: string, backslashEscapes: boolean): number => {
    let index = start + 1;
    while (index < sql.length) {
      const character = sql[index];
      if (backslashEscapes && character === '\\') {
        index += 2;
        continue;
      }
      if (character === quote) {
        if (sql[index + 1] === quote) {
          index += 2;
          continue;
        }
        return index + 1;
      }
      index += 1;
    }
    return sql.length;
  };

  while (position < sql.length) {
    const character = sql[position]!;
    const next = sql[position + 1];

    if (/\s/.test(character)) {
      position += 1;
      continue;
    }
    if (character === '-' && next === '-') {
      const newline = sql.indexOf('\n', position);
      position = newline === -1 ? sql.length : newline + 1;
      continue;
    }
    if (character === '/' && next === '*') {
      let nesting = 1;
      let index = position + 2;
      while (index < sql.length && nesting > 0) {
        if (sql[index] === '/' && sql[index + 1] === '*') {
          nesting += 1;
          hasNestedBlockComment = true;
          index += 2;
        } else if (sql[index] === '*' && sql[index + 1] === '/') {
          nesting -= 1;
          index += 2;
        } else {
          index += 1;
        }
      }
      position = index;
      continue;
    }
    if (character === "'") {
      const end = endOfQuoted(position, "'", false);
      push('string', position, end);
      position = end;
      continue;
    }
    if (character === '"') {
      const end = endOfQuoted(position, '"', false);
      push('quotedIdentifier', position, end);
      position = end;
      continue;
    }
    if (character === '`') {
      const end = endOfQuoted(position, '`', false);
      push('quotedIdentifier', position, end);
      position = end;
      continue;
    }
    if (character === '$') {
      const previous = position > 0 ? sql[position - 1]! : '';
      const tag = WORD_PART.test(previous) ? null : DOLLAR_TAG.exec(sql.slice(position, position + 200));
      if (tag) {
        const delimiter = tag[0];
        const close = sql.indexOf(delimiter, position + delimiter.length);
        const end = close === -1 ? sql.length : close + delimiter.length;
        push('string', position, end);
        position = end;
        continue;
      }
    }
    if (WORD_START.test(character)) {
      // Escape strings: E'…' treats backslash as an escape character.
      if ((character === 'E' || character === 'e') && next === "'") {
        const end = endOfQuoted(position + 1, "'", true);
        if (sql.slice(position, end).includes('\\')) hasBackslashEscapeString = true;
        push('string', position, end);
        position = end;
        continue;
      }
      // Unicode escapes: U&'…' and U&"…" spell characters as \XXXX codes.
      if ((character === 'U' || character === 'u') && next === '&' && (sql[position + 2] === "'" || sql[position + 2] === '"')) {
        hasUnicodeEscape = true;
        const quote = sql[position + 2]!;
        const end = endOfQuoted(position + 2, quote, false);
        push(quote === "'" ? 'string' : 'quotedIdentifier', position, end);
        position = end;
        continue;
      }
      let end = position + 1;
      while (end < sql.length && WORD_PART.test(sql[end]!)) end += 1;
      push('word', position, end);
      position = end;
      continue;
    }
    if (DIGIT.test(character) || (character === '.' && next !== undefined && DIGIT.test(next))) {
      let end = position + 1;
      while (end < sql.length && /[0-9._]/.test(sql[end]!)) end += 1;
      if (end < sql.length && /[eE]/.test(sql[end]!) && /[0-9+-]/.test(sql[end + 1] ?? '')) {
        end += 2;
        while (end < sql.length && DIGIT.test(sql[end]!)) end += 1;
      }
      push('number', position, end);
      position = end;
      continue;
    }
    if (character === '(' || character === '[') {
      push('punctuation', position, position + 1);
      depth += 1;
      position += 1;
      continue;
    }
    if (character === ')' || character === ']') {
      depth = Math.max(0, depth - 1);
      push('punctuation', position, position + 1);
      position += 1;
      continue;
    }
    if (character === ';' && depth === 0) {
      push('punctuation', position, position + 1);
      statementIndex += 1;
      position += 1;
      continue;
    }
    push('punctuation', position, position + 1);
    position += 1;
  }

  return { tokens, hasNestedBlockComment, hasBackslashEscapeString, hasUnicodeEscape };
}

/** The tokens of each statement, without the separating semicolons; empty statements are dropped. */
export function splitStatements(tokens: readonly SqlToken[]): SqlToken[][] {
  const statements: SqlToken[][] = [];
  for (const token of tokens) {
    if (token.kind === 'punctuation' && token.text === ';' && token.depth === 0) continue;
    const statement = statements[token.statementIndex] ?? [];
    statements[token.statementIndex] = statement;
    statement.push(token);
  }
  return statements.filter((statement) => statement !== undefined && statement.length > 0);
}

export function isKeyword(token: SqlToken | undefined, keyword: string): boolean {
  return token !== undefined && token.kind === 'word' && token.text.toUpperCase() === keyword;
}
