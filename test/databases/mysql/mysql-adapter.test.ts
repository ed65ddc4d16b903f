// The MySQL adapter against the local MariaDB: values and columns, the row cap on a 10-million-row
// query, timeouts that KILL the query (gone from the processlist), and an adapter that stays
// usable after a cancel.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createDatabaseAdapter } from '../../../src/databases/create-database-adapter.js';
import { DatabaseUnavailableError, QueryFailedError, QueryTimeoutError, UserCredentialRequiredError } from '../../../src/databases/errors.js';
import type { DatabaseAdapter } from '../../../src/databases/types.js';
import { createScratchMariaDb, MARIADB_HOST, MARIADB_PORT, mariaDbAvailable, type ScratchMariaDb } from '../../support/mariadb-database.js';
import { databaseConfig, memorySnapshot, QUERY_OPTIONS } from '../database-test-helpers.js';

const available = await mariaDbAvailable();
let scratch: ScratchMariaDb;
let adapter: DatabaseAdapter;

beforeAll(async () => {
  if (!available) return;
  scratch = await createScratchMariaDb('dt_mysql_adapter');
  await scratch.admin.query('CREATE TABLE t (id INT PRIMARY KEY, label VARCHAR(40) NOT NULL, `order` INT)');
  await scratch.admin.query("INSERT INTO t SELECT seq, CONCAT('row ', seq), seq % 7 FROM seq_1_to_100");
  adapter = await createDatabaseAdapter(
    databaseConfig({ type: 'mysql', host: MARIADB_HOST, port: MARIADB_PORT, user: 'root', password: '', database: scratch.name }),
  );
});

afterAll(async () => {
  await adapter?.close();
  await scratch?.drop();
});

async function processlistHas(marker: string): Promise<boolean> {
  const [rows] = await scratch.admin.query(`SELECT COUNT(*) AS n FROM information_schema.processlist WHERE info LIKE '%${marker}%' AND info NOT LIKE '%processlist%'`);
  return Number((rows as Array<{ n: number }>)[0]?.n) > 0;
}

describe.skipIf(!available)('MySQL adapter (MariaDB): results', () => {
  test('normalises values and names columns with MySQL type names', async () => {
    const result = await adapter.runQuery(
      `SELECT CAST(9007199254740993 AS UNSIGNED) AS big, 42 AS small, CAST(12.50 AS DECIMAL(10,2)) AS price,
              CAST(12345678901234567890.5 AS DECIMAL(30,1)) AS huge, DATE '2024-02-29' AS day,
              TIMESTAMP '2024-01-02 03:04:05' AS at, NULL AS nothing, 'it''s \\\\ "quoted"' AS text, X'616263' AS bytes,
              \`order\` FROM t WHERE id = 3`,
      QUERY_OPTIONS,
    );
    expect(result.columns.map((column) => column.name)).toEqual(['big', 'small', 'price', 'huge', 'day', 'at', 'nothing', 'text', 'bytes', 'order']);
    expect(result.columns.find((column) => column.name === 'price')?.type).toBe('decimal');
    expect(result.columns.find((column) => column.name === 'bytes')?.type).toBe('varbinary');
    expect(result.rows).toEqual([['9007199254740993', 42, 12.5, '12345678901234567890.5', '2024-02-29', '2024-01-02T03:04:05.000', null, 'it\'s \\ "quoted"', '<blob 3 bytes>', 3]]);
    expect(result).toMatchObject({ rowCount: 1, truncated: false });
  });

  test('numbers, dates and times arrive as JSON; DATETIME in ISO form; JSON documents and bits are normalised', async () => {
    const result = await adapter.runQuery(
      `SELECT CAST(7 AS INT) AS whole, 9007199254740991 + 0 AS largest_safe, CAST(1.25 AS DOUBLE) AS ratio, CAST(2.5 AS FLOAT) AS approx,
              YEAR(DATE '2024-05-06') AS year_number, TIME '01:02:03.5' AS clock, CAST('2024-01-02 03:04:05.678' AS DATETIME(3)) AS precise,
              JSON_OBJECT('region', 'north', 'total', 3) AS document, b'101' AS flags, CONCAT('customer ', 1) AS label`,
      QUERY_OPTIONS,
    );
    expect(result.rows).toEqual([
      [7, 9007199254740991, 1.25, 2.5, 2024, '01:02:03.5', '2024-01-02T03:04:05.678', { region: 'north', total: 3 }, '<blob 1 bytes>', 'customer 1'],
    ]);
    expect(JSON.parse(JSON.stringify(result.rows))).toEqual(result.rows);
  });

  test('every query runs inside a read-only transaction', async () => {
    // START TRANSACTION READ ONLY is sent ahead of the query without waiting for its answer.
    for (let index = 0; index < 3; index += 1) {
      expect((await adapter.runQuery('SELECT @@in_transaction AS open_transaction, @@tx_read_only AS read_only', QUERY_OPTIONS)).rows).toEqual([[1, 1]]);
    }
  });

  test('introspects the configured database for datathread check', async () => {
    const summary = await adapter.introspect();
    expect(summary.tables).toEqual([
      { schema: scratch.name, name: 't', columns: [{ name: 'id', type: 'int(11)' }, { name: 'label', type: 'varchar(40)' }, { name: 'order', type: 'int(11)' }] },
    ]);
  });

  test('a bad column is a query error the model can repair', async () => {
    await expect(adapter.runQuery('SELECT nope FROM t', QUERY_OPTIONS)).rejects.toThrow(QueryFailedError);
    await expect(adapter.runQuery('SELECT nope FROM t', QUERY_OPTIONS)).rejects.toThrow(/Unknown column 'nope'/);
  });
});

