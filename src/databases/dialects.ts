// The registry of dialects: each config `type:` and the rules its SQL is read by. Pure data, so
// the config schema, the statement gate and the system prompt can read it without loading drivers
// (the adapters are registered in create-database-adapter.ts).
import { athenaRules } from './athena/athena-rules.js';
import { bigqueryRules } from './bigquery/bigquery-rules.js';
import { databricksRules } from './databricks/databricks-rules.js';
import { clickhouseRules } from './clickhouse/clickhouse-rules.js';
import type { DialectRules } from './dialect-rules.js';
import { duckdbRules } from './duckdb/duckdb-rules.js';
import { mssqlRules } from './mssql/mssql-rules.js';
import { mysqlRules } from './mysql/mysql-rules.js';
import { postgresRules } from './postgres/postgres-rules.js';
import { redshiftRules } from './redshift/redshift-rules.js';
import { snowflakeRules } from './snowflake/snowflake-rules.js';
import { sqliteRules } from './sqlite/sqlite-rules.js';
import { trinoRules } from './trino/trino-rules.js';
import { starrocksRules } from './starrocks/starrocks-rules.js';

export const DIALECT_RULES = {
  duckdb: duckdbRules,
  postgres: postgresRules,
  sqlite: sqliteRules,
  clickhouse: clickhouseRules,
  trino: trinoRules,
  mysql: mysqlRules,
  starrocks: starrocksRules,
  redshift: redshiftRules,
  mssql: mssqlRules,
  snowflake: snowflakeRules,
  bigquery: bigqueryRules,
  athena: athenaRules,
  databricks: databricksRules,
} as const satisfies Record<string, DialectRules>;

export type Dialect = keyof typeof DIALECT_RULES;

export const DIALECT_NAMES = Object.keys(DIALECT_RULES) as [Dialect, ...Dialect[]];

/** Other spellings accepted for `type:` (nao_config.yaml and habit). */
export const DIALECT_ALIASES: Readonly<Record<string, Dialect>> = {
  postgresql: 'postgres',
  mariadb: 'mysql',
  sqlserver: 'mssql',
  azure_sql: 'mssql',
  fabric: 'mssql',
  synapse: 'mssql',
};

export function dialectRules(dialect: Dialect): DialectRules {
  return DIALECT_RULES[dialect];
}
