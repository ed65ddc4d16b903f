// What the differential fuzzer (test/sql/differential/) found the gate reading differently from the
// engines, checked on the gate alone so it holds where the engines are not installed: ClickHouse's
// `//` comments and heredocs, DuckDB's letter-prefixed strings, where a skipped MySQL executable
// comment ends.
import { beforeAll, describe, expect, it } from 'vitest';
import { clickhouseRules } from '../../src/databases/clickhouse/clickhouse-rules.js';
import { executableCommentReadings } from '../../src/sql/executable-comments.js';
import { checkReadOnly, initStatementGate } from '../../src/sql/statement-gate.js';
import { tokenizeSql } from '../../src/sql/sql-tokenizer.js';
import { mysqlRules } from '../../src/databases/mysql/mysql-rules.js';

beforeAll(async () => {
  await initStatementGate();
});

const clickhouseTokens = (sql: string) => tokenizeSql(sql, clickhouseRules.lexical).tokens.map((token) => [token.kind, token.text]);

describe('ClickHouse', () => {
  it('reads // as a line comment', () => {
    expect(clickhouseTokens("SELECT 5 // '\n, 2")).toEqual([['word', 'SELECT'], ['number', '5'], ['punctuation', ','], ['number', '2']]);
    expect(checkReadOnly("SELECT 1 AS a // '\n, file('/etc/passwd') AS f --'", { dialect: 'clickhouse', allowFileAccess: false })).toMatchObject({
      allowed: false,
      reason: expect.stringContaining('Function file is not allowed'),
    });
  });

  it('reads a heredoc with any tag, and an unclosed one as a name', () => {
    expect(clickhouseTokens("SELECT $1$ ' $1$, 2")).toEqual([['word', 'SELECT'], ['string', "$1$ ' $1$"], ['punctuation', ','], ['number', '2']]);
    expect(clickhouseTokens("SELECT $a$, file('x')")).toEqual([
      ['word', 'SELECT'], ['word', '$a$'], ['punctuation', ','], ['word', 'file'], ['punctuation', '('], ['string', "'x'"], ['punctuation', ')'],
    ]);
    expect(checkReadOnly('SELECT $x$ y $x$ AS b', { dialect: 'clickhouse', allowFileAccess: false })).toEqual({ allowed: true, statementCount: 1 });
    expect(checkReadOnly("SELECT 1 AS a, $1$ ' $1$ , 2 AS f -- '", { dialect: 'clickhouse', allowFileAccess: false })).toMatchObject({
      allowed: false,
      reason: expect.stringContaining('$1$ … $1$ text is not allowed on ClickHouse'),
    });
  });
});

describe('DuckDB', () => {
  it("hands the parser b'…', x'…', n'…' and e'…' as strings, not as a name and its alias", () => {
    for (const sql of ["SELECT b' , 3 AS x -- ' AS v", "SELECT x'41' AS v", "SELECT n'abc' AS v", "SELECT e'abc' AS v"]) {
      expect(checkReadOnly(sql, { dialect: 'duckdb', allowFileAccess: false })).toEqual({ allowed: true, statementCount: 1 });
    }
  });
});

describe('MySQL and MariaDB executable comments', () => {
  it('end a skipped /*!99999 comment at the first */ in the text, after one nested /* */', () => {
    const reading = (sql: string) => executableCommentReadings(sql, tokenizeSql(sql, mysqlRules.lexical).executableComments)[1];
    const blanked = (text: string) => ' '.repeat(text.length);
    expect(reading('SELECT 1 /*!99999 ` */, x -- `*/')).toBe(`SELECT 1 ${blanked('/*!99999 ` */')}, x -- \`*/`);
    expect(reading('SELECT 1 /*!99999 ` /**/ , y */; z -- `*/')).toBe(`SELECT 1 ${blanked('/*!99999 ` /**/ , y */')}; z -- \`*/`);
    expect(checkReadOnly("SELECT 1 /*!99999 ` */, LOAD_FILE('/etc/passwd') AS f -- `*/", { dialect: 'mysql', allowFileAccess: false })).toMatchObject({
      allowed: false,
      reason: expect.stringContaining('Function load_file is not allowed'),
    });
  });
});