describe.skipIf(!available)('MySQL adapter (MariaDB): limits', () => {
  test('a 10-million-row query is capped, says truncated, stops on the server and keeps memory bounded', async () => {
    const growth = memorySnapshot();
    const result = await adapter.runQuery('SELECT seq, seq * 2 AS doubled FROM seq_1_to_10000000 /* dt_cap_marker */', { ...QUERY_OPTIONS, rowCap: 1_000 });
    const grown = growth();
    expect(result.rows).toHaveLength(1_000);
    expect(result.rows[999]).toEqual([1000, 2000]);
    expect(result).toMatchObject({ truncated: true, rowCount: 1_000 });
    expect(grown.heapUsedMb).toBeLessThan(100);
    expect(await processlistHas('dt_cap_marker')).toBe(false);
  });

  test('a query past the timeout is killed (gone from the processlist) and the adapter keeps working', async () => {
    const started = performance.now();
    await expect(
      adapter.runQuery('SELECT COUNT(*) FROM seq_1_to_100000000 a, seq_1_to_1000 b /* dt_timeout_marker */', { ...QUERY_OPTIONS, timeoutMs: 500 }),
    ).rejects.toThrow(QueryTimeoutError);
    expect(performance.now() - started).toBeLessThan(10_000);
    expect(await processlistHas('dt_timeout_marker')).toBe(false);
    const after = await adapter.runQuery('SELECT COUNT(*) FROM t', QUERY_OPTIONS);
    expect(after.rows).toEqual([[100]]);
  });

  test('an aborted query is killed and the adapter keeps working', async () => {
    const controller = new AbortController();
    const running = adapter.runQuery('SELECT COUNT(*) FROM seq_1_to_100000000 a, seq_1_to_1000 b /* dt_abort_marker */', { ...QUERY_OPTIONS, signal: controller.signal });
    setTimeout(() => controller.abort(new Error('the user cancelled')), 300);
    await expect(running).rejects.toThrow('the user cancelled');
    await expect.poll(() => processlistHas('dt_abort_marker'), { timeout: 5_000 }).toBe(false);
    expect((await adapter.runQuery('SELECT 1 + 1', QUERY_OPTIONS)).rows).toEqual([[2]]);
  });
});

describe.skipIf(!available)('MySQL adapter (MariaDB): auth_mode azure_entra_id', () => {
  test('runs as the asking user with their token as the password, and never without one', async () => {
    const userName = `dt_entra_${Math.random().toString(36).slice(2, 8)}`;
    const token = `eyJ0eXAiOiJKV1Qi.${Math.random().toString(36).slice(2)}.signature`;
    await scratch.admin.query(`CREATE USER '${userName}'@'%' IDENTIFIED BY '${token}'`);
    await scratch.admin.query(`GRANT SELECT ON \`${scratch.name}\`.* TO '${userName}'@'%'`);
    const federated = await createDatabaseAdapter(
      databaseConfig({ type: 'mysql', host: MARIADB_HOST, port: MARIADB_PORT, database: scratch.name, user: 'root', password: '', auth_mode: 'azure_entra_id' }),
    );
    try {
      await expect(federated.runQuery('SELECT 1', QUERY_OPTIONS)).rejects.toThrow(UserCredentialRequiredError);
      const result = await federated.runQuery("SELECT SUBSTRING_INDEX(CURRENT_USER(), '@', 1)", { ...QUERY_OPTIONS, credential: { userName, accessToken: token } });
      expect(result.rows).toEqual([[userName]]);
      const wrong = federated.runQuery('SELECT 1', { ...QUERY_OPTIONS, credential: { userName, accessToken: 'not-the-token' } });
      await expect(wrong).rejects.toThrow(DatabaseUnavailableError);
      await expect(wrong).rejects.not.toThrow(/not-the-token/);
    } finally {
      await federated.close();
      await scratch.admin.query(`DROP USER '${userName}'@'%'`);
    }
  });
});
