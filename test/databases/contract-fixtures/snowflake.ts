import { SnowflakeAdapter } from '../../../src/databases/snowflake/snowflake-adapter.js';
import { startFakeSnowflake } from '../../fakes/snowflake-server.js';
import { databaseConfig } from '../database-test-helpers.js';
import { duckdbContractData } from './contract-data.js';
import type { ContractFixture } from './contract-fixture.js';
import { DUCKDB_SLOW_SQL, STANDARD_CONTRACT_SQL } from './standard-sql.js';

const SERVICE_PASSWORD = 'contract-snowflake-password';

export const snowflakeFixture: ContractFixture = {
  dialect: 'snowflake',
  hangingConfig: ({ host, port }) => databaseConfig({ type: 'snowflake', name: 'hanging', host, port, account_id: 'contoso-analytics', database: 'SHOP', schema_name: 'PUBLIC', warehouse: 'REPORTING', user: 'DATATHREAD', password: SERVICE_PASSWORD }),
  available: async () => true,
  open: async () => {
    const server = await startFakeSnowflake({
      // The local server executes on DuckDB; TIMESTAMP_NTZ and TIMESTAMP_TZ are Snowflake's names.
      setup: [...duckdbContractData(), 'CREATE TYPE TIMESTAMP_NTZ AS TIMESTAMP', 'CREATE TYPE TIMESTAMP_TZ AS TIMESTAMPTZ'],
      passwords: { DATATHREAD: SERVICE_PASSWORD },
      grants: { ANALYST_READ: ['USAGE', 'SELECT'] },
    });
    const adapter = new SnowflakeAdapter(
      databaseConfig({ type: 'snowflake', name: 'contract', host: '127.0.0.1', port: server.port, account_id: 'contoso-analytics', database: 'SHOP', schema_name: 'PUBLIC', warehouse: 'REPORTING', role: 'ANALYST_READ', user: 'DATATHREAD', password: SERVICE_PASSWORD }),
    );
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
    values: `SELECT '2024-02-29'::DATE AS day, '2024-01-02 03:04:05.123'::TIMESTAMP_NTZ AS at, '2024-01-02 03:04:05'::TIMESTAMP_NTZ AS whole,
      12.50::DECIMAL(10,2) AS price, '12345678901234567890.5'::DECIMAL(30,1) AS huge`,
    integers: `SELECT 9007199254740993::BIGINT AS big, 42::BIGINT AS small`,
    zonedTimestamp: "SELECT '2024-01-02T03:04:05.123+00:00'::TIMESTAMP_TZ AS at_utc",
    slow: DUCKDB_SLOW_SQL,
  },
};
