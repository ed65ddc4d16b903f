import { beforeAll, describe, expect, it } from 'vitest';
import type { Dialect } from '../../src/databases/types.js';
import { checkReadOnly, initStatementGate, type GateVerdict } from '../../src/sql/statement-gate.js';

const ALL_DIALECTS: readonly Dialect[] = ['duckdb', 'postgres', 'sqlite'];
const DUCKDB_AND_POSTGRES: readonly Dialect[] = ['duckdb', 'postgres'];

beforeAll(async () => {
  await initStatementGate();
});

function check(sql: string, dialect: Dialect, allowFileAccess = false): GateVerdict {
  return checkReadOnly(sql, { dialect, allowFileAccess });
}

function expectAllowed(sql: string, dialect: Dialect, allowFileAccess = false): void {
  const verdict = check(sql, dialect, allowFileAccess);
  expect(verdict, `${dialect}: ${sql}`).toMatchObject({ allowed: true });
}

/** Refused, and the reason names the offending thing (case-insensitive substring). */
function expectRefused(sql: string, dialect: Dialect, mention: string, allowFileAccess = false): string {
  const verdict = check(sql, dialect, allowFileAccess);
  expect(verdict.allowed, `${dialect}: ${sql} should be refused`).toBe(false);
  const reason = verdict.allowed ? '' : verdict.reason;
  expect(reason.toLowerCase(), `${dialect}: ${sql}`).toContain(mention.toLowerCase());
  return reason;
}

describe('required cases', () => {
  const allowed: Array<[string, readonly Dialect[]]> = [
    ['SELECT * FROM users', ALL_DIALECTS],
    ['SELECT id, name FROM users WHERE active = true', ALL_DIALECTS],
    ['SELECT u.id, o.total FROM users u JOIN orders o ON u.id = o.user_id', ALL_DIALECTS],
    ['SELECT * FROM (SELECT id FROM users) sub', ALL_DIALECTS],
    ['WITH cte AS (SELECT id FROM users) SELECT * FROM cte', ALL_DIALECTS],
    ['WITH RECURSIVE t(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM t WHERE n < 5) SELECT n FROM t', ALL_DIALECTS],
    ['WITH a(x) AS (SELECT 1), b AS (SELECT 2) SELECT * FROM a JOIN b ON a.x = b.col', ALL_DIALECTS],
    ['SELECT postgres_query_log_id FROM audit_events', ALL_DIALECTS],
    ['SELECT * FROM postgres_query_log', ALL_DIALECTS],
    ["SELECT * FROM events WHERE note = 'ran postgres_query(x) once'", ALL_DIALECTS],
  ];
  for (const [sql, dialects] of allowed) {
    for (const dialect of dialects) {
      it(`allows on ${dialect}: ${sql}`, () => expectAllowed(sql, dialect));
    }
  }

  const refused: Array<[string, string]> = [
    ['WITH t(n) AS (SELECT 1) DELETE FROM t', 'DELETE'],
    ['WITH cte AS (DELETE FROM users RETURNING *) SELECT * FROM cte', 'DELETE'],
    ['WITH cte AS (INSERT INTO t VALUES (1) RETURNING *) SELECT * FROM cte', 'INSERT'],
    ['WITH a(x) AS (SELECT 1), b AS (DELETE FROM t RETURNING *) SELECT * FROM a', 'DELETE'],
    ["INSERT INTO users (name) VALUES ('alice')", 'INSERT'],
    ["UPDATE users SET name = 'bob' WHERE id = 1", 'UPDATE'],
    ['DELETE FROM users WHERE id = 1', 'DELETE'],
    ['DROP TABLE users', 'DROP'],
    ['CREATE TABLE foo (id INT)', 'CREATE TABLE'],
    ['TRUNCATE TABLE users', 'TRUNCATE'],
    ['SELECT * FROM users; DELETE FROM users', 'DELETE'],
  ];
  for (const [sql, mention] of refused) {
    for (const dialect of ALL_DIALECTS) {
      it(`refuses on ${dialect}: ${sql}`, () => expectRefused(sql, dialect, mention));
    }
  }

  it('says plainly that data-changing statements change data', () => {
    const verdict = check("INSERT INTO users (name) VALUES ('alice')", 'postgres');
    expect(verdict).toEqual({ allowed: false, reason: 'Only read-only queries are allowed: INSERT statements change data.' });
  });

  for (const dialect of ALL_DIALECTS) {
    it(`allows several read-only statements on ${dialect} and counts them`, () => {
      expect(check('SELECT 1; SELECT 2', dialect)).toEqual({ allowed: true, statementCount: 2 });
      expect(check('SELECT 1;', dialect)).toEqual({ allowed: true, statementCount: 1 });
    });
  }
});

