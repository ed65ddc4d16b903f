// The tokenizer reads each dialect's text the way that database does: MySQL's `#` and `-- `
// comments, backslash escapes, "…" strings and executable comments; SQLite's [bracketed] names.
import { beforeAll, describe, expect, it } from 'vitest';
import { DIALECT_NAMES, dialectRules } from '../../src/databases/dialects.js';
import { mysqlRules } from '../../src/databases/mysql/mysql-rules.js';
import { postgresRules } from '../../src/databases/postgres/postgres-rules.js';
import { snowflakeRules } from '../../src/databases/snowflake/snowflake-rules.js';
import { sqliteRules } from '../../src/databases/sqlite/sqlite-rules.js';
import { detectOuterLimit } from '../../src/sql/outer-limit.js';
import { checkReadOnly, initStatementGate, type Dialect } from '../../src/sql/statement-gate.js';
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

/** Each token as [kind, text], read with the dialect's lexical rules. */
const readWith = (sql: string, dialect: Dialect) => tokenizeSql(sql, dialectRules(dialect).lexical).tokens.map((token) => [token.kind, token.text]);
const disagreementsOf = (sql: string, dialect: Dialect) => tokenizeSql(sql, dialectRules(dialect).lexical).disagreements.map((found) => found.kind);

describe('every dialect refuses space-like characters its engine does not skip', () => {
  for (const dialect of DIALECT_NAMES) {
    it(`${dialect}: U+00A0, U+3000, U+FEFF, U+2028 and NUL outside quotes and comments, but not inside them`, () => {
      for (const character of ['\u00a0', '\u3000', '\ufeff', '\u2028', '\u200b', '\u0000']) {
        expect(disagreementsOf(`SELECT 1${character}AS x`, dialect), dialect).toEqual(['disputed-space']);
        expect(disagreementsOf(`SELECT 'a${character}b' /* ${character} */`, dialect), dialect).toEqual([]);
      }
    });
  }

  it('reads vertical tab and form feed as whitespace only where the engine does', () => {
    const skipsVerticalTab = DIALECT_NAMES.filter((dialect) => disagreementsOf('SELECT 1\u000bAS x', dialect).length === 0);
    const skipsFormFeed = DIALECT_NAMES.filter((dialect) => disagreementsOf('SELECT 1\u000cAS x', dialect).length === 0);
    expect(skipsVerticalTab.sort()).toEqual(['clickhouse', 'databricks', 'mysql']);
    expect(skipsFormFeed.sort()).toEqual(['clickhouse', 'databricks', 'duckdb', 'mysql', 'postgres', 'redshift', 'sqlite']);
  });
});

describe('where a -- comment ends', () => {
  const afterCarriageReturn = (dialect: Dialect) => readWith('SELECT 1 -- note\r, 2', dialect).map(([, text]) => text);

  it('at a carriage return on PostgreSQL, Redshift, DuckDB, Trino, Athena, StarRocks and Databricks', () => {
    for (const dialect of ['postgres', 'redshift', 'duckdb', 'trino', 'athena', 'starrocks', 'databricks'] as const) {
      expect(afterCarriageReturn(dialect), dialect).toEqual(['SELECT', '1', ',', '2']);
    }
  });

  it('only at a line feed on MySQL, SQLite and ClickHouse', () => {
    for (const dialect of ['mysql', 'sqlite', 'clickhouse'] as const) expect(afterCarriageReturn(dialect), dialect).toEqual(['SELECT', '1']);
  });

  it('is refused at a lone carriage return where no documentation says (SQL Server, Snowflake, BigQuery)', () => {
    for (const dialect of ['mssql', 'snowflake', 'bigquery'] as const) {
      expect(disagreementsOf('SELECT 1 -- note\r, 2', dialect), dialect).toEqual(['lone-carriage-return']);
      expect(disagreementsOf('SELECT 1 -- note\r\n, 2', dialect), dialect).toEqual([]);
    }
  });

  it('goes on past a line feed after a backslash on Databricks (Spark), and nowhere else', () => {
    expect(readWith('SELECT 1 -- note \\\n, 2\n, 3', 'databricks').map(([, text]) => text)).toEqual(['SELECT', '1', ',', '3']);
    expect(readWith('SELECT 1 -- note \\\n, 2\n, 3', 'postgres').map(([, text]) => text)).toEqual(['SELECT', '1', ',', '2', ',', '3']);
  });

  it('MySQL: -- is a comment before an ASCII space or control character or at the end, never before U+00A0', () => {
    expect(readWith('SELECT 5 --', 'mysql').map(([, text]) => text)).toEqual(['SELECT', '5']);
    for (const after of [' ', '\t', '\u0001', '\u001f', '\u007f', '\u000b']) {
      expect(readWith(`SELECT 5 --${after}1`, 'mysql').map(([, text]) => text), JSON.stringify(after)).toEqual(['SELECT', '5']);
    }
    expect(readWith('SELECT 5 --1', 'mysql').map(([, text]) => text)).toEqual(['SELECT', '5', '-', '-', '1']);
    expect(disagreementsOf('SELECT 5 --\u00a01', 'mysql')).toEqual(['disputed-space']);
  });

  it('StarRocks: every -- is a comment, # is code, $$ … $$ refused', () => {
    expect(readWith('SELECT 5--1', 'starrocks').map(([, text]) => text)).toEqual(['SELECT', '5']);
    expect(readWith('SELECT 5 # 1', 'starrocks').map(([, text]) => text)).toEqual(['SELECT', '5', '#', '1']);
    expect(disagreementsOf('SELECT $$ a $$', 'starrocks')).toEqual(['dollar-quote']);
  });
});

