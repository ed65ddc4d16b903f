import { describe, expect, it } from 'vitest';
import { postgresRules } from '../../src/databases/postgres/postgres-rules.js';
import { splitStatements, tokenizeSql } from '../../src/sql/sql-tokenizer.js';

const POSTGRES = postgresRules.lexical;

const texts = (sql: string): string[] => tokenizeSql(sql, POSTGRES).tokens.map((token) => token.text);

describe('tokenizeSql', () => {
  it('keeps strings, quoted identifiers and dollar quotes whole and drops comments', () => {
    expect(texts(`SELECT 'a''b', "c""d", $$e;f$$, $t$g$t$ -- h\n/* i */ FROM x`)).toEqual([
      'SELECT', "'a''b'", ',', '"c""d"', ',', '$$e;f$$', ',', '$t$g$t$', 'FROM', 'x',
    ]);
  });

  it('reads E-strings with backslash escapes and flags the backslash', () => {
    const result = tokenizeSql("SELECT E'it\\'s', 'plain\\' , x", POSTGRES);
    expect(result.tokens.map((token) => token.text)).toEqual(['SELECT', "E'it\\'s'", ',', "'plain\\'", ',', 'x']);
    expect(result.hasBackslashEscapeString).toBe(true);
    expect(tokenizeSql("SELECT E'plain'", POSTGRES).hasBackslashEscapeString).toBe(false);
  });

  it('nests block comments the way PostgreSQL and DuckDB do, and flags the nesting', () => {
    const result = tokenizeSql('SELECT 1 /* a /* b */ c */ AS x', POSTGRES);
    expect(result.tokens.map((token) => token.text)).toEqual(['SELECT', '1', 'AS', 'x']);
    expect(result.hasNestedBlockComment).toBe(true);
  });

  it('flags unicode escapes', () => {
    expect(tokenizeSql('SELECT U&"d\\0061ta"', POSTGRES).hasUnicodeEscape).toBe(true);
    expect(tokenizeSql('SELECT u & "x"', POSTGRES).hasUnicodeEscape).toBe(false);
  });

  it('tracks parenthesis depth and splits statements only at depth-0 semicolons', () => {
    const { tokens } = tokenizeSql("SELECT (1 + (2)) FROM t; SELECT ';' ;; SELECT 3", POSTGRES);
    const depths = tokens.slice(0, 9).map((token) => `${token.text}@${token.depth}`);
    expect(depths).toEqual(['SELECT@0', '(@0', '1@1', '+@1', '(@1', '2@2', ')@1', ')@0', 'FROM@0']);
    expect(splitStatements(tokens).map((statement) => statement.map((token) => token.text).join(' '))).toEqual([
      'SELECT ( 1 + ( 2 ) ) FROM t',
      "SELECT ';'",
      'SELECT 3',
    ]);
  });

  it('treats $1 as a parameter, not a dollar quote', () => {
    expect(texts('SELECT * FROM t WHERE id = $1 AND b = $2')).toEqual(['SELECT', '*', 'FROM', 't', 'WHERE', 'id', '=', '$', '1', 'AND', 'b', '=', '$', '2']);
  });
});
