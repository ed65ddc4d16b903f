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

/** The statement's tokens, and each one's upper-case word ('' for anything but a word), read once. */
interface TokenView {
  tokens: readonly SqlToken[];
  words: readonly string[];
}

type Rewrite = (view: TokenView) => Edit[];

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
  'join-modifier-words': ({ tokens, words }) =>
    editsAt(words, (word, index) => {
      if (word === 'GLOBAL') {
        const next = words[index + 1] ?? '';
        const joinsOrFilters = next === 'IN' || next === 'NOT' || next === 'JOIN' || JOIN_SIDES.has(next) || CLICKHOUSE_STRICTNESS.has(next);
        return joinsOrFilters ? [blank(tokens[index]!)] : [];
      }
      return CLICKHOUSE_STRICTNESS.has(word) && inJoinPosition(words, index) ? [blank(tokens[index]!)] : [];
    }),
  'join-algorithm-hints': ({ tokens, words }) =>
    editsAt(words, (word, index) => (JOIN_ALGORITHMS.has(word) && JOIN_SIDES.has(words[index - 1] ?? '') && words[index + 1] === 'JOIN' ? [blank(tokens[index]!)] : [])),
  'query-hint-option': ({ tokens, words }) => {
    const option = words.findIndex((word, index) => word === 'OPTION' && tokens[index]!.depth === 0);
    if (option === -1 || !isPunctuation(tokens[option + 1], '(')) return [];
    const close = closingParenthesis(tokens, option + 1);
    if (close === -1 || !isStatementEnd(tokens, close + 1)) return [];
    const inside = tokens.slice(option + 2, close);
    const onlyHints = inside.every((token) =>
      token.kind === 'word' ? QUERY_HINT_WORDS.has(token.text.toUpperCase()) : token.kind !== 'quotedIdentifier' && !isPunctuation(token, '@'),
    );
    return onlyHints ? [blankRange(tokens[option]!, tokens[close]!)] : [];
  },
  'with-rollup': ({ tokens, words }) => editsAt(words, (word, index) => (index > 0 && word === 'WITH' && words[index + 1] === 'ROLLUP' ? [blankRange(tokens[index]!, tokens[index + 1]!)] : [])),
  'approximate-aggregates': ({ tokens, words }) =>
    editsAt(words, (word, index) => (word === 'APPROXIMATE' && APPROXIMABLE_AGGREGATES.has(words[index + 1] ?? '') && isPunctuation(tokens[index + 2], '(') ? [blank(tokens[index]!)] : [])),
  'brace-map-literals': ({ tokens, words }) => editsAt(words, (word, index) => (word === 'MAP' && isPunctuation(tokens[index + 1], '{') ? mapLiteralEdits(tokens, index + 1) : [])),
  'table-version-clauses': ({ tokens, words }) =>
    editsAt(words, (word, index) => {
      const versioned = word === 'FOR' && (words[index + 1] === 'TIMESTAMP' || words[index + 1] === 'VERSION') && words[index + 2] === 'AS' && words[index + 3] === 'OF';
      if (!versioned) return [];
      const last = lastTokenOfPointInTime(tokens, index + 4, tokens[index]!.depth);
      return last === -1 ? [] : [blankRange(tokens[index]!, tokens[last]!)];
    }),
  'parenthesised-type-parameters': ({ tokens, words }) =>
    editsAt(words, (word, index) => ((word === 'CAST' || word === 'TRY_CAST') && isPunctuation(tokens[index + 1], '(') ? castTypeEdits(tokens, index + 1) : [])),
};

/** The SQL the parser reads: `sql` with every match of the dialect's rewrites edited in place. */
export function rewriteForParser(sql: string, tokens: readonly SqlToken[], rewrites: readonly ParserRewrite[]): string {
  const view: TokenView = { tokens, words: tokens.map((token) => (token.kind === 'word' ? token.text.toUpperCase() : '')) };
  const edits = rewrites.flatMap((name) => REWRITES[name](view));
  if (edits.length === 0) return sql;
  edits.sort((first, second) => second.start - first.start);
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

/** The edits `match` returns for each word token (other tokens are skipped). */
function editsAt(words: readonly string[], match: (word: string, index: number) => Edit[]): Edit[] {
  const edits: Edit[] = [];
  for (let index = 0; index < words.length; index += 1) {
    const word = words[index]!;
    if (word !== '') edits.push(...match(word, index));
  }
  return edits;
}

/** `ANY`/`ASOF`/… before JOIN, with at most two join words between: `ANY JOIN`, `LEFT ANY JOIN`, `ASOF LEFT OUTER JOIN`. */
function inJoinPosition(words: readonly string[], index: number): boolean {
  let next = index + 1;
  while (JOIN_SIDES.has(words[next] ?? '') && next < index + 3) next += 1;
  return words[next] === 'JOIN';
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
  const parametrised = type.some((token, index) => token.kind === 'word' && PARAMETRISED_TYPES.has(token.text.toUpperCase()) && isPunctuation(type[index + 1], '('));
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
