// Read syntax a dialect has and the gate's parser cannot read, handed to the parser in a form it
// reads. Without this, a join hint or a ROLLUP made a whole everyday query unreadable, and so
// refused. Each rewrite matches a narrow run of the statement's own tokens (strings, quoted names
// and comments never match) and only touches words that change how a read is planned, how precise
// it is or how a value is written: join algorithms and strictness, query hints, ROLLUP, APPROXIMATE,
// a map literal's braces, a literal point in time, a type's parameters. No rewrite removes a table,
// a function call or a subquery, so everything the parser then reads is checked as before; every
// check on tokens (refused statements, words, settings) has already run on the original text.
//
// Every edit keeps the text's length and line breaks, so the parser's positions still point at the
// original statement and the edits of different rewrites never shift each other.

import type { ParserRewrite } from '../databases/dialect-rules.js';
import { isKeyword, type SqlToken } from './sql-tokenizer.js';

interface Edit {
  start: number;
  end: number;
  /** Same length as the text it replaces; null blanks it out (spaces, line breaks kept). */
  replacement: string | null;
}

type Rewrite = (tokens: readonly SqlToken[]) => Edit[];

const JOIN_SIDES = new Set(['LEFT', 'RIGHT', 'INNER', 'FULL', 'CROSS', 'OUTER']);
const CLICKHOUSE_STRICTNESS = new Set(['ANY', 'ALL', 'ASOF', 'SEMI', 'ANTI']);
const JOIN_ALGORITHMS = new Set(['HASH', 'MERGE', 'LOOP', 'REMOTE']);
const APPROXIMABLE_AGGREGATES = new Set(['COUNT', 'PERCENTILE_DISC']);
/** Words of SQL Server's query hints that only steer the plan; `TABLE HINT(t, UPDLOCK)` is refused on tokens first. */
const QUERY_HINT_WORDS = new Set([
  'MAXDOP', 'RECOMPILE', 'FORCE', 'ORDER', 'HASH', 'MERGE', 'CONCAT', 'UNION', 'LOOP', 'JOIN', 'GROUP', 'EXPAND', 'VIEWS',
  'FAST', 'KEEP', 'KEEPFIXED', 'PLAN', 'MAXRECURSION', 'OPTIMIZE', 'FOR', 'UNKNOWN', 'USE', 'HINT', 'LABEL', 'NO_PERFORMANCE_SPOOL',
  'IGNORE_NONCLUSTERED_COLUMNSTORE_INDEX', 'ROBUST', 'MIN_GRANT_PERCENT', 'MAX_GRANT_PERCENT', 'DISABLE_OPTIMIZED_PLAN_FORCING',
  'PARAMETERIZATION', 'SIMPLE', 'FORCED', 'EXTERNALPUSHDOWN', 'DISABLE', 'SCALEOUTEXECUTION',
]);
/** Words a literal point in time may hold: `TIMESTAMP '…'`, `current_timestamp - INTERVAL '1' DAY`. */
const POINT_IN_TIME_WORDS = new Set([
  'TIMESTAMP', 'DATE', 'CURRENT_TIMESTAMP', 'CURRENT_DATE', 'LOCALTIMESTAMP', 'INTERVAL', 'YEAR', 'MONTH', 'DAY', 'HOUR', 'MINUTE', 'SECOND',
  'WITH', 'TIME', 'ZONE',
]);
const PARAMETRISED_TYPES = new Set(['ARRAY', 'MAP', 'ROW']);