describe('passthrough and side-effect functions', () => {
  const refusedFunctions = [
    'postgres_query', 'postgres_execute', 'postgres_scan', 'postgres_scan_pushdown',
    'mysql_query', 'mysql_execute', 'sqlite_query', 'sqlite_scan', 'json_execute_serialized_sql',
    'dblink', 'dblink_exec', 'dblink_connect', 'dblink_send_query',
    'pg_read_file', 'pg_read_binary_file', 'pg_ls_dir', 'lo_import', 'lo_export',
    'set_config', 'pg_terminate_backend', 'pg_cancel_backend', 'nextval', 'setval',
    'pg_notify', 'pg_advisory_lock', 'load_extension', 'query_to_xml',
  ];

  /** Every place and spelling a call can take; `{fn}` stands for the function name. */
  const shapes = [
    "SELECT * FROM {fn}('conn', 'SELECT 1')",
    "SELECT {fn}('conn', 'SELECT 1')",
    "SELECT {fn} ('conn')",
    "SELECT {fn}   \n  ('conn')",
    "SELECT {fn} /* why not */ ('conn')",
    "SELECT {fn}-- trailing comment\n('conn')",
    "WITH cte AS (SELECT * FROM {fn}('conn', 'SELECT 1')) SELECT * FROM cte",
    "WITH cte AS (SELECT {fn}('conn') AS v) SELECT * FROM cte",
    "SELECT * FROM (SELECT * FROM {fn}('conn', 'SELECT 1')) sub",
    "SELECT * FROM users WHERE id IN (SELECT {fn}('conn'))",
    "SELECT id FROM users UNION ALL SELECT {fn}('conn')",
    "SELECT * FROM users u JOIN {fn}('conn') r ON true",
    "SELECT CASE WHEN true THEN {fn}('conn') END",
    "SELECT coalesce({fn}('conn'), 'x')",
    'SELECT "{fn}"(\'conn\')',
    "SELECT * FROM pg_catalog.{fn}('conn')",
    "SELECT * FROM \"pg_catalog\".\"{fn}\"('conn')",
  ];

  const mixedCase = (name: string): string =>
    [...name].map((character, index) => (index % 2 === 0 ? character.toUpperCase() : character)).join('');

  for (const name of refusedFunctions) {
    for (const dialect of ALL_DIALECTS) {
      it(`refuses ${name} on ${dialect} in every shape and spelling`, () => {
        for (const shape of shapes) {
          expectRefused(shape.replaceAll('{fn}', name), dialect, name);
          expectRefused(shape.replaceAll('{fn}', mixedCase(name)), dialect, name);
        }
      });
    }
  }

  it('explains passthrough refusals', () => {
    expect(check("SELECT * FROM postgres_query('conn', 'SELECT 1')", 'duckdb')).toEqual({
      allowed: false,
      reason: 'Function postgres_query is not allowed: it passes SQL through to another database.',
    });
  });

  it('refuses DuckDB-only side doors on DuckDB', () => {
    expectRefused("SELECT * FROM query('SELECT * FROM read_csv(''x.csv'')')", 'duckdb', 'query');
    expectRefused("SELECT * FROM query_table('users')", 'duckdb', 'query_table');
    expectRefused("SELECT getenv('HOME')", 'duckdb', 'getenv');
    expectRefused('SELECT * FROM duckdb_secrets()', 'duckdb', 'duckdb_secrets');
    expectRefused("SELECT 'x'.read_text()", 'duckdb', 'read_text');
  });

  for (const dialect of ALL_DIALECTS) {
    it(`allows identifiers and strings that merely contain refused names on ${dialect}`, () => {
      expectAllowed('SELECT nextval_count, set_config_id FROM settings_audit', dialect);
      expectAllowed('SELECT * FROM dblink_targets', dialect);
      expectAllowed('SELECT "postgres_query" FROM audit_events', dialect);
      expectAllowed("SELECT 'pg_read_file(''/etc/passwd'')' AS example", dialect);
      expectAllowed("SELECT * FROM events -- postgres_query('x')", dialect);
      expectAllowed("SELECT * FROM events /* nextval('s') */", dialect);
      expectAllowed('SELECT currval_log FROM t', dialect);
    });
  }
});

