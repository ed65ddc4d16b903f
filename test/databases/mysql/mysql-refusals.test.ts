// Writes, file access and server changes on MySQL are refused by the statement gate and by the
// adapter itself. The adapter is driven as root (FILE privilege, no secure_file_priv), and the test
// proves nothing changed: row count and checksum, users, routines, events, global variables, and
// no file in a sentinel folder the server can write to.
import { chmod, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createDatabaseAdapter } from '../../../src/databases/create-database-adapter.js';
import type { DatabaseAdapter } from '../../../src/databases/types.js';
import { checkReadOnly, initStatementGate } from '../../../src/sql/statement-gate.js';
import { createScratchMariaDb, MARIADB_HOST, MARIADB_PORT, mariaDbAvailable, type ScratchMariaDb } from '../../support/mariadb-database.js';
import { databaseConfig, QUERY_OPTIONS } from '../database-test-helpers.js';

const available = await mariaDbAvailable();
let scratch: ScratchMariaDb;
let adapter: DatabaseAdapter;
let sentinel: string;

const WATCHED_GLOBALS = ['max_connections', 'event_scheduler', 'general_log', 'general_log_file', 'read_only', 'sql_mode', 'local_infile', 'max_statement_time'];

function refusedStatements(folder: string): string[] {
  return [
    "INSERT INTO t VALUES (1000, 'x', 1)",
    "REPLACE INTO t VALUES (1, 'x', 1)",
    "UPDATE t SET label = 'x'",
    'DELETE FROM t',
    'TRUNCATE t',
    'DROP TABLE t',
    'CREATE TABLE t2 (id INT)',
    `SELECT * FROM t INTO OUTFILE '${folder}/outfile.txt'`,
    `SELECT label FROM t LIMIT 1 INTO DUMPFILE '${folder}/dumpfile.bin'`,
    'SELECT id INTO @v FROM t LIMIT 1',
    `SELECT id FROM t /*!50000 INTO OUTFILE '${folder}/executable.txt' */`,
    `SELECT id FROM t /*M!100000 INTO OUTFILE '${folder}/mariadb-executable.txt' */`,
    '/*!50000 DELETE FROM t */',
    `SELECT 1 # comment\nINTO OUTFILE '${folder}/hash.txt'`,
    `SELECT 'a\\' , 1 -- ' INTO OUTFILE '${folder}/backslash.txt'`,
    "SELECT LOAD_FILE('/etc/hostname')",
    "LOAD DATA INFILE '/etc/hostname' INTO TABLE t",
    "LOAD DATA LOCAL INFILE '/etc/hostname' INTO TABLE t",
    'SELECT SLEEP(1)',
    "SELECT BENCHMARK(1000, MD5('x'))",
    "SELECT GET_LOCK('dt_lock', 0)",
    'HANDLER t OPEN',
    'DO SLEEP(0)',
    'SET GLOBAL max_connections = 99',
    'SET @@GLOBAL.event_scheduler = ON',
    "SET SESSION sql_mode = 'ANSI_QUOTES'",
    'SET @x = 1',
    'FLUSH TABLES',
    'KILL 1',
    'LOCK TABLES t WRITE',
    'OPTIMIZE TABLE t',
    'ANALYZE TABLE t',
    'REPAIR TABLE t',
    "INSTALL PLUGIN dt_plugin SONAME 'dt_plugin.so'",
    'CREATE EVENT dt_event ON SCHEDULE EVERY 1 DAY DO DELETE FROM t',
    "CREATE USER dt_bypass_user IDENTIFIED BY 'x'",
    'CREATE PROCEDURE dt_procedure() DELETE FROM t',
    'GRANT SELECT ON *.* TO dt_bypass_user',
    "PREPARE dt_statement FROM 'DELETE FROM t'",
    'EXECUTE dt_statement',
    'SELECT * FROM t FOR UPDATE',
    'SELECT * FROM t LOCK IN SHARE MODE',
    'SHUTDOWN',
    'SELECT 1; DROP TABLE t',
    'SELECT NEXT VALUE FOR dt_sequence',
    'SELECT NEXT VALUE FOR dt_sequence FROM t',
    'SELECT NEXTVAL(dt_sequence)',
    'SELECT SETVAL(dt_sequence, 500)',
    'SELECT id, NEXT /* split */ VALUE FOR dt_sequence FROM t',
    'SELECT 1 /*!100300 , NEXT VALUE FOR dt_sequence */',
    'SELECT @dt_assigned := 1',
    'SELECT @dt_assigned := id FROM t ORDER BY id DESC LIMIT 1',
    'SELECT id FROM t WHERE (@dt_assigned := id) > 99',
    'SELECT @`dt_assigned`:=7',
    "SELECT @'dt_assigned' := 8",
  ];
}

