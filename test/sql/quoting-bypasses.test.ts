// Strings and names the gate ended where the database does not, hiding what follows from every
// check: Databricks raw strings (no escapes), SQL Server's `]]` inside a bracketed name, Snowflake's
// `$_$` (no tagged dollar quotes there), and comments that end at a carriage return on PostgreSQL and
// DuckDB. No engine of these runs here except DuckDB and PostgreSQL; the rules come from each
// engine's documentation (docs/sql-lexing.md), and each case is one that passed the gate before.
import { beforeAll, describe, expect, test } from 'vitest';
import { checkReadOnly, initStatementGate, type Dialect } from '../../src/sql/statement-gate.js';

beforeAll(async () => {
  await initStatementGate();
});

function verdict(sql: string, dialect: Dialect) {
  return checkReadOnly(sql, { dialect, allowFileAccess: false });
}

describe('Databricks raw strings r\'…\' and R"…" end at their next quote: a backslash escapes nothing', () => {
  const hiddenBehindRawString: Array<[string, string]> = [
    [`SELECT r"\\", read_files('/Volumes/main/raw/secrets') AS f --"`, 'Function read_files is not allowed'],
    [`SELECT R'\\', read_files('/Volumes/main/raw/secrets') AS f --'`, 'Function read_files is not allowed'],
    ['SELECT r"\\", * FROM parquet.`/Volumes/main/raw/orders` --"', 'Reading the file'],
    [`SELECT r"\\", reflect('java.lang.System', 'getenv', 'HOME') AS e --"`, 'Function reflect is not allowed'],
    [`SELECT r"\\", http_request(conn => 'c', method => 'GET', path => '/') AS h --"`, 'Function http_request is not allowed'],
    [`SELECT r"\\", ai_query('endpoint', 'hello') AS a --"`, 'Function ai_query is not allowed'],
  ];
  for (const [sql, reason] of hiddenBehindRawString) {
    test(`refuses ${sql}`, () => {
      expect(verdict(sql, 'databricks')).toMatchObject({ allowed: false, reason: expect.stringContaining(reason) });
    });
  }

  test('refuses a second statement after a raw string', () => {
    expect(verdict(`SELECT r"\\"; DROP TABLE main.sales.orders --"`, 'databricks')).toMatchObject({ allowed: false });
  });

  test('allows raw strings holding backslashes and quotes of the other kind, and escaped plain strings', () => {
    expect(verdict(`SELECT r'C:\\temp\\' AS path, R"it's" AS word, 'it\\'s' AS escaped`, 'databricks')).toEqual({ allowed: true, statementCount: 1 });
  });
});

describe('SQL Server: ]] inside a [bracketed] name is one ]', () => {
  for (const hint of ['TABLOCKX, HOLDLOCK', 'UPDLOCK', 'READPAST', 'XLOCK']) {
    const sql = `SELECT [a]]'] FROM dbo.orders WITH (${hint}) --'`;
    test(`refuses ${sql}`, () => {
      expect(verdict(sql, 'mssql')).toMatchObject({ allowed: false, reason: expect.stringContaining('Table hint') });
    });
  }

  test('allows a name with ]] in it', () => {
    expect(verdict('SELECT [total]]net] FROM dbo.orders', 'mssql')).toEqual({ allowed: true, statementCount: 1 });
  });
});

describe('Snowflake has $$ … $$ strings but no $tag$ … $tag$', () => {
  test('refuses $_$ … $_$, which the parser would read as a string hiding a stage read', () => {
    expect(verdict('SELECT $_$, $1 FROM @raw_stage/orders.csv --$_$', 'snowflake')).toMatchObject({
      allowed: false,
      reason: expect.stringContaining('$_$ … $_$ is not a string on Snowflake'),
    });
    expect(verdict('SELECT $tag$ x $tag$', 'snowflake')).toMatchObject({ allowed: false });
  });

  test('allows $$ … $$ strings and $1 column references', () => {
    expect(verdict("SELECT $$ it's $$ AS text", 'snowflake')).toEqual({ allowed: true, statementCount: 1 });
  });
});

describe('PostgreSQL and DuckDB end a -- comment at a carriage return', () => {
  test('DuckDB: the line after a carriage return is code, and its file read is refused', () => {
    expect(verdict("SELECT 1 AS x -- note\r, read_csv('/etc/passwd') AS y", 'duckdb')).toMatchObject({
      allowed: false,
      reason: expect.stringContaining('Function read_csv is not allowed'),
    });
  });

  test('PostgreSQL: the same', () => {
    expect(verdict("SELECT 1 AS x -- note\r, 'a' AS y FROM t FOR UPDATE", 'postgres')).toMatchObject({ allowed: false, reason: expect.stringContaining('FOR UPDATE') });
  });
});
