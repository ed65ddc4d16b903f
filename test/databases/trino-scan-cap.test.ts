// max_scan_bytes on Trino: sent as the session property query_max_scan_physical_bytes on every
// query, in Trino's data-size format; the local Trino server (test/fakes/trino-server.ts) fails a
// query whose plan scans more with EXCEEDED_SCAN_LIMIT, and the adapter turns that into a message
// the model can act on.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { databaseConfigSchema } from '../../src/databases/database-config.js';
import { QueryFailedError } from '../../src/databases/errors.js';
import { trinoDataSize } from '../../src/databases/trino/trino-data-size.js';
import { TrinoAdapter } from '../../src/databases/trino/trino-adapter.js';
import { startFakeTrino, type FakeTrino } from '../fakes/trino-server.js';
import { databaseConfig, failureOf, QUERY_OPTIONS } from './database-test-helpers.js';

const PASSWORD = 'service-trino-password';
/** 10 GB in decimal units, as the README and `formatByteCount` speak of sizes. */
const MAX_SCAN_BYTES = 10_000_000_000;
const SETUP = [
  'CREATE SCHEMA shop',
  "CREATE TABLE shop.regions AS SELECT * FROM (VALUES ('North'), ('South')) AS t(region)",
  "CREATE TABLE shop.events AS SELECT range AS id, CASE WHEN range % 2 = 0 THEN 'North' ELSE 'South' END AS region FROM range(100)",
];

let trino: FakeTrino;
let capped: TrinoAdapter;
let uncapped: TrinoAdapter;

beforeAll(async () => {
  // On storage the events table is 50 GB; the regions table a few kilobytes.
  trino = await startFakeTrino({ setup: SETUP, passwords: { datathread: PASSWORD }, readOnly: true, tableBytes: { 'shop.events': 50_000_000_000, 'shop.regions': 4_096 } });
  const config = databaseConfig({ type: 'trino', name: 'lake', host: '127.0.0.1', port: Number(new URL(trino.url).port), database: 'memory', schema_name: 'shop', user: 'datathread', password: PASSWORD });
  capped = new TrinoAdapter({ ...config, max_scan_bytes: MAX_SCAN_BYTES });
  uncapped = new TrinoAdapter(config);
});

afterAll(async () => {
  await trino?.close();
});

function lastSessionHeader(): string | undefined {
  return trino.requests.filter((request) => request.method === 'POST' && request.path === '/v1/statement').at(-1)?.session;
}

describe('Trino max_scan_bytes', () => {
  test('is sent as query_max_scan_physical_bytes on every query, and a query reading less runs', async () => {
    const result = await capped.runQuery('SELECT region FROM regions ORDER BY region', QUERY_OPTIONS);
    expect(result.rows).toEqual([['North'], ['South']]);
    // Trino's own figure of what the query read (its physicalInputBytes) is what the model is told.
    expect(result.bytesScanned).toEqual({ bytes: 4_096, estimated: false });
    expect(lastSessionHeader()).toBe('query_max_execution_time=10s, query_max_scan_physical_bytes=9765625kB');
  });

  test('a query over a larger table fails with Trino’s scan limit, told to the model as how to read less', async () => {
    const failure = await failureOf(capped.runQuery('SELECT e.region, count(*) AS n FROM events e JOIN regions r ON r.region = e.region GROUP BY 1', QUERY_OPTIONS));
    expect(failure).toBeInstanceOf(QueryFailedError);
    expect(failure.message).toBe(
      "Trino stopped this query: it would read more than this database's max_scan_bytes of 10.0 GB. Read less: filter by the table's partition columns (a date range, a region), select only the columns needed, or aggregate over a narrower range. (Exceeded scan limit of 9765625kB (EXCEEDED_SCAN_LIMIT))",
    );
    // The same query without a cap reads the table.
    const result = await uncapped.runQuery('SELECT count(*) AS n FROM events', QUERY_OPTIONS);
    expect(result.rows).toEqual([[100]]);
    expect(lastSessionHeader()).toBe('query_max_execution_time=10s');
    // The connection stays usable after the refused query.
    expect((await capped.runQuery('SELECT count(*) AS n FROM regions', QUERY_OPTIONS)).rows).toEqual([[2]]);
  });

  test("writes a byte count in Trino's binary data-size units, exactly", () => {
    expect(trinoDataSize(10 * 1024 ** 3)).toBe('10GB');
    expect(trinoDataSize(512 * 1024 ** 2)).toBe('512MB');
    expect(trinoDataSize(1_000)).toBe('1000B');
    expect(trinoDataSize(2 * 1024 ** 5)).toBe('2PB');
  });

  test('is accepted in the config for trino, still refused for databricks', () => {
    expect(databaseConfigSchema.safeParse({ name: 'lake', type: 'trino', host: 'trino', max_scan_bytes: MAX_SCAN_BYTES }).success).toBe(true);
    const databricks = databaseConfigSchema.safeParse({ name: 'bricks', type: 'databricks', host: 'dbc', max_scan_bytes: MAX_SCAN_BYTES });
    expect(databricks.error?.issues.map((issue) => issue.path.join('.'))).toContain('max_scan_bytes');
  });
});
