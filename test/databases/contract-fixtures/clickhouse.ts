import { ClickHouseAdapter } from '../../../src/databases/clickhouse/clickhouse-adapter.js';
import { clickhouseEngineAvailable, startClickHouseServer } from '../../support/clickhouse-engine.js';
import { databaseConfig } from '../database-test-helpers.js';
import { CLICKHOUSE_CONTRACT_DATA } from './contract-data.js';
import type { ContractFixture } from './contract-fixture.js';
import { STANDARD_CONTRACT_SQL } from './standard-sql.js';

const READER_PASSWORD = 'contract-reader-password';

export const clickhouseFixture: ContractFixture = {
  dialect: 'clickhouse',
  hangingConfig: ({ host, port }) => databaseConfig({ type: 'clickhouse', name: 'hanging', host, port, user: 'reader', password: READER_PASSWORD }),
  available: async () => clickhouseEngineAvailable(),
  open: async () => {
    const server = await startClickHouseServer({ users: { reader: READER_PASSWORD, default: '' }, setup: CLICKHOUSE_CONTRACT_DATA });
    const adapter = new ClickHouseAdapter(databaseConfig({ type: 'clickhouse', name: 'contract', host: '127.0.0.1', port: server.port, user: 'reader', password: READER_PASSWORD }));
    return {
      adapter,
      close: async () => {
        await adapter.close();
        await server.close();
      },
    };
  },
  sql: {
    ...STANDARD_CONTRACT_SQL,
    typedSelect: "SELECT CAST(7 AS Int32) AS n, CAST('x' AS String) AS label, CAST('1.5' AS Decimal(10, 2)) AS price, toDate('2024-02-29') AS day FROM contract_items",
    nulls: 'SELECT CAST(NULL AS Nullable(Int32)) AS n, CAST(NULL AS Nullable(String)) AS label, CAST(NULL AS Nullable(Date)) AS day, CAST(NULL AS Nullable(Decimal(10, 2))) AS price',
    values: `SELECT toDate('2024-02-29') AS day, toDateTime64('2024-01-02 03:04:05.123', 3) AS at, toDateTime('2024-01-02 03:04:05') AS whole,
      CAST('12.50' AS Decimal(10, 2)) AS price, CAST('12345678901234567890.5' AS Decimal(30, 1)) AS huge`,
    integers: `SELECT toInt64('9007199254740993') AS big, toInt64(42) AS small`,
    zonedTimestamp: "SELECT toDateTime64('2024-01-02 03:04:05.123', 3, 'UTC') AS at_utc",
    // Rows in blocks of about 2.6 s: chdb stops a query between result blocks (a ClickHouse
    // server also stops one inside an aggregation).
    slow: 'SELECT number, sleepEachRow(0.00004) AS pause FROM numbers(1000000)',
    countItems: 'SELECT count() AS n FROM contract_items',
  },
  duplicateNamesRefused: {
    message: /MULTIPLE_EXPRESSIONS_FOR_ALIAS/,
    reason: 'ClickHouse refuses one alias for two different expressions and names a join’s second id `r.id`: two columns share a name only when they hold the same expression',
  },
};
