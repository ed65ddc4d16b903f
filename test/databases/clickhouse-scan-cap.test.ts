// max_scan_bytes on ClickHouse: the engine itself (chdb behind ClickHouse's HTTP interface) stops
// a query that would read more, and the model is told why and what to do; smaller queries run.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ClickHouseAdapter } from '../../src/databases/clickhouse/clickhouse-adapter.js';
import { databaseConfigSchema } from '../../src/databases/database-config.js';
import { QueryFailedError } from '../../src/databases/errors.js';
import { initStatementGate } from '../../src/sql/statement-gate.js';
import { clickhouseEngineAvailable, startClickHouseServer, type ClickHouseServer } from '../support/clickhouse-engine.js';
import { databaseConfig, failureOf, QUERY_OPTIONS } from './database-test-helpers.js';

const available = clickhouseEngineAvailable();
const MAX_SCAN_BYTES = 100_000;

let server: ClickHouseServer;
let capped: ClickHouseAdapter;
let queryNumber = 0;

beforeAll(async () => {
  if (!available) return;
  server = await startClickHouseServer({
    users: { reader: 'reader-password' },
    setup: ['CREATE TABLE events (id UInt64, kind String) ENGINE = MergeTree ORDER BY id', "INSERT INTO events SELECT number, if(number % 2 = 0, 'view', 'click') FROM numbers(1000000)"],
  });
  capped = new ClickHouseAdapter(databaseConfig({ type: 'clickhouse', name: 'events', host: '127.0.0.1', port: server.port, user: 'reader', password: 'reader-password', max_scan_bytes: MAX_SCAN_BYTES }), {
    createQueryId: () => `scan-cap-${++queryNumber}`,
  });
  await initStatementGate();
}, 90_000);

afterAll(async () => {
  await capped?.close();
  await server?.close();
});

describe.skipIf(!available)('ClickHouse max_scan_bytes', () => {
  test('stops a query that reads more than the cap, saying the cap and how to read less', async () => {
    const failure = await failureOf(capped.runQuery('SELECT kind, count() AS n FROM events GROUP BY kind', QUERY_OPTIONS));
    expect(failure).toBeInstanceOf(QueryFailedError);
    expect((failure as Error).message).toMatch(/^ClickHouse stopped this query: it would read more than this database's max_scan_bytes of 100\.0 KB\. Read less: /);
    const entry = (await server.log()).find((logged) => logged.queryId === `scan-cap-${queryNumber}`);
    expect(entry).toMatchObject({ settings: { max_bytes_to_read: String(MAX_SCAN_BYTES), read_overflow_mode: 'throw', readonly: '1' } });
  });

  test('runs a query that reads less than the cap', async () => {
    const result = await capped.runQuery('SELECT id, kind FROM events WHERE id < 10 ORDER BY id LIMIT 3', QUERY_OPTIONS);
    expect(result.rows).toEqual([
      [0, 'view'],
      [1, 'click'],
      [2, 'view'],
    ]);
  });
});

describe('max_scan_bytes in the config', () => {
  test('is refused for an engine that cannot stop a query by the data it reads, naming those that can', () => {
    const parsed = databaseConfigSchema.safeParse({ name: 'pg', type: 'postgres', host: 'db', max_scan_bytes: 1_000_000 });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues).toEqual([
      expect.objectContaining({ path: ['max_scan_bytes'], message: expect.stringContaining('is enforced for type bigquery, clickhouse, trino only; postgres cannot stop a query') }),
    ]);
    expect(databaseConfigSchema.safeParse({ name: 'ch', type: 'clickhouse', host: 'db', max_scan_bytes: 1_000_000 }).success).toBe(true);
  });
});