describe('DuckDB file access', () => {
  const readers = [
    "read_csv('data.csv')", "read_csv_auto('data.csv')", "read_parquet('data.parquet')", "parquet_scan('data.parquet')",
    "read_json('data.json')", "read_json_auto('data.json')", "read_ndjson('data.ndjson')", "read_ndjson_objects('x.ndjson')",
    "read_text('notes.txt')", "read_blob('image.png')", "glob('*.csv')", "sniff_csv('data.csv')", "read_xlsx('book.xlsx')",
    "parquet_metadata('data.parquet')", "iceberg_scan('warehouse/t')", "delta_scan('s3://bucket/t')",
  ];

  for (const reader of readers) {
    const name = reader.slice(0, reader.indexOf('('));
    it(`refuses ${name} by default and allows it with file access`, () => {
      const inFrom = `SELECT * FROM ${reader}`;
      const reason = expectRefused(inFrom, 'duckdb', name);
      expect(reason).toContain('file access is turned off');
      expectRefused(`WITH f AS (SELECT * FROM ${reader}) SELECT count(*) FROM f`, 'duckdb', name);
      expectRefused(`SELECT * FROM (SELECT * FROM ${reader.toUpperCase()}) sub`, 'duckdb', name);
      expectAllowed(inFrom, 'duckdb', true);
      expectAllowed(`WITH f AS (SELECT * FROM ${reader}) SELECT count(*) FROM f`, 'duckdb', true);
    });
  }

  it('refuses replacement scans on quoted file names by default', () => {
    expectRefused("SELECT * FROM 'sales.csv'", 'duckdb', 'sales.csv');
    expectRefused("FROM 'data/*.parquet'", 'duckdb', 'data/*.parquet');
    expectRefused('SELECT * FROM "sales.csv"', 'duckdb', 'sales.csv');
    expectRefused("SELECT s.* FROM users u JOIN 's3://bucket/x.parquet' s ON u.id = s.id", 'duckdb', 's3://bucket/x.parquet');
    expectRefused("DESCRIBE 'sales.csv'", 'duckdb', 'sales.csv');
    expectRefused("SHOW COLUMNS FROM 'sales.csv'", 'duckdb', 'sales.csv');
    expectRefused("SHOW 'sales.csv'", 'duckdb', 'SHOW');
    expectAllowed("SELECT * FROM 'sales.csv'", 'duckdb', true);
    expectAllowed('SELECT * FROM "sales.csv"', 'duckdb', true);
  });

  it('leaves quoted table names alone where they are not file reads', () => {
    expectAllowed('SELECT * FROM "Order Items"', 'duckdb');
    expectAllowed("SELECT * FROM 'users'", 'sqlite'); // SQLite reads a quoted table name as a table
  });

  it('does not apply DuckDB file readers to databases that have no such functions', () => {
    expectAllowed("SELECT * FROM read_csv('data.csv')", 'postgres');
  });
});

