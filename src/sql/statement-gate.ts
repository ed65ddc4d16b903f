// The read-only gate every model-written statement passes before it reaches a database. It
// parses the SQL with the database's own dialect and allows only queries: no data or schema
// changes, no passthrough to other databases, no server-side files or state changes. What the
// parser cannot read is refused, because an unread statement cannot be vouched for; read syntax a
// dialect lists as parserRewrites (a join hint, WITH ROLLUP) reaches the parser again in a form it
// reads, after every check on the original tokens (parser-rewrites.ts). Refusal
// reasons are shown to the model, so each one names the offending thing and says why.
//
// The gate is a first line of defence; adapters still run queries in read-only sessions.

import { init, parse } from '@guanmingchiu/sqlparser-ts';
import type { DialectRules } from '../databases/dialect-rules.js';
import { dialectRules, type Dialect } from '../databases/dialects.js';
import { StatementGateNotReadyError } from './errors.js';
import { splitStatements, tokenizeSql, type SqlToken } from './sql-tokenizer.js';
import { refusalForLexicalDifferences } from './lexical-refusals.js';
import { textForParser } from './parser-text.js';
import { refusalForDialectStatement, refusalForLeadingKeywords } from './statement-kinds.js';
import { refusalForStatement } from './syntax-tree-inspection.js';
import { refusalForRefusedWords } from './refused-words.js';
import { errorMessage } from '../support/errors.js';
import { executableCommentReadings } from './executable-comments.js';
import { takeOutSettingsClauses } from './query-settings-clauses.js';
import { requoteBackslashStrings } from './requoted-strings.js';
import { rewriteForParser } from './parser-rewrites.js';

export type { Dialect } from '../databases/dialects.js';

export interface GateOptions {
  dialect: Dialect;
  allowFileAccess: boolean;
}

export type GateVerdict =
  /**
   * `querySettingsClauses`: the `SETTINGS …` clauses the gate read and vetted (ClickHouse), at any
   * depth; absent or 0 when the statement sets nothing for itself, whatever words it contains.
   */
  | { allowed: true; statementCount: number; querySettingsClauses?: number }
  /**
   * `engineMayConfirm`: refused only because the parser could not read it. An engine that can prove
   * the statement is one plain read (DuckDB's json_serialize_sql) may still let it run.
   */
  | { allowed: false; reason: string; engineMayConfirm?: true };

let initialisation: Promise<void> | undefined;
let ready = false;

/** Loads the parser's WebAssembly once; later calls wait for the same load. */
export async function initStatementGate(): Promise<void> {
  initialisation ??= init().then(
    () => {
      ready = true;
    },
    (error: unknown) => {
      initialisation = undefined; // let a later call retry
      throw error;
    },
  );
  await initialisation;
}

/**
 * The latest verdicts: a statement is usually checked twice in a row (by execute_sql, then by an
 * adapter that gates its own queries, as MySQL's does), and a verdict depends on nothing but its
 * inputs. Verdicts are frozen, so a caller cannot change what the next one is told.
 */
const recentVerdicts = new Map<string, GateVerdict>();
const RECENT_VERDICTS = 32;

export function checkReadOnly(sql: string, options: GateOptions): GateVerdict {
  if (!ready) throw new StatementGateNotReadyError();
  const key = `${options.dialect}\u0000${options.allowFileAccess}\u0000${sql}`;
  const recent = recentVerdicts.get(key);
  if (recent) return recent;
  const verdict = Object.freeze(checkWithRules(sql, dialectRules(options.dialect), options.allowFileAccess));
  recentVerdicts.set(key, verdict);
  // A Map iterates in insertion order: the first key is the oldest.
  if (recentVerdicts.size > RECENT_VERDICTS) recentVerdicts.delete(recentVerdicts.keys().next().value!);
  return verdict;
}

