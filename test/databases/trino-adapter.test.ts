// The Trino adapter, through the real trino-client, against a server that speaks Trino's client
// protocol and executes on DuckDB (test/fakes/trino-server.ts).
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DatabaseUnavailableError, QueryFailedError, QueryTimeoutError, UserCredentialRequiredError } from '../../src/databases/errors.js';
import { TrinoAdapter } from '../../src/databases/trino/trino-adapter.js';
import { checkReadOnly, initStatementGate } from '../../src/sql/statement-gate.js';
import { startFakeTrino, type FakeTrino } from '../fakes/trino-server.js';
import { databaseConfig, failureOf, memorySnapshot, QUERY_OPTIONS } from './database-test-helpers.js';

const ALICE_TOKEN = 'alice-trino-jwt';
const SERVICE_PASSWORD = 'service-trino-password';
const SETUP = [
  'CREATE SCHEMA shop',
  'CREATE TABLE shop.sales (id INTEGER, region VARCHAR, amount DECIMAL(10, 2), sold_on DATE, sold_at TIMESTAMP, tags VARCHAR[])',
  "INSERT INTO shop.sales VALUES (1, 'North', 100.50, DATE '2024-01-31', TIMESTAMP '2024-01-31 10:00:00', ['a', 'b']), (2, 'South', 50.25, DATE '2024-02-29', TIMESTAMP '2024-02-29 12:30:00.5', [])",
  'CREATE TABLE shop.thousands AS SELECT range AS id FROM range(10000)',
];

let trino: FakeTrino;
let adapter: TrinoAdapter;
let federated: TrinoAdapter;

/** The latest query that is not the transaction around it (START TRANSACTION, ROLLBACK). */
function lastDataQuery(server: FakeTrino = trino) {
  return server.queries.filter((query) => !/^\s*(?:START TRANSACTION|ROLLBACK|COMMIT)\b/i.test(query.sql)).at(-1);
}

async function snapshot(server: FakeTrino = trino): Promise<unknown> {
  return {
    data: await server.inspect("SELECT count(*)::INTEGER, sum(amount)::VARCHAR, string_agg(region, ',' ORDER BY id) FROM shop.sales"),
    tables: await server.inspect("SELECT table_schema, table_name FROM information_schema.tables WHERE table_schema = 'shop' ORDER BY 1, 2"),
  };
}

beforeAll(async () => {
  // Read-only access control, as the README tells operators to configure for datathread's user.
  trino = await startFakeTrino({ setup: SETUP, tokens: { [ALICE_TOKEN]: 'alice@example.com' }, passwords: { datathread: SERVICE_PASSWORD }, readOnly: true, pageRows: 500 });
  const config = databaseConfig({ type: 'trino', name: 'lake', host: '127.0.0.1', port: Number(new URL(trino.url).port), database: 'memory', schema_name: 'shop', user: 'datathread', password: SERVICE_PASSWORD });
  adapter = new TrinoAdapter(config);
  federated = new TrinoAdapter({ ...config, auth_mode: 'azure_entra_id' });
  await initStatementGate();
});

afterAll(async () => {
  await adapter?.close();
  await federated?.close();
  await trino?.close();
});