const REWRITES: Record<ParserRewrite, Rewrite> = {
  'join-modifier-words': (tokens) =>
    tokens.flatMap((token, index) => {
      const word = wordOf(token);
      if (word === 'GLOBAL') {
        const next = wordOf(tokens[index + 1]);
        const joinsOrFilters = next === 'IN' || next === 'NOT' || next === 'JOIN' || JOIN_SIDES.has(next) || CLICKHOUSE_STRICTNESS.has(next);
        return joinsOrFilters ? [blank(token)] : [];
      }
      if (!CLICKHOUSE_STRICTNESS.has(word) || !inJoinPosition(tokens, index)) return [];
      return [blank(token)];
    }),
  'join-algorithm-hints': (tokens) =>
    tokens.flatMap((token, index) => {
      const hinted = JOIN_ALGORITHMS.has(wordOf(token)) && JOIN_SIDES.has(wordOf(tokens[index - 1])) && isKeyword(tokens[index + 1], 'JOIN');
      return hinted ? [blank(token)] : [];
    }),
  'query-hint-option': (tokens) => {
    const option = tokens.findIndex((token) => isKeyword(token, 'OPTION') && token.depth === 0);
    if (option === -1 || !isPunctuation(tokens[option + 1], '(')) return [];
    const close = closingParenthesis(tokens, option + 1);
    if (close === -1 || !isStatementEnd(tokens, close + 1)) return [];
    const inside = tokens.slice(option + 2, close);
    const onlyHints = inside.every((token) =>
      token.kind === 'word' ? QUERY_HINT_WORDS.has(token.text.toUpperCase()) : token.kind !== 'quotedIdentifier' && !isPunctuation(token, '@'),
    );
    return onlyHints ? [blankRange(tokens[option]!, tokens[close]!)] : [];
  },
  'with-rollup': (tokens) =>
    tokens.flatMap((token, index) => (index > 0 && isKeyword(token, 'WITH') && isKeyword(tokens[index + 1], 'ROLLUP') ? [blankRange(token, tokens[index + 1]!)] : [])),
  'approximate-aggregates': (tokens) =>
    tokens.flatMap((token, index) =>
      isKeyword(token, 'APPROXIMATE') && APPROXIMABLE_AGGREGATES.has(wordOf(tokens[index + 1])) && isPunctuation(tokens[index + 2], '(') ? [blank(token)] : [],
    ),
  'brace-map-literals': (tokens) => tokens.flatMap((token, index) => (isKeyword(token, 'MAP') && isPunctuation(tokens[index + 1], '{') ? mapLiteralEdits(tokens, index + 1) : [])),
  'table-version-clauses': (tokens) =>
    tokens.flatMap((token, index) => {
      const versioned = isKeyword(token, 'FOR') && (isKeyword(tokens[index + 1], 'TIMESTAMP') || isKeyword(tokens[index + 1], 'VERSION'));
      if (!versioned || !isKeyword(tokens[index + 2], 'AS') || !isKeyword(tokens[index + 3], 'OF')) return [];
      const last = lastTokenOfPointInTime(tokens, index + 4, token.depth);
      return last === -1 ? [] : [blankRange(token, tokens[last]!)];
    }),
  'parenthesised-type-parameters': (tokens) =>
    tokens.flatMap((token, index) => {
      const cast = isKeyword(token, 'CAST') || isKeyword(token, 'TRY_CAST');
      return cast && isPunctuation(tokens[index + 1], '(') ? castTypeEdits(tokens, index + 1) : [];
    }),
};

/** The SQL the parser reads: `sql` with every match of the dialect's rewrites edited in place. */
export function rewriteForParser(sql: string, tokens: readonly SqlToken[], rewrites: readonly ParserRewrite[]): string {
  const edits = rewrites.flatMap((name) => REWRITES[name](tokens)).sort((first, second) => second.start - first.start);
  let result = sql;
  let limit = Number.POSITIVE_INFINITY;
  for (const edit of edits) {
    if (edit.end > limit) continue; // overlaps an edit already made; the first one stands
    const replacement = edit.replacement ?? sql.slice(edit.start, edit.end).replace(/[^\r\n]/g, ' ');
    result = result.slice(0, edit.start) + replacement + result.slice(edit.end);
    limit = edit.start;
  }
  return result;
}

/** `ANY`/`ASOF`/… before JOIN, with at most two join words between: `ANY JOIN`, `LEFT ANY JOIN`, `ASOF LEFT OUTER JOIN`. */
function inJoinPosition(tokens: readonly SqlToken[], index: number): boolean {
  let next = index + 1;
  while (JOIN_SIDES.has(wordOf(tokens[next])) && next < index + 3) next += 1;
  return isKeyword(tokens[next], 'JOIN');
}

