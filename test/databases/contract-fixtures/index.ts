// Every dialect's contract fixture, keyed by its `type:`. Typed by Dialect: a dialect registered
// in src/databases/dialects.ts without a fixture here does not compile, and the suite checks the
// same at run time against the adapter registry.
import type { Dialect } from '../../../src/databases/dialects.js';
import { athenaFixture } from './athena.js';
import { bigqueryFixture } from './bigquery.js';
import { clickhouseFixture } from './clickhouse.js';
import type { ContractFixture } from './contract-fixture.js';
import { databricksFixture } from './databricks.js';
import { duckdbFixture } from './duckdb.js';
import { mssqlFixture } from './mssql.js';
import { mysqlFixture } from './mysql.js';
import { postgresFixture } from './postgres.js';
import { redshiftFixture } from './redshift.js';
import { snowflakeFixture } from './snowflake.js';
import { sqliteFixture } from './sqlite.js';
import { starrocksFixture } from './starrocks.js';
import { trinoFixture } from './trino.js';

export const CONTRACT_FIXTURES: Record<Dialect, ContractFixture> = {
  duckdb: duckdbFixture,
  postgres: postgresFixture,
  sqlite: sqliteFixture,
  clickhouse: clickhouseFixture,
  trino: trinoFixture,
  mysql: mysqlFixture,
  starrocks: starrocksFixture,
  redshift: redshiftFixture,
  mssql: mssqlFixture,
  snowflake: snowflakeFixture,
  bigquery: bigqueryFixture,
  athena: athenaFixture,
  databricks: databricksFixture,
};