describe('statements other than queries', () => {
  const refusals: Array<[string, string]> = [
    ['SELECT * INTO new_users FROM users', 'INTO'],
    ["COPY users TO 'users.csv'", 'COPY'],
    ["COPY users FROM 'users.csv'", 'COPY'],
    ["COPY (SELECT * FROM users) TO 'users.csv'", 'COPY'],
    ["COPY users TO PROGRAM 'curl example.com'", 'COPY'],
    ["ATTACH 'other.db' AS other", 'ATTACH'],
    ["ATTACH DATABASE 'other.db' AS other", 'ATTACH'],
    ['DETACH other', 'DETACH'],
    ['INSTALL httpfs', 'INSTALL'],
    ['LOAD httpfs', 'LOAD'],
    ["PRAGMA table_info('users')", 'PRAGMA'],
    ['PRAGMA writable_schema = ON', 'PRAGMA'],
    ['SET search_path = public', 'SET'],
    ['RESET search_path', 'RESET'],
    ['CALL refresh_everything()', 'CALL'],
    ["EXPORT DATABASE 'backup'", 'EXPORT DATABASE'],
    ["IMPORT DATABASE 'backup'", 'IMPORT DATABASE'],
    ['VACUUM', 'VACUUM'],
    ['CHECKPOINT', 'CHECKPOINT'],
    ['FORCE CHECKPOINT', 'CHECKPOINT'],
    ['LISTEN jobs', 'LISTEN'],
    ["NOTIFY jobs, 'hello'", 'NOTIFY'],
    ['UNLISTEN *', 'UNLISTEN'],
    ['PREPARE q AS SELECT 1', 'PREPARE'],
    ['EXECUTE q', 'EXECUTE'],
    ['DEALLOCATE q', 'DEALLOCATE'],
    ["DO $$ BEGIN PERFORM pg_sleep(1); END $$", 'DO'],
    ['SELECT * FROM users FOR UPDATE', 'FOR UPDATE'],
    ['SELECT * FROM users FOR SHARE', 'FOR SHARE'],
    ['BEGIN', 'BEGIN'],
    ['COMMIT', 'COMMIT'],
    ['ROLLBACK', 'ROLLBACK'],
    ['CREATE VIEW v AS SELECT 1', 'CREATE VIEW'],
    ['CREATE TABLE copy_of_users AS SELECT * FROM users', 'CREATE TABLE'],
    ['ALTER TABLE users ADD COLUMN nickname TEXT', 'ALTER TABLE'],
    ['GRANT SELECT ON users TO bob', 'GRANT'],
    ['MERGE INTO t USING s ON t.id = s.id WHEN MATCHED THEN DELETE', 'MERGE'],
    ['EXPLAIN ANALYZE DELETE FROM users', 'DELETE'],
    ["INSERT INTO users SELECT * FROM read_csv('x.csv')", 'INSERT'],
    ['SELECT 1; VACUUM', 'VACUUM'],
  ];
  for (const [sql, mention] of refusals) {
    for (const dialect of ALL_DIALECTS) {
      it(`refuses on ${dialect}: ${sql}`, () => expectRefused(sql, dialect, mention));
    }
  }

  it('allows plans and catalogue listings of read-only queries', () => {
    for (const dialect of ALL_DIALECTS) {
      expectAllowed('EXPLAIN SELECT * FROM users', dialect);
      expectAllowed('DESCRIBE users', dialect);
    }
    expectAllowed('EXPLAIN ANALYZE SELECT count(*) FROM users', 'postgres');
    expectAllowed('SHOW TABLES', 'duckdb');
    expectAllowed('VALUES (1), (2)', 'postgres');
  });
});

