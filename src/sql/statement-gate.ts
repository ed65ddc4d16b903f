// The read-only gate every model-written statement passes before it reaches a database. It
// parses the SQL with the database's own dialect and allows only queries: no data or schema
// changes, no passthrough to other databases, no server-side files or state changes. What the
// parser cannot read is refused, because an unread statement cannot be vouched for. Refusal
// reasons are shown to the model, so each one names the offending thing and says why.
//
// The gate is a first line of defence; adapters still run queries in read-only sessions.

import { init, parse } from '@guanmingchiu/sqlparser-ts';
import type { Dialect } from '../databases/types.js';
import { StatementGateNotReadyError } from './errors.js';
import { splitStatements, tokenizeSql, type SqlTokenization } from './sql-tokenizer.js';
import { refusalForLeadingKeywords } from './statement-kinds.js';
import { refusalForStatement } from './syntax-tree-inspection.js';
import { errorMessage } from '../support/errors.js';

export type { Dialect } from '../databases/types.js';

export interface GateOptions {
  dialect: Dialect;
  allowFileAccess: boolean;
}

export type GateVerdict = { allowed: true; statementCount: number } | { allowed: false; reason: string };

const PARSER_DIALECTS: Record<Dialect, 'duckdb' | 'postgresql' | 'sqlite'> = {
  duckdb: 'duckdb',
  postgres: 'postgresql',
  sqlite: 'sqlite',
};

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

export function checkReadOnly(sql: string, options: GateOptions): GateVerdict {
  if (!ready) throw new StatementGateNotReadyError();

  const tokenization = tokenizeSql(sql);
  if (tokenization.tokens.length === 0) return refuse('The query is empty; send one SELECT statement.');

  const lexicalRefusal = refusalForLexicalDifferences(tokenization, options.dialect);
  if (lexicalRefusal !== null) return refuse(lexicalRefusal);

  let statements: unknown[];
  try {
    statements = parse(sql, PARSER_DIALECTS[options.dialect]) as unknown[];
  } catch (error) {
    return refuse(refusalForUnparsedSql(tokenization, error));
  }
  if (statements.length === 0) return refuse('The query is empty; send one SELECT statement.');

  for (const statement of statements) {
    const refusal = refusalForStatement(statement, options);
    if (refusal !== null) return refuse(refusal);
  }
  return { allowed: true, statementCount: statements.length };
}

/**
 * Constructs the parser reads differently from the database. Each would let text that the parser
 * takes for a string or comment run as code in the database, so they are refused outright.
 */
function refusalForLexicalDifferences(tokenization: SqlTokenization, dialect: Dialect): string | null {
  if (tokenization.hasNestedBlockComment) {
    return 'Nested block comments (a /* inside a /* … */ comment) are not allowed: the statement gate cannot be sure where they end. Remove the inner comment.';
  }
  if (tokenization.hasUnicodeEscape) {
    return 'Unicode escapes (U&\'…\' or U&"…") are not allowed: the statement gate cannot check what they spell. Write the text or name plainly.';
  }
  if (dialect === 'duckdb' && tokenization.hasBackslashEscapeString) {
    return "Escape strings with backslashes (E'…\\…') are not allowed on DuckDB: the statement gate reads them differently from DuckDB. Use a plain '…' string.";
  }
  return null;
}

/** A statement-specific refusal when a statement starts with a known non-read keyword, else the parse error. */
function refusalForUnparsedSql(tokenization: SqlTokenization, error: unknown): string {
  for (const statement of splitStatements(tokenization.tokens)) {
    const leadingWords = statement.slice(0, 2).filter((token) => token.kind === 'word').map((token) => token.text);
    if (statement[0]?.kind !== 'word') continue;
    const refusal = refusalForLeadingKeywords(leadingWords);
    if (refusal !== null) return refusal;
  }
  const message = errorMessage(error).replace(/^sql parser error:\s*/i, '');
  return `The statement could not be parsed (${message}); only statements the parser understands are run. Rewrite it as a plain SELECT query.`;
}

function refuse(reason: string): GateVerdict {
  return { allowed: false, reason };
}