/** `{` -> `(`, its `}` -> `)`, and each `:` between them at the literal's own level -> `,`. */
function mapLiteralEdits(tokens: readonly SqlToken[], open: number): Edit[] {
  const edits: Edit[] = [replace(tokens[open]!, '(')];
  let braces = 1;
  for (let index = open + 1; index < tokens.length; index += 1) {
    const token = tokens[index]!;
    if (isPunctuation(token, '{')) braces += 1;
    else if (isPunctuation(token, '}')) braces -= 1;
    if (braces === 0) return [...edits, replace(token, ')')];
    if (braces === 1 && token.depth === tokens[open]!.depth && isPunctuation(token, ':')) edits.push(replace(token, ','));
  }
  return []; // unclosed: left for the parser to refuse
}

/** The last token of a literal point in time from `first`, or -1 when anything else is there. */
function lastTokenOfPointInTime(tokens: readonly SqlToken[], first: number, depth: number): number {
  let last = -1;
  for (let index = first; index < tokens.length; index += 1) {
    const token = tokens[index]!;
    if (token.depth !== depth) break;
    const literal =
      token.kind === 'number' ||
      (token.kind === 'string' && token.text.startsWith("'")) ||
      (token.kind === 'word' && POINT_IN_TIME_WORDS.has(token.text.toUpperCase())) ||
      isPunctuation(token, '+') ||
      isPunctuation(token, '-');
    if (!literal) break;
    last = index;
  }
  return last;
}

/** `CAST(x AS ARRAY(VARCHAR))`: the type after the CAST's own AS, written as a plain TEXT for the parser. */
function castTypeEdits(tokens: readonly SqlToken[], open: number): Edit[] {
  const close = closingParenthesis(tokens, open);
  if (close === -1) return [];
  const innerDepth = tokens[open]!.depth + 1;
  const as = tokens.findIndex((token, index) => index > open && index < close && token.depth === innerDepth && isKeyword(token, 'AS'));
  if (as === -1 || as + 1 >= close) return [];
  const type = tokens.slice(as + 1, close);
  const parametrised = type.some((token, index) => PARAMETRISED_TYPES.has(wordOf(token)) && isPunctuation(type[index + 1], '('));
  const onlyTypeTokens = type.every(
    (token) => (token.kind === 'word' && !isKeyword(token, 'SELECT')) || token.kind === 'number' || token.kind === 'quotedIdentifier' || isPunctuation(token, '(') || isPunctuation(token, ')') || isPunctuation(token, ','),
  );
  if (!parametrised || !onlyTypeTokens) return [];
  const start = type[0]!.start;
  const end = type.at(-1)!.end;
  return [{ start, end, replacement: `TEXT${' '.repeat(end - start - 4)}` }];
}

function closingParenthesis(tokens: readonly SqlToken[], open: number): number {
  const depth = tokens[open]!.depth;
  for (let index = open + 1; index < tokens.length; index += 1) {
    const token = tokens[index]!;
    if (token.depth === depth && isPunctuation(token, ')')) return index;
  }
  return -1;
}

function isStatementEnd(tokens: readonly SqlToken[], index: number): boolean {
  const token = tokens[index];
  return token === undefined || (isPunctuation(token, ';') && token.depth === 0);
}

function wordOf(token: SqlToken | undefined): string {
  return token?.kind === 'word' ? token.text.toUpperCase() : '';
}

function isPunctuation(token: SqlToken | undefined, text: string): boolean {
  return token !== undefined && token.kind === 'punctuation' && token.text === text;
}

function blank(token: SqlToken): Edit {
  return { start: token.start, end: token.end, replacement: null };
}

function blankRange(first: SqlToken, last: SqlToken): Edit {
  return { start: first.start, end: last.end, replacement: null };
}

function replace(token: SqlToken, text: string): Edit {
  return { start: token.start, end: token.end, replacement: text };
}