describe('text the parser reads differently from the database', () => {
  it('refuses nested block comments, which could hide code from the parser', () => {
    const sql = "SELECT 1 /* /* */ AS a, ' */ , read_text($$/etc/hostname$$) AS b --' AS c";
    for (const dialect of ALL_DIALECTS) expectRefused(sql, dialect, 'nested block comments');
  });

  it('refuses backslash escape strings on DuckDB, which the parser does not unescape', () => {
    expectRefused("SELECT E'a\\', ' , read_text($$/etc/hostname$$) --'", 'duckdb', 'escape strings');
    expectAllowed("SELECT E'it\\'s'", 'postgres');
  });

  it('refuses unicode escapes, which could spell a refused name', () => {
    for (const dialect of DUCKDB_AND_POSTGRES) expectRefused('SELECT U&"pg\\005fread_file"(\'x\')', dialect, 'unicode escapes');
  });
});

describe('input the parser cannot read', () => {
  for (const dialect of ALL_DIALECTS) {
    it(`refuses empty input on ${dialect}`, () => {
      for (const sql of ['', '   \n', '-- just a comment', '/* nothing */', ';']) expectRefused(sql, dialect, 'empty');
    });

    it(`refuses unparsable SQL on ${dialect} and passes on the parser message`, () => {
      const reason = expectRefused('SELEC * FROM users', dialect, 'could not be parsed');
      expect(reason).toContain('SELEC');
      expect(reason).toContain('only statements the parser understands are run');
    });
  }

  it('refuses harmless DuckDB syntax the parser does not know (documented limitation)', () => {
    expectRefused('SUMMARIZE users', 'duckdb', 'could not be parsed');
    expectRefused('SELECT * FROM users USING SAMPLE 10%', 'duckdb', 'could not be parsed');
  });
});

