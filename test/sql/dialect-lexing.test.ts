// The tokenizer reads each dialect's text the way that database does: MySQL's `#` and `-- `
// comments, backslash escapes, "…" strings and executable comments; SQLite's [bracketed] names.
import { beforeAll, describe, expect, it } from 'vitest';
import { mysqlRules } from '../../src/databases/mysql/mysql-rules.js';
import { postgresRules } from '../../src/databases/postgres/postgres-rules.js';
import { snowflakeRules } from '../../src/databases/snowflake/snowflake-rules.js';
import { sqliteRules } from '../../src/databases/sqlite/sqlite-rules.js';
import { detectOuterLimit } from '../../src/sql/outer-limit.js';
import { checkReadOnly, initStatementGate } from '../../src/sql/statement-gate.js';
import { tokenizeSql } from '../../src/sql/sql-tokenizer.js';

const words = (sql: string, rules = mysqlRules) => tokenizeSql(sql, rules.lexical).tokens.map((token) => token.text);

describe('MySQL lexing', () => {
  it('ends a backslash-escaped string where MySQL does', () => {
    expect(words("SELECT 'a\\' , SLEEP(10) -- '")).toEqual(['SELECT', "'a\\' , SLEEP(10) -- '"]);
    expect(words("SELECT 'a\\' , SLEEP(10) -- '", postgresRules)).toEqual(['SELECT', "'a\\'", ',', 'SLEEP', '(', '10', ')']);
  });

  it('reads # as a comment and -- only before whitespace', () => {
    expect(words('SELECT 1 # LIMIT 5\n, 2')).toEqual(['SELECT', '1', ',', '2']);
    expect(words('SELECT 5--1')).toEqual(['SELECT', '5', '-', '-', '1']);
    expect(words('SELECT 5-- 1')).toEqual(['SELECT', '5']);
  });

  it('reads "…" as a string and `…` as a name', () => {
    const tokens = tokenizeSql('SELECT "a;b", `c``d` FROM t', mysqlRules.lexical).tokens;
    expect(tokens.map((token) => [token.kind, token.text])).toEqual([
      ['word', 'SELECT'], ['string', '"a;b"'], ['punctuation', ','], ['quotedIdentifier', '`c``d`'], ['word', 'FROM'], ['word', 't'],
    ]);
  });

  it('reads the content of executable comments as code and records where they are', () => {
    const result = tokenizeSql('SELECT 1 /*!50000 , 2 */ /* plain */ /*M! , 3 */', mysqlRules.lexical);
    expect(result.tokens.map((token) => token.text)).toEqual(['SELECT', '1', ',', '2', ',', '3']);
    expect(result.executableComments).toHaveLength(2);
    expect(tokenizeSql('SELECT 1 /*! , 2 */', postgresRules.lexical).tokens.map((token) => token.text)).toEqual(['SELECT', '1']);
  });

  it('counts a LIMIT hidden in an executable comment and ignores one after #', () => {
    expect(detectOuterLimit('SELECT * FROM t /*! LIMIT 5 */', mysqlRules)).toBe(5);
    expect(detectOuterLimit('SELECT * FROM t # LIMIT 5', mysqlRules)).toBeNull();
  });
});

describe('SQLite lexing', () => {
  it('reads [bracketed] names whole', () => {
    expect(words('SELECT [a;b] FROM t', sqliteRules)).toEqual(['SELECT', '[a;b]', 'FROM', 't']);
  });
});

describe('Snowflake lexing', () => {
  beforeAll(async () => {
    await initStatementGate();
  });

  it('reads // as a line comment, as Snowflake and the parser do', () => {
    expect(words("SELECT 1 // note '\nFROM t", snowflakeRules)).toEqual(['SELECT', '1', 'FROM', 't']);
    expect(words('SELECT 10 / 2', snowflakeRules)).toEqual(['SELECT', '10', '/', '2']);
  });

  it('does not let a quote after // hide a stage read from the gate', () => {
    const hidden = "SELECT $1 // '\nFROM @raw_stage/orders.csv -- '";
    expect(checkReadOnly(hidden, { dialect: 'snowflake', allowFileAccess: false })).toMatchObject({ allowed: false, reason: expect.stringContaining('Reading a stage (@name) is not allowed') });
  });
});
