import type { Dialect } from '../../../src/databases/dialects.js';
import { createDatabaseAdapter } from '../../../src/databases/create-database-adapter.js';
import { createScratchMariaDb, MARIADB_HOST, MARIADB_PORT, mariaDbAvailable } from '../../support/mariadb-database.js';
import { databaseConfig } from '../database-test-helpers.js';
import { MARIADB_CONTRACT_DATA } from './contract-data.js';
import type { ContractFixture, ContractSql, ContractTarget } from './contract-fixture.js';
import { STANDARD_CONTRACT_SQL } from './standard-sql.js';

/** A scratch database on the local MariaDB with the contract's tables (StarRocks' fixture reuses it). */
export async function openOnMariaDb(type: Dialect & ('mysql' | 'starrocks')): Promise<ContractTarget> {
  const scratch = await createScratchMariaDb(`dt_contract_${type}`);
  for (const statement of MARIADB_CONTRACT_DATA) await scratch.admin.query(statement);
  const adapter = await createDatabaseAdapter(databaseConfig({ type, name: 'contract', host: MARIADB_HOST, port: MARIADB_PORT, user: 'root', password: '', database: scratch.name }));
  return {
    adapter,
    close: async () => {
      await adapter.close();
      await scratch.drop();
    },
  };
}

export const MYSQL_CONTRACT_SQL: ContractSql = {
  ...STANDARD_CONTRACT_SQL,
  integerLikeNames: "SELECT 'a' AS `b`, 'x' AS `2`, 'y' AS `1`",
  typedSelect: "SELECT CAST(7 AS INT) AS n, CAST('x' AS CHAR(10)) AS label, CAST(1.5 AS DECIMAL(10,2)) AS price, DATE '2024-02-29' AS day FROM contract_items",
  nulls: 'SELECT CAST(NULL AS INT) AS n, CAST(NULL AS CHAR(10)) AS label, CAST(NULL AS DATE) AS day, CAST(NULL AS DECIMAL(10,2)) AS price',
  unicode: "SELECT 'héllo wörld — 日本語 🎉' AS `prix €`",
  values: `SELECT DATE '2024-02-29' AS day, CAST('2024-01-02 03:04:05.123' AS DATETIME(3)) AS at, CAST('2024-01-02 03:04:05' AS DATETIME) AS whole,
    CAST(12.50 AS DECIMAL(10,2)) AS price, CAST('12345678901234567890.5' AS DECIMAL(30,1)) AS huge`,
  integers: `SELECT CAST(9007199254740993 AS SIGNED) AS big, CAST(42 AS SIGNED) AS small`,
  // MySQL's TIMESTAMP is shown in the session's time zone and carries none: no zoned type to read.
  zonedTimestamp: undefined,
  slow: 'SELECT COUNT(*) AS n FROM seq_1_to_100000000 a, seq_1_to_1000 b',
};

export const mysqlFixture: ContractFixture = {
  dialect: 'mysql',
  hangingConfig: ({ host, port }) => databaseConfig({ type: 'mysql', name: 'hanging', host, port, database: 'shop', user: 'datathread', password: 'contract-password' }),
  available: mariaDbAvailable,
  open: () => openOnMariaDb('mysql'),
  sql: MYSQL_CONTRACT_SQL,
};