describe('realistic analytic queries', () => {
  const everywhere = [
    'SELECT region, product, sum(amount) AS revenue FROM sales GROUP BY region, product ORDER BY revenue DESC LIMIT 10',
    'SELECT id, amount, sum(amount) OVER (PARTITION BY customer_id ORDER BY created_at ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW) AS running FROM orders',
    'SELECT customer_id, row_number() OVER (PARTITION BY region ORDER BY total DESC) AS rank FROM customers',
    "SELECT CASE WHEN amount > 100 THEN 'large' WHEN amount > 10 THEN 'medium' ELSE 'small' END AS bucket, count(*) FROM orders GROUP BY 1",
    'SELECT a.name, count(DISTINCT o.id) FROM accounts a LEFT JOIN orders o ON o.account_id = a.id GROUP BY a.name HAVING count(*) > 5',
    'SELECT * FROM orders WHERE created_at >= (SELECT max(created_at) FROM orders) - 7',
    'SELECT name FROM a EXCEPT SELECT name FROM b',
    'SELECT * FROM users WHERE EXISTS (SELECT 1 FROM orders WHERE orders.user_id = users.id)',
    "SELECT coalesce(nullif(trim(name), ''), 'unknown') AS name, lower(email) FROM users",
    'SELECT count(*) FILTER (WHERE status = 1) AS active FROM users',
  ];
  for (const sql of everywhere) {
    for (const dialect of ALL_DIALECTS) it(`allows on ${dialect}: ${sql}`, () => expectAllowed(sql, dialect));
  }

  const duckdbAndPostgres = [
    "SELECT date_trunc('month', created_at) AS month, count(*) FROM orders GROUP BY 1 ORDER BY 1",
    'SELECT region, product, sum(amount) FROM sales GROUP BY ROLLUP (region, product)',
    'SELECT region, sum(amount) FROM sales GROUP BY CUBE (region, channel)',
    "SELECT customer_id, string_agg(product, ', ') FROM orders GROUP BY customer_id",
    'SELECT * FROM generate_series(1, 10)',
    "SELECT created_at::date AS day, avg(amount)::numeric(10, 2) FROM orders GROUP BY 1",
    'SELECT lag(amount) OVER w, lead(amount) OVER w FROM orders WINDOW w AS (ORDER BY created_at)',
    "SELECT * FROM orders WHERE created_at > now() - INTERVAL '7 days'",
    'SELECT * FROM users ORDER BY id FETCH FIRST 20 ROWS ONLY',
    'SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY amount) FROM orders',
    "SELECT * FROM users WHERE name ILIKE '%smith%'",
  ];
  for (const sql of duckdbAndPostgres) {
    for (const dialect of DUCKDB_AND_POSTGRES) it(`allows on ${dialect}: ${sql}`, () => expectAllowed(sql, dialect));
  }

  const duckdbOnly = [
    'SELECT * FROM range(10)',
    'SELECT * EXCLUDE (password_hash) FROM users',
    'SELECT * REPLACE (lower(email) AS email) FROM users',
    'FROM users SELECT id, name',
    'SELECT region, count(*) FROM sales GROUP BY ALL ORDER BY ALL',
    'SELECT x FROM t QUALIFY row_number() OVER (PARTITION BY a ORDER BY b) = 1',
    'SELECT list_transform(tags, x -> upper(x)) FROM posts',
    'SELECT * FROM duckdb_tables()',
    'SELECT * FROM information_schema.tables',
    "SELECT strftime(created_at, '%Y-%m') AS month FROM orders",
    'SELECT arg_max(name, score), median(score), quantile_cont(score, 0.9) FROM results',
    'SELECT * FROM a POSITIONAL JOIN b',
    'SELECT * FROM t1 UNION BY NAME SELECT * FROM t2',
  ];
  for (const sql of duckdbOnly) it(`allows on duckdb: ${sql}`, () => expectAllowed(sql, 'duckdb'));

  const postgresOnly = [
    'SELECT DISTINCT ON (customer_id) customer_id, created_at FROM orders ORDER BY customer_id, created_at DESC',
    "SELECT data ->> 'plan' AS plan, count(*) FROM accounts WHERE tags @> ARRAY['paid'] GROUP BY 1",
    'SELECT * FROM orders o, LATERAL (SELECT * FROM items i WHERE i.order_id = o.id LIMIT 3) top_items',
    'SELECT * FROM unnest(ARRAY[1, 2, 3]) WITH ORDINALITY AS t(value, position)',
    "SELECT to_char(created_at, 'YYYY-MM') FROM orders",
    'SELECT EXTRACT(EPOCH FROM finished_at - started_at) FROM jobs',
    'SELECT currval(\'orders_id_seq\')',
    'SELECT * FROM pg_catalog.pg_tables',
    'WITH t AS MATERIALIZED (SELECT 1) SELECT * FROM t',
  ];
  for (const sql of postgresOnly) it(`allows on postgres: ${sql}`, () => expectAllowed(sql, 'postgres'));

  const sqliteOnly = [
    'SELECT * FROM users LIMIT 10, 20',
    'SELECT group_concat(name) FROM users',
    "SELECT strftime('%Y', created_at) FROM orders",
    "SELECT * FROM pragma_table_info('users')",
    "SELECT json_extract(data, '$.plan') FROM accounts",
    "SELECT * FROM json_each('[1, 2]')",
    'SELECT iif(amount > 10, 1, 0) FROM orders',
  ];
  for (const sql of sqliteOnly) it(`allows on sqlite: ${sql}`, () => expectAllowed(sql, 'sqlite'));
});

describe('verdicts checked again', () => {
  it('gives the same statement the same verdict, keyed by dialect and file access too', () => {
    const sql = "SELECT * FROM read_csv('/tmp/people.csv')";
    expect(check(sql, 'duckdb', true)).toMatchObject({ allowed: true });
    expect(check(sql, 'duckdb', true)).toMatchObject({ allowed: true });
    expect(check(sql, 'duckdb', false)).toMatchObject({ allowed: false });
    expect(check('SELECT sleep(1)', 'duckdb')).toMatchObject({ allowed: true });
    expect(check('SELECT sleep(1)', 'mysql')).toMatchObject({ allowed: false });
  });

  it('hands out verdicts no caller can change for the next one', () => {
    const verdict = check('DELETE FROM users', 'postgres');
    expect(() => Object.assign(verdict, { allowed: true })).toThrow(TypeError);
    expect(check('DELETE FROM users', 'postgres')).toMatchObject({ allowed: false });
  });
});
