// The text the gate hands its parser: the statement as the database reads it, with everything the
// database skips made plain space. Comments are blanked (line breaks kept), so the parser never
// decides where a comment ends: MySQL's `--` before U+00A0, PostgreSQL's and DuckDB's `--` ending at
// a carriage return, Spark's comment continued by a trailing backslash and StarRocks' `--1` all
// reach it as the database reads them. Raw-string prefixes (`r'…'`) are blanked too, so the parser
// reads the string itself and not a name `r` before it. Lengths and line breaks are kept, so
// offsets from the tokenizer still point into the text.

import type { SqlTokenization } from './sql-tokenizer.js';

export function textForParser(sql: string, tokenization: SqlTokenization, rawStrings: boolean, letterPrefixedStrings = false): string {
  const blanks: { start: number; end: number }[] = [...tokenization.comments];
  if (rawStrings) {
    for (const token of tokenization.tokens) {
      const prefix = token.text[0];
      if (token.kind === 'string' && (prefix === 'r' || prefix === 'R')) blanks.push({ start: token.start, end: token.start + 1 });
    }
  }
  if (letterPrefixedStrings) {
    // DuckDB reads b'…', x'…', n'…' and e'…' as one literal; the parser, as a name and its alias.
    tokenization.tokens.forEach((token, index) => {
      const previous = tokenization.tokens[index - 1];
      if (token.kind !== 'string' || !token.text.startsWith("'")) {
        if (token.kind === 'string' && /^[eE]'/.test(token.text)) blanks.push({ start: token.start, end: token.start + 1 });
        return;
      }
      if (previous?.kind === 'word' && previous.end === token.start && /^[bBxXnNeE]$/.test(previous.text)) blanks.push({ start: previous.start, end: previous.end });
    });
  }
  if (blanks.length === 0) return sql;
  blanks.sort((first, second) => first.start - second.start);
  let result = '';
  let position = 0;
  for (const blank of blanks) {
    result += sql.slice(position, blank.start) + sql.slice(blank.start, blank.end).replace(/[^\n]/g, ' ');
    position = blank.end;
  }
  return result + sql.slice(position);
}
