// No dependency fault ends the process: a real pg_terminate_backend during a warehouse query on a
// per-user (federated) pool, on the PostgreSQL state store's connections (idle and inside a
// transaction), and a real MariaDB KILL CONNECTION (mid-query and idle). Each time the query that
// lost its connection fails plainly and the next one reconnects. An 'error' event without a
// listener would end this test process, so reaching the assertions is part of the proof.
import mysql from 'mysql2/promise';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createDatabaseAdapter } from '../../src/databases/create-database-adapter.js';
import { DatabaseUnavailableError, QueryFailedError } from '../../src/databases/errors.js';
import type { DatabaseAdapter } from '../../src/databases/types.js';
import { openPostgresStore } from '../../src/store/postgres-store.js';
import { databaseConfig } from '../databases/database-test-helpers.js';
import { postgresConfigFromUrl } from '../databases/postgres-test-config.js';
import { createScratchMariaDb, MARIADB_HOST, MARIADB_PORT, mariaDbAvailable, type ScratchMariaDb } from '../support/mariadb-database.js';
import { createScratchDatabase, type ScratchDatabase } from '../support/postgres-database.js';

let scratch: ScratchDatabase;
let admin: pg.Client;

beforeAll(async () => {
  scratch = await createScratchDatabase('dt_faults');
  admin = new pg.Client({ connectionString: scratch.url });
  await admin.connect();
});

afterAll(async () => {
  await admin.end();
  await scratch.drop();
});

async function settle(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => undefined,
    (error: unknown) => error,
  );
}

/** Terminates every backend of this scratch database except the admin's own; returns how many. */
async function terminateOthers(where = ''): Promise<number> {
  const result = await admin.query(`SELECT count(*)::int AS n FROM (SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid() ${where}) AS killed`, [scratch.name]);
  return result.rows[0].n as number;
}

async function waitForActive(pattern: string): Promise<void> {
  await expect.poll(async () => (await admin.query(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE query LIKE $1 AND state = 'active' AND datname = $2`, [pattern, scratch.name])).rows[0].n, { timeout: 5_000 }).toBe(1);
}

describe('PostgreSQL per-user pool (auth_mode azure_entra_id)', () => {
  let adapter: DatabaseAdapter;
  // Trust auth on the test server accepts any token as the password of an existing role.
  const credential = { userName: 'postgres', accessToken: 'token-of-ana' };

  beforeAll(async () => {
    adapter = await createDatabaseAdapter(postgresConfigFromUrl(scratch.url, { name: 'federated', auth_mode: 'azure_entra_id' }));
  });

  afterAll(async () => {
    await adapter.close();
  });

  test('a backend terminated mid-query fails that query plainly; the next query of that person reconnects', async () => {
    const failure = settle(adapter.runQuery('SELECT pg_sleep(30) AS user_pool_sleep', { rowCap: 10, timeoutMs: 60_000, credential }));
    await waitForActive('SELECT pg_sleep(30) AS user_pool_sleep%');
    expect(await terminateOthers()).toBeGreaterThanOrEqual(1);
    const error = await failure;
    expect(error instanceof QueryFailedError || error instanceof DatabaseUnavailableError).toBe(true);
    expect((await adapter.runQuery('SELECT 7 AS seven', { rowCap: 10, timeoutMs: 10_000, credential })).rows).toEqual([[7]]);
  });

  test('an idle connection of the pool terminated between queries does not matter', async () => {
    expect((await adapter.runQuery('SELECT 1 AS one', { rowCap: 10, timeoutMs: 10_000, credential })).rows).toEqual([[1]]);
    expect(await terminateOthers()).toBeGreaterThanOrEqual(1);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await adapter.runQuery('SELECT 2 AS two', { rowCap: 10, timeoutMs: 10_000, credential })).rows).toEqual([[2]]);
  });
});

describe('PostgreSQL state store', () => {
  test('its connections terminated while idle and inside a transaction: the store keeps working', async () => {
    const store = openPostgresStore(scratch.url);
    try {
      await store.migrate();
      await store.ensureConversation('slack:T1:C1:1.1', 'slack', new Date());
      // Idle pool connections terminated (a PostgreSQL restart between requests).
      expect(await terminateOthers()).toBeGreaterThanOrEqual(1);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect((await store.ensureConversation('slack:T1:C1:1.1', 'slack', new Date())).threadId).toBe('slack:T1:C1:1.1');

      // A transaction waiting on a lock, terminated (a failover mid-write): that call fails, the next works.
      await admin.query(`SELECT pg_advisory_lock(4702116553)`);
      const migrating = settle(store.migrate());
      await expect.poll(async () => (await admin.query(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND datname = $1`, [scratch.name])).rows[0].n, { timeout: 5_000 }).toBe(1);
      expect(await terminateOthers(`AND wait_event_type = 'Lock'`)).toBe(1);
      expect(await migrating).toBeInstanceOf(Error);
      await admin.query(`SELECT pg_advisory_unlock(4702116553)`);
      await store.migrate();
      expect((await store.ensureConversation('slack:T1:C1:2.1', 'slack', new Date())).threadId).toBe('slack:T1:C1:2.1');
    } finally {
      await store.close();
    }
  });
});

