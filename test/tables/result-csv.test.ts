// CSV downloads (Slack's CSV button, Teams' download link) from results of real warehouses: dates
// and timestamps come out the way spreadsheets read them, everything else as it was stored.
import { afterAll, describe, expect, it } from 'vitest';
import { createDatabaseAdapter } from '../../src/databases/create-database-adapter.js';
import type { DatabaseAdapter } from '../../src/databases/types.js';
import { resultToCsv } from '../../src/tables/result-csv.js';
import { databaseConfig, QUERY_OPTIONS } from '../databases/database-test-helpers.js';
import { postgresConfigFromUrl } from '../databases/postgres-test-config.js';
import { adminUrl } from '../support/postgres-database.js';

const adapters: DatabaseAdapter[] = [];

afterAll(async () => {
  await Promise.all(adapters.map((adapter) => adapter.close()));
});

async function csvFrom(adapter: DatabaseAdapter, sql: string): Promise<string[]> {
  adapters.push(adapter);
  const result = await adapter.runQuery(sql, QUERY_OPTIONS);
  return resultToCsv(result.columns, result.rows).trimEnd().split('\r\n');
}

describe('CSV dates and timestamps', () => {
  it('writes DuckDB dates as 2025-01-01 and timestamps as 2025-01-01 00:00:00', async () => {
    const duckdb = await createDatabaseAdapter(databaseConfig({ type: 'duckdb', name: 'warehouse', path: ':memory:' }));
    const lines = await csvFrom(
      duckdb,
      `SELECT DATE '2025-01-01' AS day, TIMESTAMP '2025-01-01 00:00:00' AS midnight, TIMESTAMP '2025-03-04 08:30:15.250' AS moment, TIMESTAMPTZ '2025-01-01 12:00:00+02' AS zoned, '2025-01-01T00:00:00.000' AS label, 5 AS orders`,
    );
    expect(lines).toEqual(['day,midnight,moment,zoned,label,orders', '2025-01-01,2025-01-01 00:00:00,2025-03-04 08:30:15.25,2025-01-01 10:00:00,2025-01-01T00:00:00.000,5']);
  });

  it('writes PostgreSQL dates and timestamps the same way, time-of-day values as they are', async () => {
    const postgres = await createDatabaseAdapter(postgresConfigFromUrl(adminUrl()));
    const lines = await csvFrom(
      postgres,
      `SELECT DATE '2025-01-01' AS day, TIMESTAMP '2025-01-01 00:00:00' AS midnight, TIMESTAMPTZ '2025-06-30 23:59:59+00' AS closed_at, TIME '08:30:00' AS opens, NULL::date AS missing`,
    );
    expect(lines).toEqual(['day,midnight,closed_at,opens,missing', '2025-01-01,2025-01-01 00:00:00,2025-06-30 23:59:59,08:30:00,']);
  });
});