describe('Trino adapter', () => {
  test('reads rows with Trino type names and JSON-safe values, sending the user and query_max_execution_time', async () => {
    const result = await adapter.runQuery('SELECT id, region, amount, sold_on, sold_at, tags FROM sales ORDER BY id', QUERY_OPTIONS);
    expect(result.columns).toEqual([
      { name: 'id', type: 'integer' },
      { name: 'region', type: 'varchar' },
      { name: 'amount', type: 'decimal(10,2)' },
      { name: 'sold_on', type: 'date' },
      { name: 'sold_at', type: 'timestamp(3)' },
      { name: 'tags', type: 'array(varchar)' },
    ]);
    expect(result.rows).toEqual([
      [1, 'North', 100.5, '2024-01-31', '2024-01-31T10:00:00.000', ['a', 'b']],
      [2, 'South', 50.25, '2024-02-29', '2024-02-29T12:30:00.500', []],
    ]);
    expect(result.truncated).toBe(false);
    const posted = trino.requests.filter((request) => request.method === 'POST').at(-1);
    expect(posted).toMatchObject({ user: 'datathread', authorization: `Basic ${Buffer.from(`datathread:${SERVICE_PASSWORD}`).toString('base64')}`, session: 'query_max_execution_time=10s' });
  });

  test('caps a ten-million-row result after a few pages and cancels the rest with DELETE', async () => {
    const growth = memorySnapshot();
    const result = await adapter.runQuery('SELECT a.id * 1000 + b.id AS n FROM thousands a CROSS JOIN thousands b WHERE b.id < 1000', QUERY_OPTIONS);
    expect(result.rows).toHaveLength(1000);
    expect(result.truncated).toBe(true);
    const query = lastDataQuery()!;
    expect(query.rowsServed).toBeLessThan(20_000);
    await expect.poll(() => lastDataQuery()!.cancelled).toBe(true);
    expect(trino.requests.some((request) => request.method === 'DELETE' && request.path.includes(query.id))).toBe(true);
    expect(growth().heapUsedMb).toBeLessThan(50);
  });

  test('follows nextUri across pages until the result ends', async () => {
    const result = await adapter.runQuery('SELECT id FROM thousands ORDER BY id', { rowCap: 20_000, timeoutMs: 10_000 });
    expect(result.rows).toHaveLength(10_000);
    expect(result.rows[9_999]).toEqual([9_999]);
    expect(result.truncated).toBe(false);
    expect(lastDataQuery()!.pagesServed).toBeGreaterThan(1);
  });

  test('a Trino error object comes back as a repairable QueryFailedError with its errorName', async () => {
    await expect(adapter.runQuery('SELECT * FROM missing_table', QUERY_OPTIONS)).rejects.toThrow(QueryFailedError);
    await expect(adapter.runQuery('SELECT * FROM missing_table', QUERY_OPTIONS)).rejects.toThrow(/TABLE_NOT_FOUND/);
  });

  test('query_max_execution_time ends a slow query as a timeout, and the next query runs', async () => {
    await expect(adapter.runQuery('SELECT count(*) FROM range(100000000000) a', { rowCap: 10, timeoutMs: 1000 })).rejects.toThrow(QueryTimeoutError);
    expect((await adapter.runQuery('SELECT count(*) AS n FROM sales', QUERY_OPTIONS)).rows).toEqual([[2]]);
  });

  test('an abort cancels the query with DELETE and the adapter stays usable', async () => {
    const controller = new AbortController();
    const reason = new Error('stopped by the asker');
    const running = adapter.runQuery('SELECT count(*) FROM range(100000000000) a', { rowCap: 10, timeoutMs: 60_000, signal: controller.signal });
    await expect.poll(() => lastDataQuery()?.state).toBe('RUNNING');
    controller.abort(reason);
    await expect(running).rejects.toBe(reason);
    // The adapter answers at once; the DELETE reaches the server right after.
    const query = lastDataQuery()!;
    await expect.poll(() => query.cancelled).toBe(true);
    expect(trino.requests.some((request) => request.method === 'DELETE' && request.path.includes(query.id))).toBe(true);
    expect((await adapter.runQuery('SELECT count(*) AS n FROM sales', QUERY_OPTIONS)).rows).toEqual([[2]]);
  });

  test('introspection lists tables and columns from information_schema', async () => {
    const summary = await adapter.introspect();
    const sales = summary.tables.find((table) => table.name === 'sales');
    expect(sales?.schema).toBe('shop');
    expect(sales?.columns.map((column) => column.name)).toEqual(['id', 'region', 'amount', 'sold_on', 'sold_at', 'tags']);
  });

  test('a refused password or token is an unreachable database whose message carries no secret', async () => {
    const wrong = new TrinoAdapter(databaseConfig({ type: 'trino', host: '127.0.0.1', port: Number(new URL(trino.url).port), database: 'memory', schema_name: 'shop', user: 'datathread', password: 'guessed-password' }));
    const failure = await failureOf(wrong.runQuery('SELECT 1', QUERY_OPTIONS));
    expect(failure).toBeInstanceOf(DatabaseUnavailableError);
    expect(failure.message).toContain('refused the credentials');
    expect(failure.message).not.toContain('guessed-password');
    const forged = await failureOf(federated.runQuery('SELECT 1', { ...QUERY_OPTIONS, credential: { userName: 'alice@example.com', accessToken: 'forged-token' } }));
    expect(forged).toBeInstanceOf(DatabaseUnavailableError);
    expect(forged.message).not.toContain('forged-token');
  });

  test('auth_mode azure_entra_id runs as the asker: X-Trino-User and their Bearer token on every request', async () => {
    await expect(federated.runQuery('SELECT 1', QUERY_OPTIONS)).rejects.toThrow(UserCredentialRequiredError);
    const before = trino.requests.length;
    const result = await federated.runQuery('SELECT id FROM thousands ORDER BY id', { rowCap: 5000, timeoutMs: 10_000, credential: { userName: 'alice@example.com', accessToken: ALICE_TOKEN } });
    expect(result.rows).toHaveLength(5000);
    const requests = trino.requests.slice(before);
    expect(requests.length).toBeGreaterThan(2);
    for (const request of requests) expect(request).toMatchObject({ user: 'alice@example.com', authorization: `Bearer ${ALICE_TOKEN}` });
    expect(lastDataQuery()!.user).toBe('alice@example.com');
  });
});

