// A small SQL tokenizer that splits text into tokens the way the target database does, following
// the dialect's lexical rules: strings (with or without backslash escapes), quoted identifiers,
// dollar quotes, comments (`--`, `#`, nested or flat `/* */`, MySQL's executable `/*! */`) and
// parentheses. It is deliberately not a parser; LIMIT detection and the statement gate's lexical
// checks need only token boundaries, parenthesis depth and statement boundaries.

import type { LexicalRules } from '../databases/dialect-rules.js';

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
  /** Executable comments (`/*! … *\/`), whose content the database runs; empty elsewhere. */
  executableComments: ExecutableComment[];
}

/** Source offsets of one executable comment: the whole comment, and the content it runs. */
export interface ExecutableComment {
  start: number;
  contentStart: number;
  contentEnd: number;
  end: number;
}

const EXECUTABLE_COMMENT_OPENING = /^\/\*(?:M?!)[0-9]*/;

const WORD_START = /[A-Za-z_\u0080-\uFFFF]/;
const WORD_PART = /[A-Za-z0-9_$\u0080-\uFFFF]/;
const DIGIT = /[0-9]/;
const DOLLAR_TAG = /^\$([A-Za-z_\u0080-\uFFFF][A-Za-z0-9_\u0080-\uFFFF]*)?\$/;

export function tokenizeSql(sql: string, rules: LexicalRules): SqlTokenization {
  const tokens: SqlToken[] = [];
  const executableComments: ExecutableComment[] = [];
  let hasNestedBlockComment = false;
  let hasBackslashEscapeString = false;
  let hasUnicodeEscape = false;
  let depth = 0;
  let statementIndex = 0;
  let position = 0;
  /** The executable comment being read, whose closing `*\/` ends it. */
  let openExecutableComment: { start: number; contentStart: number } | null = null;

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

  /** End index of a block comment starting at `start`; nested comments per the rules. */
  const endOfBlockComment = (start: number): number => {
    let nesting = 1;
    let index = start + 2;
    while (index < sql.length && nesting > 0) {
      if (sql[index] === '/' && sql[index + 1] === '*') {
        // Flagged in every dialect: a reader that nests and one that does not disagree here.
        hasNestedBlockComment = true;
        if (rules.nestedBlockComments) nesting += 1;
        index += 2;
      } else if (sql[index] === '*' && sql[index + 1] === '/') {
        nesting -= 1;
        index += 2;
      } else {
        index += 1;
      }
    }
    return index;
  };

  const closingBracket = rules.identifierQuotes.includes('[') ? ']' : null;

  while (position < sql.length) {
    const character = sql[position]!;
    const next = sql[position + 1];

    if (/\s/.test(character)) {
      position += 1;
      continue;
    }
    if (character === '-' && next === '-' && (!rules.dashCommentNeedsSpace || /^[\s]?$/.test(sql[position + 2] ?? ''))) {
      const newline = sql.indexOf('\n', position);
      position = newline === -1 ? sql.length : newline + 1;
      continue;
    }
    if (character === '/' && next === '/' && rules.slashLineComments) {
      const newline = sql.indexOf('\n', position);
      position = newline === -1 ? sql.length : newline + 1;
      continue;
    }
    if (character === '#' && rules.hashLineComments) {
      const newline = sql.indexOf('\n', position);
      position = newline === -1 ? sql.length : newline + 1;
      continue;
    }
    if (openExecutableComment !== null && character === '*' && next === '/') {
      executableComments.push({ ...openExecutableComment, contentEnd: position, end: position + 2 });
      openExecutableComment = null;
      position += 2;
      continue;
    }
    if (character === '/' && next === '*') {
      const executable = rules.executableComments ? EXECUTABLE_COMMENT_OPENING.exec(sql.slice(position, position + 12)) : null;
      if (executable && openExecutableComment === null) {
        // The database runs the content: read it as code, up to the closing `*\/`.
        openExecutableComment = { start: position, contentStart: position + executable[0].length };
        position += executable[0].length;
        continue;
      }
      if (openExecutableComment !== null) hasNestedBlockComment = true;
      position = endOfBlockComment(position);
      continue;
    }
    if (rules.stringQuotes.includes(character)) {
      const end = endOfQuoted(position, character, rules.backslashEscapesInStrings);
      if (rules.backslashEscapesInStrings && sql.slice(position, end).includes('\\')) hasBackslashEscapeString = true;
      push('string', position, end);
      position = end;
      continue;
    }
    if (rules.identifierQuotes.includes(character) && character !== '[') {
      const end = endOfQuoted(position, character, false);
      push('quotedIdentifier', position, end);
      position = end;
      continue;
    }
    if (character === '[' && closingBracket !== null) {
      const close = sql.indexOf(closingBracket, position + 1);
      const end = close === -1 ? sql.length : close + 1;
      push('quotedIdentifier', position, end);
      position = end;
      continue;
    }
    if (character === '$' && rules.dollarQuotedStrings) {
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
      if (rules.escapeStringPrefix && (character === 'E' || character === 'e') && next === "'") {
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
  if (openExecutableComment !== null) {
    executableComments.push({ ...openExecutableComment, contentEnd: sql.length, end: sql.length });
  }

  return { tokens, hasNestedBlockComment, hasBackslashEscapeString, hasUnicodeEscape, executableComments };
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