const ALLOWED: Array<[string, unknown[][] | null]> = [
  ['SHOW TABLES', [['dt_sequence'], ['t']]],
  ['DESCRIBE t', null],
  ["SELECT table_name FROM information_schema.tables WHERE table_schema = DATABASE() ORDER BY table_name", [['dt_sequence'], ['t']]],
  ['SELECT id, SUM(`order`) OVER (ORDER BY id) AS running FROM t WHERE id <= 2', [[1, 1], [2, 3]]],
  ['WITH small AS (SELECT id FROM t WHERE id < 3) SELECT COUNT(*) FROM small', [[2]]],
  ['SELECT `order` FROM `t` WHERE `id` = 8', [[1]]],
  ['SELECT "double quotes are a string"', [['double quotes are a string']]],
  ['SELECT 5--1', [[6]]],
  ['SELECT 1 # a comment', [[1]]],
  ["SELECT 'it\\'s' AS quoted", [["it's"]]],
  ['SELECT id /*!50000 , label */ FROM t WHERE id = 1', [[1, 'row 1']]],
  ["SELECT 'NEXT VALUE FOR dt_sequence', ':='", [['NEXT VALUE FOR dt_sequence', ':=']]],
  ['SELECT @dt_assigned IS NULL', [[1]]],
  ['SELECT @dt_assigned = 1', [[null]]],
  ['SELECT `order`, COUNT(*) AS n FROM t WHERE id <= 3 GROUP BY `order` WITH ROLLUP', [[1, 1], [2, 1], [3, 1], [null, 3]]],
  ['SHOW CREATE TABLE t', null],
  ['SHOW INDEX FROM t', null],
];

async function serverState(): Promise<unknown> {
  const query = async (sql: string) => (await scratch.admin.query(sql))[0];
  return {
    table: await query("SELECT COUNT(*) AS n, MD5(GROUP_CONCAT(id, ':', label ORDER BY id)) AS checksum FROM t"),
    tables: await query(`SELECT table_name FROM information_schema.tables WHERE table_schema = '${scratch.name}' ORDER BY table_name`),
    users: await query("SELECT user, host FROM mysql.user WHERE user LIKE 'dt\\_%' ORDER BY user, host"),
    sequence: await query('SELECT next_not_cached_value FROM dt_sequence'),
    routines: await query(`SELECT routine_name FROM information_schema.routines WHERE routine_schema = '${scratch.name}'`),
    events: await query(`SELECT event_name FROM information_schema.events WHERE event_schema = '${scratch.name}'`),
    globals: await query(`SELECT variable_name, variable_value FROM information_schema.global_variables WHERE variable_name IN (${WATCHED_GLOBALS.map((name) => `'${name}'`).join(', ')}) ORDER BY variable_name`),
  };
}