const WRITES = [
  "INSERT INTO sales VALUES (3, 'West', 1, DATE '2024-03-01', TIMESTAMP '2024-03-01 00:00:00', [])",
  'DELETE FROM sales',
  'UPDATE sales SET amount = 0',
  'CREATE TABLE copy AS SELECT * FROM sales',
  'DROP TABLE sales',
  'ALTER TABLE sales ADD COLUMN note VARCHAR',
  'ALTER TABLE sales RENAME TO sales_old',
];

describe('Trino refuses writes at the gate, in a read-only transaction and through access control', () => {
  test.each(WRITES)('%s', async (sql) => {
    const before = await snapshot();
    expect(checkReadOnly(sql, { dialect: 'trino', allowFileAccess: false }).allowed).toBe(false);
    // Straight to the adapter, past the gate: the read-only access rule denies it (Trino checks
    // access while analysing, before the read-only transaction would refuse the write).
    await expect(adapter.runQuery(sql, QUERY_OPTIONS)).rejects.toThrow(/PERMISSION_DENIED/);
    expect(await snapshot()).toEqual(before);
  });

  test('every query runs in its own START TRANSACTION READ ONLY, which is rolled back after the answer', async () => {
    const result = await adapter.runQuery('SELECT count(*) AS n FROM sales', QUERY_OPTIONS);
    expect(result.rows).toEqual([[2]]);
    const query = lastDataQuery()!;
    const transaction = trino.transactions.find((candidate) => candidate.id === query.transactionId);
    expect(transaction?.readOnly).toBe(true);
    await expect.poll(() => trino.transactions.find((candidate) => candidate.id === query.transactionId)?.state).toBe('rolled back');
    // A transaction per query, never shared between two queries.
    const transactionIds = trino.queries.filter((candidate) => !/^\s*(?:START TRANSACTION|ROLLBACK)\b/i.test(candidate.sql)).map((candidate) => candidate.transactionId);
    expect(transactionIds.length).toBeGreaterThan(5);
    expect(transactionIds.every((id) => id !== undefined)).toBe(true);
    expect(new Set(transactionIds).size).toBe(transactionIds.length);
  });

  test('CALL, SET SESSION and pass-through table functions are refused at the gate', () => {
    for (const sql of ["CALL system.sync_partition_metadata('shop', 'sales', 'FULL')", "SET SESSION query_max_execution_time = '1h'", "SELECT * FROM TABLE(pg.system.query(query => 'DELETE FROM t'))"]) {
      expect(checkReadOnly(sql, { dialect: 'trino', allowFileAccess: false }).allowed).toBe(false);
    }
  });
});

describe('Trino without an access-control rule: the read-only transaction alone stops writes', () => {
  let open: FakeTrino;
  let openAdapter: TrinoAdapter;
  let writer: TrinoAdapter;

  beforeAll(async () => {
    open = await startFakeTrino({ setup: SETUP, pageRows: 500 });
    const config = databaseConfig({ type: 'trino', name: 'open_lake', host: '127.0.0.1', port: Number(new URL(open.url).port), database: 'memory', schema_name: 'shop', user: 'datathread' });
    openAdapter = new TrinoAdapter(config);
    writer = new TrinoAdapter({ ...config, dangerously_allow_writes: true });
  });

  afterAll(async () => {
    await open?.close();
  });

  test('every write sent straight to the adapter fails with READ_ONLY_VIOLATION and nothing changes', async () => {
    const before = await snapshot(open);
    for (const sql of WRITES) await expect(openAdapter.runQuery(sql, QUERY_OPTIONS), sql).rejects.toThrow(/Cannot execute write in a read-only transaction \(READ_ONLY_VIOLATION\)/);
    expect(await snapshot(open)).toEqual(before);
  });

  test('with dangerously_allow_writes there is no read-only transaction, and the same server runs the write', async () => {
    await writer.runQuery("INSERT INTO sales VALUES (3, 'West', 1, DATE '2024-03-01', TIMESTAMP '2024-03-01 00:00:00', [])", QUERY_OPTIONS);
    expect(await open.inspect('SELECT count(*)::INTEGER FROM shop.sales')).toEqual([[3]]);
    expect(lastDataQuery(open)?.transactionId).toBeUndefined();
  });
});
