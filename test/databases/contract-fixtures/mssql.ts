import { MssqlAdapter } from '../../../src/databases/mssql/mssql-adapter.js';
import { startFakeTds } from '../../fakes/tds-server.js';
import { databaseConfig } from '../database-test-helpers.js';
import { duckdbContractData } from './contract-data.js';
import type { ContractFixture } from './contract-fixture.js';
import { DUCKDB_SLOW_SQL, STANDARD_CONTRACT_SQL } from './standard-sql.js';

const SERVICE_PASSWORD = 'contract-sql-password';

export const mssqlFixture: ContractFixture = {
  dialect: 'mssql',
  hangingConfig: ({ host, port }) => databaseConfig({ type: 'mssql', name: 'hanging', host, port, database: 'shop', user: 'datathread_reader', password: SERVICE_PASSWORD }),
  available: async () => true,
  open: async () => {
    // The local server executes on DuckDB; DATETIMEOFFSET is SQL Server's name for its zoned type.
    // The login is a db_datareader member only, as the README tells operators to grant.
    const server = await startFakeTds({ setup: [...duckdbContractData(), 'CREATE TYPE DATETIMEOFFSET AS TIMESTAMPTZ'], logins: { datathread_reader: SERVICE_PASSWORD }, readers: ['datathread_reader'] });
    const adapter = new MssqlAdapter(databaseConfig({ type: 'mssql', name: 'contract', host: server.host, port: server.port, database: 'shop', user: 'datathread_reader', password: SERVICE_PASSWORD }));
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
    typedSelect: "SELECT CAST(7 AS INT) AS n, CAST('x' AS VARCHAR(10)) AS label, CAST(1.5 AS DECIMAL(10,2)) AS price, CAST('2024-02-29' AS DATE) AS day FROM contract_items",
    unicode: `SELECT N'héllo wörld — 日本語 🎉' AS "prix €"`,
    values: `SELECT CAST('2024-02-29' AS DATE) AS day, CAST('2024-01-02 03:04:05.123' AS DATETIME) AS at, CAST('2024-01-02 03:04:05' AS DATETIME) AS whole,
      CAST(12.50 AS DECIMAL(10,2)) AS price, CAST('12345678901234567890.5' AS DECIMAL(30,1)) AS huge`,
    integers: `SELECT CAST(9007199254740993 AS BIGINT) AS big, CAST(42 AS BIGINT) AS small`,
    zonedTimestamp: "SELECT CAST('2024-01-02T03:04:05.123+00:00' AS DATETIMEOFFSET) AS at_utc",
    countItems: 'SELECT count(*) AS n FROM contract_items',
    slow: DUCKDB_SLOW_SQL,
  },
  valueExceptions: {
    huge: { value: 12345678901234567000, reason: 'tedious reads DECIMAL into a double: digits past about 15 are lost in the driver, before the adapter' },
  },
};