describe('strings and names', () => {
  it('Databricks: r\'…\' and R"…" are raw, \'…\' and "…" escape with backslashes', () => {
    expect(readWith(`SELECT r'a\\' , R"b\\" , 'c\\'d'`, 'databricks')).toEqual([
      ['word', 'SELECT'], ['string', "r'a\\'"], ['punctuation', ','], ['string', 'R"b\\"'], ['punctuation', ','], ['string', "'c\\'d'"],
    ]);
    expect(readWith("SELECT bar'x'", 'databricks')).toEqual([['word', 'SELECT'], ['word', 'bar'], ['string', "'x'"]]);
  });

  it('SQL Server: ]] stands for ] in a [bracketed] name; SQLite ends the name at the first ]', () => {
    expect(readWith('SELECT [a]]b] x', 'mssql')).toEqual([['word', 'SELECT'], ['quotedIdentifier', '[a]]b]'], ['word', 'x']]);
    expect(readWith('SELECT [a]]b] x', 'sqlite').slice(0, 2)).toEqual([['word', 'SELECT'], ['quotedIdentifier', '[a]']]);
  });

  it('BigQuery: triple-quoted strings, and a doubled quote is two literals', () => {
    expect(readWith("SELECT '''it's''' , \"\"\"a\"b\"\"\"", 'bigquery')).toEqual([
      ['word', 'SELECT'], ['string', "'''it's'''"], ['punctuation', ','], ['string', '"""a"b"""'],
    ]);
    expect(readWith("SELECT 'x''''a'b'''", 'bigquery')).toEqual([['word', 'SELECT'], ['string', "'x'"], ['string', "'''a'b'''"]]);
  });

  it('dollar quotes: tagged on PostgreSQL, DuckDB and ClickHouse; $$ only on Snowflake; none on MySQL', () => {
    for (const dialect of ['postgres', 'duckdb', 'clickhouse'] as const) expect(readWith('SELECT $t$ a $t$', dialect), dialect).toEqual([['word', 'SELECT'], ['string', '$t$ a $t$']]);
    expect(readWith('SELECT $$ a $$', 'snowflake')).toEqual([['word', 'SELECT'], ['string', '$$ a $$']]);
    expect(disagreementsOf('SELECT $t$ a $t$', 'snowflake')).toEqual(['tagged-dollar-quote', 'tagged-dollar-quote']);
    expect(readWith('SELECT a$$b', 'postgres')).toEqual([['word', 'SELECT'], ['word', 'a$$b']]);
  });
});

describe('dollar quotes where the engine has none', () => {
  beforeAll(async () => {
    await initStatementGate();
  });

  it('are refused where the parser would read a string (Trino, Athena, SQL Server, BigQuery, Databricks)', () => {
    for (const dialect of ['trino', 'athena', 'mssql', 'bigquery', 'databricks'] as const) {
      expect(checkReadOnly("SELECT $$, 1 AS hidden --$$", { dialect, allowFileAccess: false }), dialect).toMatchObject({
        allowed: false,
        reason: expect.stringContaining('is not a string on'),
      });
    }
  });

  it('are code on MySQL and SQLite, to the engine and the parser alike', () => {
    expect(checkReadOnly("SELECT $$ , LOAD_FILE('/etc/hostname') --$$", { dialect: 'mysql', allowFileAccess: false })).toMatchObject({
      reason: expect.stringContaining('Function load_file is not allowed'),
    });
  });
});
