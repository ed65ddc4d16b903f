// A query's own `SETTINGS name = value, …` clause (ClickHouse) changes settings for that query, so
// each setting must be on the dialect's closed list (allowedQuerySettings) and set to a plain value.
//
// ClickHouse accepts the clause on every SELECT: the outer query, a subquery, a CTE body, each UNION
// branch. The parser reads one only at the end of a whole query, and takes `SELECT 1 SETTINGS …` for
// a column alias, so a nested clause made the whole query unreadable. The clauses are therefore read
// here, on the dialect's tokens (a SETTINGS inside a string, a comment or a quoted name is not a
// token and never counts), every setting in them checked, and the clauses blanked out of the text
// the parser reads next; the parser then checks everything else as before.
//
// Tokens cannot tell where ClickHouse reads SETTINGS as a name (`SELECT Settings FROM
// system.query_log`) and where as a clause, so every SETTINGS word followed by `name =`, or by a
// lone name where a clause may end (ClickHouse reads `SETTINGS join_use_nulls` as `= 1`), is taken
// for a clause and checked: at worst an odd column name is refused, and the refusal says to quote it.
// A SETTINGS word not taken stays for the parser, which reads it as a name, checks it as a clause in
// the syntax tree, or refuses what it cannot read.

import { isKeyword, type SqlToken } from './sql-tokenizer.js';

/** Words ClickHouse's grammar allows right after a SETTINGS clause, besides `)`, `;` and the end. */
const CLAUSE_FOLLOWERS = new Set(['UNION', 'EXCEPT', 'INTERSECT', 'FORMAT', 'SETTINGS', 'INTO', 'PARALLEL']);

/** `ORDER BY settings DESC` sorts by a column: no setting has these names. */
const SORT_DIRECTIONS = new Set(['ASC', 'DESC']);

const UNREADABLE_CLAUSE =
  'The SETTINGS clause could not be read, so it cannot be checked: write it last in its query as SETTINGS name = value, … with plain values. A column or table called settings must be written in backticks (`settings`).';

export interface SettingsClausesReading {
  /** The SQL with every clause replaced by spaces (line breaks kept), so parser positions still match. */
  sqlWithoutClauses: string;
  /** Why a clause is refused; null when every setting in every clause is allowed. */
  refusal: string | null;
  /** How many clauses were read: the query changes settings for itself only when this is above 0. */
  clauseCount: number;
}

/** Checks and blanks out every SETTINGS clause, at any depth, in the tokens of `sql`. */
export function takeOutSettingsClauses(sql: string, tokens: readonly SqlToken[], allowed: readonly string[]): SettingsClausesReading {
  let sqlWithoutClauses = sql;
  let clauseCount = 0;
  for (let index = 0; index < tokens.length; index += 1) {
    if (!startsClause(tokens, index)) continue;
    const clause = readClause(tokens, index + 1, allowed);
    if ('refusal' in clause) return { sqlWithoutClauses: sql, refusal: clause.refusal, clauseCount };
    clauseCount += 1;
    const start = tokens[index]!.start;
    const end = tokens[clause.lastIndex]!.end;
    sqlWithoutClauses = sqlWithoutClauses.slice(0, start) + sql.slice(start, end).replace(/[^\r\n]/g, ' ') + sqlWithoutClauses.slice(end);
    index = clause.lastIndex;
  }
  return { sqlWithoutClauses, refusal: null, clauseCount };
}

/**
 * The refusal for one setting of a SETTINGS clause, or null when it may run. Shared by the token
 * reading here and the syntax-tree check, so both refuse with the same words.
 */
export function refusalForQuerySetting(name: string, plainValue: boolean, allowed: readonly string[]): string | null {
  if (!allowed.includes(name.toLowerCase())) {
    return `Setting ${name} is not allowed in a query's SETTINGS clause: it could lift the limits a read-only query runs under or change the server. Remove it${allowed.length > 0 ? ` (allowed: ${allowed.join(', ')})` : ''}.`;
  }
  if (!plainValue) return `Setting ${name} must be set to a plain number, string or true/false in the SETTINGS clause.`;
  return null;
}

function startsClause(tokens: readonly SqlToken[], index: number): boolean {
  if (!isKeyword(tokens[index], 'SETTINGS')) return false;
  // `t.settings` is a column and `AS settings` an alias, for ClickHouse as for the parser.
  const previous = tokens[index - 1];
  if (isPunctuation(previous, '.') || isKeyword(previous, 'AS')) return false;
  const name = tokens[index + 1];
  if (name === undefined || settingName(name) === null) return false;
  const after = tokens[index + 2];
  if (isPunctuation(after, '=')) return true;
  if (name.kind === 'word' && SORT_DIRECTIONS.has(name.text.toUpperCase())) return false;
  return isPunctuation(after, ',') || endsClause(after);
}

/** Reads `name [= value], …` from `first`; the index of the clause's last token, or why it is refused. */
function readClause(tokens: readonly SqlToken[], first: number, allowed: readonly string[]): { lastIndex: number } | { refusal: string } {
  let index = first;
  for (;;) {
    const nameToken = tokens[index];
    const name = nameToken === undefined ? null : settingName(nameToken);
    if (name === null) return { refusal: UNREADABLE_CLAUSE };
    const hasValue = isPunctuation(tokens[index + 1], '=');
    const refusal = refusalForQuerySetting(name, !hasValue || isPlainValue(tokens[index + 2]), allowed);
    if (refusal !== null) return { refusal };
    const lastIndex = hasValue ? index + 2 : index;
    const next = tokens[lastIndex + 1];
    if (isPunctuation(next, ',')) {
      index = lastIndex + 2;
      continue;
    }
    if (endsClause(next)) return { lastIndex };
    // `= 1 + 1`, `= 'a' || 'b'`: the value goes on as an expression, which cannot be checked.
    if (hasValue && next?.kind === 'punctuation') return { refusal: refusalForQuerySetting(name, false, allowed) ?? UNREADABLE_CLAUSE };
    return { refusal: UNREADABLE_CLAUSE };
  }
}

/** A number, a '…' string or true/false: the values the syntax-tree check accepts too. */
function isPlainValue(token: SqlToken | undefined): boolean {
  if (token === undefined) return false;
  if (token.kind === 'number') return true;
  if (token.kind === 'string') return token.text.startsWith("'");
  return isKeyword(token, 'TRUE') || isKeyword(token, 'FALSE');
}

function endsClause(token: SqlToken | undefined): boolean {
  if (token === undefined) return true;
  if (token.kind === 'punctuation') return token.text === ')' || token.text === ';';
  return token.kind === 'word' && CLAUSE_FOLLOWERS.has(token.text.toUpperCase());
}

/** The setting a name token spells: a word, or a "…" / `…` name with doubled quotes undone. */
function settingName(token: SqlToken): string | null {
  if (token.kind === 'word') return token.text;
  if (token.kind !== 'quotedIdentifier' || token.text.length < 2) return null;
  const quote = token.text[0]!;
  if (quote !== '"' && quote !== '`') return null;
  if (!token.text.endsWith(quote)) return null;
  return token.text.slice(1, -1).replaceAll(quote + quote, quote);
}

function isPunctuation(token: SqlToken | undefined, text: string): boolean {
  return token !== undefined && token.kind === 'punctuation' && token.text === text;
}
