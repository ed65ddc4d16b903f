// MariaDB reads `--` as a comment only before an ASCII space or control character, and U+00A0 as
// part of a name. A gate (or parser) that took U+00A0 for a space read `--<U+00A0>, LOAD_FILE(…)`
// as a comment that MariaDB runs. Each statement below is first run as root straight on the server,
// proving MariaDB does what it hides (reads the file, writes the file, takes the lock, sets the
// variable); then through the adapter, which must refuse it and leave no trace.
import { chmod, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createDatabaseAdapter } from '../../../src/databases/create-database-adapter.js';
import type { DatabaseAdapter } from '../../../src/databases/types.js';
import { checkReadOnly, initStatementGate } from '../../../src/sql/statement-gate.js';
import { createScratchMariaDb, MARIADB_HOST, MARIADB_PORT, mariaDbAvailable, type ScratchMariaDb } from '../../support/mariadb-database.js';
import { databaseConfig, failureOf, QUERY_OPTIONS } from '../database-test-helpers.js';

const NO_BREAK_SPACE = '\u00a0';
const SECRET = `lexer-secret-${process.pid}`;
const LOCK_NAME = `dt_lexer_lock_${process.pid}`;

/** The trick: MariaDB reads `--<U+00A0>` as minus minus a column named U+00A0; the hidden clause runs. */
function hidden(clause: string, tail = ''): string {
  return `SELECT (SELECT 2) --${NO_BREAK_SPACE}${clause} FROM (SELECT 1 AS \`${NO_BREAK_SPACE}\`) z${tail}`;
}

const available = await mariaDbAvailable();
let scratch: ScratchMariaDb;
let adapter: DatabaseAdapter;
let folder: string;
let secretFile: string;

beforeAll(async () => {
  await initStatementGate();
  if (!available) return;
  scratch = await createScratchMariaDb('dt_lexer_spaces');
  folder = await mkdtemp(join(tmpdir(), 'datathread-lexer-'));
  await chmod(folder, 0o777); // the server (user mysql) reads and writes here
  secretFile = join(folder, 'secret.txt');
  await writeFile(secretFile, SECRET);
  await chmod(secretFile, 0o644);
  adapter = await createDatabaseAdapter(databaseConfig({ type: 'mysql', host: MARIADB_HOST, port: MARIADB_PORT, user: 'root', password: '', database: scratch.name }));
});

afterAll(async () => {
  await adapter?.close();
  await scratch?.drop();
  if (folder) await rm(folder, { recursive: true, force: true });
});

describe('MySQL gate: -- before a Unicode space', () => {
  test('refuses each hidden clause, naming the character and what to write instead', () => {
    for (const sql of [
      hidden(", LOAD_FILE('/etc/hostname') AS f"),
      hidden(" INTO OUTFILE '/tmp/x.txt'"),
      hidden(", GET_LOCK('x', 0) AS l"),
      hidden(', SLEEP(5) AS s'),
      hidden(', @dt_lexer_variable := 5 AS v'),
    ]) {
      const verdict = checkReadOnly(sql, { dialect: 'mysql', allowFileAccess: false });
      expect(verdict, sql).toMatchObject({ allowed: false, reason: expect.stringContaining('U+00A0 (no-break space)') });
    }
    expect(checkReadOnly(hidden(', SLEEP(5) AS s'), { dialect: 'mysql', allowFileAccess: false })).toMatchObject({
      reason: expect.stringContaining('Replace it with a plain space.'),
    });
  });

  test('StarRocks reads every -- as a comment (its own lexer, StarRocksLex.g4), so the clause stays a comment there', () => {
    expect(checkReadOnly(hidden(", LOAD_FILE('/etc/hostname') AS f"), { dialect: 'starrocks', allowFileAccess: false })).toEqual({ allowed: true, statementCount: 1 });
  });
});

describe.skipIf(!available)('MariaDB: -- before a Unicode space hides nothing', () => {
  test('LOAD_FILE: MariaDB reads the file when run directly; through the adapter it is refused', async () => {
    const sql = hidden(`, LOAD_FILE('${secretFile}') AS f`);
    const [direct] = await scratch.admin.query({ sql, rowsAsArray: true });
    expect(String((direct as unknown[][])[0]?.[1])).toBe(SECRET);
    const failure = await failureOf(adapter.runQuery(sql, QUERY_OPTIONS));
    expect(failure.message).toContain('U+00A0');
    expect(failure.message).not.toContain(SECRET);
  });

  test('INTO OUTFILE: MariaDB writes the file when run directly; through the adapter nothing is written', async () => {
    const direct = join(folder, 'direct.txt');
    await scratch.admin.query(hidden(` INTO OUTFILE '${direct}'`));
    expect(await readdir(folder)).toContain('direct.txt');
    await expect(adapter.runQuery(hidden(` INTO OUTFILE '${join(folder, 'through-adapter.txt')}'`), QUERY_OPTIONS)).rejects.toThrow(/U\+00A0/);
    expect(await readdir(folder)).not.toContain('through-adapter.txt');
  });

  test('GET_LOCK: through the adapter the lock is never taken', async () => {
    await expect(adapter.runQuery(hidden(`, GET_LOCK('${LOCK_NAME}', 0) AS l`), QUERY_OPTIONS)).rejects.toThrow(/U\+00A0/);
    const [rows] = await scratch.admin.query({ sql: `SELECT IS_FREE_LOCK('${LOCK_NAME}')`, rowsAsArray: true });
    expect(rows).toEqual([[1]]);
  });

  test('SLEEP and a user variable: refused, and no pooled connection carries the variable', async () => {
    await expect(adapter.runQuery(hidden(', SLEEP(5) AS s'), QUERY_OPTIONS)).rejects.toThrow(/U\+00A0/);
    await expect(adapter.runQuery(hidden(', @dt_lexer_variable := 5 AS v'), QUERY_OPTIONS)).rejects.toThrow(/U\+00A0/);
    const borrowed = await Promise.all(Array.from({ length: 5 }, () => adapter.runQuery('SELECT @dt_lexer_variable', QUERY_OPTIONS)));
    expect(borrowed.map((result) => result.rows)).toEqual(Array.from({ length: 5 }, () => [[null]]));
  });

  test('a -- followed by an ASCII control character is a comment to MariaDB and to the gate alike', async () => {
    const sql = 'SELECT 1 AS a --\u0001, 2 AS b\n, 3 AS c';
    const [direct] = await scratch.admin.query({ sql, rowsAsArray: true });
    expect(direct).toEqual([[1, 3]]);
    expect((await adapter.runQuery(sql, QUERY_OPTIONS)).rows).toEqual([[1, 3]]);
  });
});