beforeAll(async () => {
  await initStatementGate();
  if (!available) return;
  scratch = await createScratchMariaDb('dt_mysql_refusals');
  await scratch.admin.query('CREATE TABLE t (id INT PRIMARY KEY, label VARCHAR(40) NOT NULL, `order` INT)');
  await scratch.admin.query("INSERT INTO t SELECT seq, CONCAT('row ', seq), seq % 7 FROM seq_1_to_100");
  // NOCACHE: every NEXT VALUE writes the sequence table, so one that slipped through would show.
  await scratch.admin.query('CREATE SEQUENCE dt_sequence NOCACHE');
  sentinel = await mkdtemp(join(tmpdir(), 'datathread-sentinel-'));
  await chmod(sentinel, 0o777); // the server (user mysql) must be able to write here for the test to mean anything
  adapter = await createDatabaseAdapter(
    databaseConfig({ type: 'mysql', host: MARIADB_HOST, port: MARIADB_PORT, user: 'root', password: '', database: scratch.name }),
  );
});

afterAll(async () => {
  await adapter?.close();
  await scratch?.drop();
  if (sentinel) await rm(sentinel, { recursive: true, force: true });
});

describe('MySQL statement gate', () => {
  for (const sql of refusedStatements('/tmp/sentinel')) {
    test(`refuses: ${sql}`, () => {
      expect(checkReadOnly(sql, { dialect: 'mysql', allowFileAccess: false }).allowed).toBe(false);
      expect(checkReadOnly(sql, { dialect: 'starrocks', allowFileAccess: false }).allowed).toBe(false);
    });
  }
  for (const [sql] of ALLOWED) {
    test(`allows: ${sql}`, () => {
      expect(checkReadOnly(sql, { dialect: 'mysql', allowFileAccess: false })).toEqual({ allowed: true, statementCount: 1 });
    });
  }

  test('names what it refuses', () => {
    expect(checkReadOnly('SELECT SLEEP(5)', { dialect: 'mysql', allowFileAccess: false })).toEqual({
      allowed: false,
      reason: 'Function sleep is not allowed: it holds the connection busy on purpose.',
    });
    expect(checkReadOnly('HANDLER t OPEN', { dialect: 'mysql', allowFileAccess: false })).toMatchObject({ reason: expect.stringContaining('HANDLER statements') });
    expect(checkReadOnly('SELECT 1 /*! , SLEEP(5) */', { dialect: 'mysql', allowFileAccess: false })).toMatchObject({
      reason: expect.stringContaining('Inside an executable comment'),
    });
  });
});

describe.skipIf(!available)('MySQL adapter as root, bypassing execute_sql', () => {
  test('refuses every write, file access and server change, and nothing changes', async () => {
    const before = await serverState();
    for (const sql of refusedStatements(sentinel)) {
      await expect(adapter.runQuery(sql, QUERY_OPTIONS), sql).rejects.toThrow();
    }
    expect(await serverState()).toEqual(before);
    expect(await readdir(sentinel)).toEqual([]);
    // No pooled connection the next asker borrows carries a variable a refused query assigned.
    const borrowed = await Promise.all(Array.from({ length: 5 }, () => adapter.runQuery('SELECT @dt_assigned', QUERY_OPTIONS)));
    expect(borrowed.map((result) => result.rows)).toEqual(Array.from({ length: 5 }, () => [[null]]));
  });

  test('names sequence changes and variable assignments in its refusal', async () => {
    await expect(adapter.runQuery('SELECT NEXT VALUE FOR dt_sequence', QUERY_OPTIONS)).rejects.toThrow(/NEXT VALUE FOR is not allowed: it advances a sequence/);
    await expect(adapter.runQuery('SELECT @dt_assigned := 1', QUERY_OPTIONS)).rejects.toThrow(/Assignments with := are not allowed/);
  });

  test('answers reads, reading text exactly as the server does', async () => {
    for (const [sql, expected] of ALLOWED) {
      const result = await adapter.runQuery(sql, QUERY_OPTIONS);
      if (expected !== null) expect(result.rows, sql).toEqual(expected);
      else expect(result.rows.length, sql).toBeGreaterThan(0);
    }
  });
});