const mariaDb = await mariaDbAvailable();

// MariaDB's sequence engine: a count over 10^11 rows keeps the connection busy for minutes.
const LONG_QUERY = 'SELECT COUNT(*) FROM seq_1_to_100000000 a, seq_1_to_1000 b /* killed_long */';

describe.runIf(mariaDb)('MariaDB KILL CONNECTION', () => {
  let maria: ScratchMariaDb;
  let adapter: DatabaseAdapter;
  let root: mysql.Connection;

  beforeAll(async () => {
    maria = await createScratchMariaDb('dt_faults');
    adapter = await createDatabaseAdapter(databaseConfig({ type: 'mysql', name: 'maria', host: MARIADB_HOST, port: MARIADB_PORT, database: maria.name, user: 'root' }));
    root = await mysql.createConnection({ host: MARIADB_HOST, port: MARIADB_PORT, user: 'root' });
  });

  afterAll(async () => {
    await adapter.close();
    await root.end();
    await maria.drop();
  });

  async function killOthersOf(database: string, onlyRunning: boolean): Promise<number> {
    const [rows] = await root.query(`SELECT ID AS id, INFO AS info FROM information_schema.PROCESSLIST WHERE DB = ? AND ID <> CONNECTION_ID()`, [database]);
    const victims = (rows as Array<{ id: number; info: string | null }>).filter((row) => !onlyRunning || (row.info ?? '').includes('killed_long'));
    for (const victim of victims) await root.query(`KILL CONNECTION ${victim.id}`);
    return victims.length;
  }

  test('a connection killed mid-query fails that query plainly; the next query reconnects', async () => {
    // SLEEP is refused by the read-only gate; a long count keeps the connection busy instead.
    const failure = settle(adapter.runQuery(LONG_QUERY, { rowCap: 10, timeoutMs: 60_000 }));
    await expect
      .poll(async () => ((await root.query(`SELECT count(*) AS n FROM information_schema.PROCESSLIST WHERE INFO LIKE '%killed_long%' AND INFO NOT LIKE '%PROCESSLIST%'`))[0] as Array<{ n: number }>)[0]!.n, { timeout: 5_000 })
      .toEqual(1);
    // Leave the admin connection of the scratch database alone.
    expect(await killOthersOf(maria.name, true)).toBe(1);
    const error = await failure;
    expect(error instanceof QueryFailedError || error instanceof DatabaseUnavailableError).toBe(true);
    expect((await adapter.runQuery('SELECT 5 AS five', { rowCap: 10, timeoutMs: 10_000 })).rows).toEqual([[5]]);
  });

  test('idle pool connections killed between queries: the next query still works', async () => {
    expect((await adapter.runQuery('SELECT 1 AS one', { rowCap: 10, timeoutMs: 10_000 })).rows).toEqual([[1]]);
    const [adminIdRows] = await maria.admin.query('SELECT CONNECTION_ID() AS id');
    const adminId = (adminIdRows as Array<{ id: number }>)[0]!.id;
    const [rows] = await root.query(`SELECT ID AS id FROM information_schema.PROCESSLIST WHERE DB = ? AND ID <> CONNECTION_ID() AND ID <> ?`, [maria.name, adminId]);
    const idle = rows as Array<{ id: number }>;
    expect(idle.length).toBeGreaterThanOrEqual(1);
    for (const victim of idle) await root.query(`KILL CONNECTION ${victim.id}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await adapter.runQuery('SELECT 2 AS two', { rowCap: 10, timeoutMs: 10_000 })).rows).toEqual([[2]]);
  });
});
