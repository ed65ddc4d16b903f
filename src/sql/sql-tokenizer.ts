// A small SQL tokenizer that splits text into tokens the way the target database does, following
// the dialect's lexical rules: its whitespace, strings (with or without backslash escapes, raw,
// triple-quoted), quoted identifiers, dollar quotes, comments (`--`, `#`, `//`, nested or flat
// `/* */`, MySQL's executable `/*! */`) and parentheses. It also records where the database and the
// gate's parser would read the text differently (disputed spaces, dollar tags, …) for the gate to
// refuse, and where the comments are, for the gate to blank them out of what the parser reads.
// It is deliberately not a parser; LIMIT detection and the statement gate's lexical checks need
// only token boundaries, parenthesis depth and statement boundaries.

import type { LexicalRules } from '../databases/dialect-rules.js';
import { isAsciiSpaceOrControl, isDigit, isDisputedSpace, isWordPart, isWordStart } from './lexical-characters.js';

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
  /** Comments the database skips (executable ones are not among them), in source order. */
  comments: SourceRange[];
  /** Text the database and the gate's parser would read differently: the gate refuses it. */
  disagreements: LexicalDisagreement[];
}

export interface SourceRange {
  start: number;
  end: number;
}

/**
 * `disputed-space`: a space-like character outside quotes and comments that the dialect's engine
 * does not skip (MySQL reads U+00A0 as part of a name; the parser as a space). `lone-carriage-return`:
 * a carriage return without a line feed inside a line comment where the engine's reading is not
 * documented. `tagged-dollar-quote`: `$tag$` where the engine has only `$$` strings and the parser
 * reads tags. `dollar-quote`: a `$$…$$` string the parser reads differently from the engine.
 * `unsupported-dollar-quote`: `$$` or `$tag$` where the engine has no dollar-quoted strings (a
 * disagreement only where the parser has them: the gate decides, knowing the parser's dialect).
 */
export interface LexicalDisagreement {
  kind: 'disputed-space' | 'lone-carriage-return' | 'tagged-dollar-quote' | 'dollar-quote' | 'unsupported-dollar-quote';
  position: number;
  text: string;
}

/** Source offsets of one executable comment: the whole comment, and the content it runs. */
export interface ExecutableComment {
  start: number;
  contentStart: number;
  contentEnd: number;
  end: number;
}

const EXECUTABLE_COMMENT_OPENING = /^\/\*(?:M?!)[0-9]*/;
const NUMBER_PART = /[0-9._]/;
const EXPONENT_MARK = /[eE]/;
const EXPONENT_START = /[0-9+-]/;
/** Longest dollar-quote tag looked for; PostgreSQL's tags are names, far shorter than this. */
const MAX_DOLLAR_TAG_LENGTH = 200;