function checkWithRules(sql: string, rules: DialectRules, allowFileAccess: boolean): GateVerdict {
  const tokenization = tokenizeSql(sql, rules.lexical);
  if (tokenization.tokens.length === 0) return refuse('The query is empty; send one SELECT statement.');

  const lexicalRefusal = refusalForLexicalDifferences(tokenization, rules);
  if (lexicalRefusal !== null) return refuse(lexicalRefusal);

  if (tokenization.executableComments.length > 0) {
    // The database may or may not run the content (a version number can gate it): both readings
    // must be plain reads.
    for (const reading of executableCommentReadings(sql, tokenization.executableComments)) {
      const verdict = checkWithRules(reading, rules, allowFileAccess);
      if (!verdict.allowed) return refuse(`Inside an executable comment (/*! … */): ${verdict.reason}`);
    }
  }

  const statementTokens = splitStatements(tokenization.tokens);
  for (const statement of statementTokens) {
    const refusal =
      refusalForDialectStatement(leadingWords(statement), rules.refusedStatements) ?? refusalForTokenSequences(statement, rules) ?? refusalForRefusedWords(statement, rules);
    if (refusal !== null) return refuse(refusal);
  }
  // The parser reads a SETTINGS clause only at the end of a whole query: every clause, at any
  // depth, is checked on tokens and blanked out of what the parser reads.
  // What the database skips (comments) reaches the parser as plain space, so the parser never
  // decides where a comment ends (parser-text.ts).
  let parsedSql = textForParser(sql, tokenization, rules.lexical.rawStrings === true, rules.lexical.parserMisreadsLetterPrefixedStrings === true);
  let querySettingsClauses = 0;
  if (rules.allowedQuerySettings !== undefined) {
    const clauses = takeOutSettingsClauses(parsedSql, tokenization.tokens, rules.allowedQuerySettings);
    if (clauses.refusal !== null) return refuse(clauses.refusal);
    parsedSql = clauses.sqlWithoutClauses;
    querySettingsClauses = clauses.clauseCount;
  }
  if (statementTokens.length === 1 && isRecognizedRead(statementTokens[0]!, rules)) return allow(1, querySettingsClauses);
  // Requoting changes lengths, so it comes after the rewrites, which keep them.
  const requoted = (text: string): string =>
    rules.lexical.parserMisreadsBackslashEscapes && tokenization.hasBackslashEscapeString ? requoteBackslashStrings(text, tokenization.tokens) : text;

  let statements: unknown[];
  try {
    statements = parse(requoted(parsedSql), rules.parserDialect) as unknown[];
  } catch (error) {
    // The dialect's read syntax the parser cannot read is rewritten only when the parser failed,
    // so the statements it reads as written (nearly all) pay nothing for it.
    const rewritten = rules.parserRewrites === undefined ? parsedSql : rewriteForParser(parsedSql, tokenization.tokens, rules.parserRewrites);
    // When the rewritten text fails too, its error is the one that names what is left to fix.
    const reparsed = rewritten === parsedSql ? { error } : parseResult(requoted(rewritten), rules);
    if ('error' in reparsed) {
      const keywordRefusal = refusalForKnownStatement(statementTokens);
      if (keywordRefusal !== null) return refuse(keywordRefusal);
      return { allowed: false, reason: parseFailureReason(reparsed.error), engineMayConfirm: true };
    }
    statements = reparsed.statements;
  }
  if (statements.length === 0) return refuse('The query is empty; send one SELECT statement.');

  for (const statement of statements) {
    const refusal = refusalForStatement(statement, { rules, allowFileAccess });
    if (refusal !== null) return refuse(refusal);
  }
  return allow(statements.length, querySettingsClauses);
}

function parseResult(sql: string, rules: DialectRules): { statements: unknown[] } | { error: unknown } {
  try {
    return { statements: parse(sql, rules.parserDialect) as unknown[] };
  } catch (error) {
    return { error };
  }
}

function isRecognizedRead(statement: readonly SqlToken[], rules: DialectRules): boolean {
  if (rules.recognizedReads.length === 0) return false;
  const text = statement.map((token) => token.text).join(' ');
  return rules.recognizedReads.some((pattern) => pattern.test(text));
}

/**
 * Checked on tokens, before parsing, so a construct the parser cannot read (MariaDB's `NEXT VALUE
 * FOR`) is refused for what it does rather than for the parse error, and one it reads (`@v := 1`) is
 * refused at all. Strings and quoted names never match: only words and punctuation are compared.
 */
function refusalForTokenSequences(statement: readonly SqlToken[], rules: DialectRules): string | null {
  for (const sequence of rules.refusedTokenSequences ?? []) {
    for (let start = 0; start + sequence.tokens.length <= statement.length; start += 1) {
      const matches = sequence.tokens.every((expected, offset) => {
        const token = statement[start + offset]!;
        return (token.kind === 'word' || token.kind === 'punctuation') && token.text.toUpperCase() === expected;
      });
      if (matches) return sequence.refusal;
    }
  }
  return null;
}

function leadingWords(statement: readonly SqlToken[]): string[] {
  if (statement[0]?.kind !== 'word') return [];
  return statement.slice(0, 2).filter((token) => token.kind === 'word').map((token) => token.text);
}

/** A statement-specific refusal when a statement starts with a known non-read keyword, else null. */
function refusalForKnownStatement(statements: readonly SqlToken[][]): string | null {
  for (const statement of statements) {
    const refusal = refusalForLeadingKeywords(leadingWords(statement));
    if (refusal !== null) return refusal;
  }
  return null;
}

function parseFailureReason(error: unknown): string {
  const message = errorMessage(error).replace(/^sql parser error: */i, '');
  return `The statement could not be parsed (${message}); only statements the parser understands are run. Rewrite it as a plain SELECT query.`;
}

function allow(statementCount: number, querySettingsClauses: number): GateVerdict {
  return querySettingsClauses > 0 ? { allowed: true, statementCount, querySettingsClauses } : { allowed: true, statementCount };
}

function refuse(reason: string): GateVerdict {
  return { allowed: false, reason };
}
