// SHOW CREATE prints a table's definition as the server stores it, and some definitions hold a
// credential: a FEDERATED table's CONNECTION='mysql://user:password@host/db/table', a StarRocks
// external table or catalog's PROPERTIES ("password" = "…", "secret_key" = "…"). Those are masked
// here, before the result reaches the model, the chat or the store.
import { isKeyword, tokenizeSql } from '../../sql/sql-tokenizer.js';
import type { LexicalRules } from '../dialect-rules.js';
import type { JsonValue } from '../types.js';

export const MASKED_SECRET = '***';

/**
 * user:password@ in any URL-like connection string (mysql://, jdbc:mysql://, thrift://, …). The
 * password runs to the first `@` on its line, whatever it holds: MariaDB accepts a FEDERATED password
 * with spaces and quotes (`pa ss''q`, doubled in SHOW CREATE's output) but none with an `@`.
 */
const URL_PASSWORD = /(\b[a-z][\w+.-]*:\/\/[^ \t\r\n/:@'"`]*:)([^@\n]*)(@)/gi;

/** A property whose name says it holds a secret: "password", "jdbc.password", "aws.s3.secret_key", "token". */
const SECRET_PROPERTY = /((["'`])[\w.-]*(?:password|passwd|secret|secret[_.-]?key|token|credential)[\w.-]*\2\s*=\s*)(["'])((?:\\.|(?!\3).)*)\3/gi;

/**
 * SHOW CREATE TABLE / VIEW / CATALOG / … : the statements whose text is a stored definition. Read on
 * the statement's tokens as the server reads them (`lexical`), never on its text: a comment, a tab
 * or a line break between SHOW and CREATE (`SHOW /**\/ CREATE TABLE fed`) is a SHOW CREATE all the same,
 * and so is one inside an executable comment, whose content the tokenizer reads as code.
 */
export function showsDefinition(sql: string, lexical: LexicalRules): boolean {
  const tokens = tokenizeSql(sql, lexical).tokens;
  return tokens.some((token, index) => isKeyword(token, 'SHOW') && isKeyword(tokens[index + 1], 'CREATE'));
}

/** The definition text with every password in a connection URL and every secret property masked. */
export function maskDefinitionSecrets(text: string): string {
  return text
    .replace(URL_PASSWORD, (_match, before: string, _password: string, at: string) => `${before}${MASKED_SECRET}${at}`)
    .replace(SECRET_PROPERTY, (_match, name: string, _nameQuote: string, quote: string) => `${name}${quote}${MASKED_SECRET}${quote}`);
}

/** Masks every text cell of a SHOW CREATE result; other statements' rows are returned as they are. */
export function maskDefinitionRows(sql: string, rows: JsonValue[][], lexical: LexicalRules): JsonValue[][] {
  if (!showsDefinition(sql, lexical)) return rows;
  return rows.map((row) => row.map((value) => (typeof value === 'string' ? maskDefinitionSecrets(value) : value)));
}