export function tokenizeSql(sql: string, rules: LexicalRules): SqlTokenization {
  const tokens: SqlToken[] = [];
  const executableComments: ExecutableComment[] = [];
  const comments: SourceRange[] = [];
  const disagreements: LexicalDisagreement[] = [];
  let hasNestedBlockComment = false;
  let hasBackslashEscapeString = false;
  let hasUnicodeEscape = false;
  let depth = 0;
  let statementIndex = 0;
  let position = 0;
  /** The executable comment being read, whose closing `*\/` ends it. */
  let openExecutableComment: { start: number; contentStart: number } | null = null;
  const doubledQuotesEscape = rules.doubledQuotesAreTwoLiterals !== true;

  const push = (kind: SqlTokenKind, start: number, end: number): void => {
    tokens.push({ kind, text: sql.slice(start, end), start, end, depth, statementIndex });
  };

  /** End index (exclusive) of a quoted run that starts at `start` with `quote`; doubled quotes escape unless the dialect says not. */
  const endOfQuoted = (start: number, quote: string, backslashEscapes: boolean): number => {
    let index = start + 1;
    while (index < sql.length) {
      const character = sql[index];
      if (backslashEscapes && character === '\\') {
        index += 2;
        continue;
      }
      if (character === quote) {
        if (doubledQuotesEscape && sql[index + 1] === quote) {
          index += 2;
          continue;
        }
        return index + 1;
      }
      index += 1;
    }
    return sql.length;
  };

  /** End index of a `'''…'''` or `"""…"""` string starting at `start`. */
  const endOfTripleQuoted = (start: number, quote: string, backslashEscapes: boolean): number => {
    const closing = quote.repeat(3);
    let index = start + 3;
    while (index < sql.length) {
      if (backslashEscapes && sql[index] === '\\') {
        index += 2;
        continue;
      }
      if (sql.startsWith(closing, index)) return index + 3;
      index += 1;
    }
    return sql.length;
  };

  /** End index of a line comment starting at `start`, past the character that ends it. */
  const endOfLineComment = (start: number, backslashContinues: boolean): number => {
    let index = start;
    while (index < sql.length) {
      const character = sql[index];
      if (character === '\n') {
        if (backslashContinues && sql[index - 1] === '\\') {
          index += 1;
          continue;
        }
        return index + 1;
      }
      if (character === '\r' && rules.lineCommentEnd === 'line-feed-or-carriage-return') return index + 1;
      if (character === '\r' && sql[index + 1] !== '\n' && rules.lineCommentEnd === 'unverified') {
        disagreements.push({ kind: 'lone-carriage-return', position: index, text: character });
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

  /** End index of a [bracketed] name; `]]` stands for `]` where the dialect says so. */
  const endOfBracketed = (start: number): number => {
    let index = start + 1;
    while (index < sql.length) {
      if (sql[index] === ']') {
        if (rules.bracketIdentifierDoubledClose && sql[index + 1] === ']') {
          index += 2;
          continue;
        }
        return index + 1;
      }
      index += 1;
    }
    return sql.length;
  };

  /** `$$` or `$tag$` opening a dollar-quoted string at `start`, or null. */
  const dollarDelimiter = (start: number): string | null => {
    let index = start + 1;
    if (sql[index] !== '$') {
      if (index >= sql.length || !isWordStart(sql[index]!)) return null;
      index += 1;
      while (index < sql.length && index - start < MAX_DOLLAR_TAG_LENGTH && sql[index] !== '$' && isWordPart(sql[index]!)) index += 1;
      if (sql[index] !== '$') return null;
    }
    return sql.slice(start, index + 1);
  };

  /** A ClickHouse heredoc at `start`: `$`, any tag up to the next `$`, and the same delimiter later. */
  const heredocAt = (start: number): { delimiter: string; end: number } | null => {
    const tagEnd = sql.indexOf('$', start + 1);
    if (tagEnd === -1) return null;
    const delimiter = sql.slice(start, tagEnd + 1);
    const close = sql.indexOf(delimiter, tagEnd + 1);
    return close === -1 ? null : { delimiter, end: close + delimiter.length };
  };

  const comment = (start: number, end: number): void => {
    comments.push({ start, end });
    position = end;
  };

  const hasBracketNames = rules.identifierQuotes.includes('[');

  while (position < sql.length) {
    const character = sql[position]!;
    const next = sql[position + 1];

    if (rules.whitespace.includes(character)) {
      position += 1;
      continue;
    }
    if (isDisputedSpace(character)) {
      disagreements.push({ kind: 'disputed-space', position, text: character });
      position += 1;
      continue;
    }
    if (character === '-' && next === '-' && (!rules.dashCommentNeedsSpace || position + 2 >= sql.length || isAsciiSpaceOrControl(sql[position + 2]!))) {
      comment(position, endOfLineComment(position + 2, rules.lineCommentBackslashContinues === true));
      continue;
    }
    if (character === '/' && next === '/' && rules.slashLineComments) {
      comment(position, endOfLineComment(position + 2, false));
      continue;
    }
    if (character === '#' && rules.hashLineComments) {
      comment(position, endOfLineComment(position + 1, false));
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
      comment(position, endOfBlockComment(position));
      continue;
    }
    if (rules.stringQuotes.includes(character)) {
      const triple = rules.tripleQuotedStrings === true && next === character && sql[position + 2] === character;
      const end = triple ? endOfTripleQuoted(position, character, rules.backslashEscapesInStrings) : endOfQuoted(position, character, rules.backslashEscapesInStrings);
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
    if (character === '[' && hasBracketNames) {
      const end = endOfBracketed(position);
      push('quotedIdentifier', position, end);
      position = end;
      continue;
    }
    if (character === '$' && rules.dollarQuotedStrings === 'heredoc' && !(position > 0 && isWordPart(sql[position - 1]!))) {
      const heredoc = heredocAt(position);
      if (heredoc !== null) {
        // The parser reads only `$$` and `$name$` delimiters.
        if (!/^\$(?:[A-Za-z_][A-Za-z0-9_]*)?\$$/.test(heredoc.delimiter)) disagreements.push({ kind: 'dollar-quote', position, text: heredoc.delimiter });
        push('string', position, heredoc.end);
        position = heredoc.end;
        continue;
      }
      if (next !== undefined && isWordPart(next)) {
        // No heredoc: `$x` starts a name, as in ClickHouse's lexer.
        let end = position + 1;
        while (end < sql.length && isWordPart(sql[end]!)) end += 1;
        push('word', position, end);
        position = end;
        continue;
      }
    }
    if (character === '$' && rules.dollarQuotedStrings !== 'heredoc' && !(position > 0 && isWordPart(sql[position - 1]!))) {
      const delimiter = dollarDelimiter(position);
      if (delimiter !== null && rules.dollarQuotedStrings === 'none') {
        // Not a string to the engine; the gate refuses it where the parser would read one.
        disagreements.push({ kind: 'unsupported-dollar-quote', position, text: delimiter });
      } else if (delimiter !== null && delimiter !== '$$' && rules.dollarQuotedStrings === 'untagged') {
        // The engine reads `$` and a name here; the parser would read a string up to the same tag.
        disagreements.push({ kind: 'tagged-dollar-quote', position, text: delimiter });
      } else if (delimiter !== null) {
        const close = sql.indexOf(delimiter, position + delimiter.length);
        const end = close === -1 ? sql.length : close + delimiter.length;
        if (rules.parserMisreadsDollarQuotes) disagreements.push({ kind: 'dollar-quote', position, text: delimiter });
        push('string', position, end);
        position = end;
        continue;
      }
    }
    if (isWordStart(character)) {
      // Escape strings: E'…' treats backslash as an escape character.
      if (rules.escapeStringPrefix && (character === 'E' || character === 'e') && next === "'") {
        const end = endOfQuoted(position + 1, "'", true);
        if (sql.slice(position, end).includes('\\')) hasBackslashEscapeString = true;
        push('string', position, end);
        position = end;
        continue;
      }
      // Raw strings: r'…' and R"…" end at the next quote of their kind; a backslash is a character.
      if (rules.rawStrings && (character === 'r' || character === 'R') && (next === "'" || next === '"')) {
        const close = sql.indexOf(next, position + 2);
        const end = close === -1 ? sql.length : close + 1;
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
      while (end < sql.length && isWordPart(sql[end]!)) end += 1;
      push('word', position, end);
      position = end;
      continue;
    }
    if (isDigit(character) || (character === '.' && isDigit(next))) {
      let end = position + 1;
      while (end < sql.length && NUMBER_PART.test(sql[end]!)) end += 1;
      if (end < sql.length && EXPONENT_MARK.test(sql[end]!) && EXPONENT_START.test(sql[end + 1] ?? '')) {
        end += 2;
        while (end < sql.length && isDigit(sql[end])) end += 1;
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

  return { tokens, hasNestedBlockComment, hasBackslashEscapeString, hasUnicodeEscape, executableComments, comments, disagreements };
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
