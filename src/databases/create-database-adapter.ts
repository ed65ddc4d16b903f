// Builds the adapter for one `databases:` entry: the registry of which adapter serves which
// dialect (their rules are in dialects.ts), and the one place that says out loud when a database
// is writable.
import type { DatabaseConfig } from './database-config.js';
import { AthenaAdapter } from './athena/athena-adapter.js';
import { BigQueryAdapter } from './bigquery/bigquery-adapter.js';
import { DatabricksAdapter } from './databricks/databricks-adapter.js';
import { ClickHouseAdapter } from './clickhouse/clickhouse-adapter.js';
import type { Dialect } from './dialects.js';
import { DuckDBAdapter } from './duckdb/duckdb-adapter.js';
import { MssqlAdapter } from './mssql/mssql-adapter.js';
import { MYSQL_INTROSPECTION_SQL, MysqlAdapter } from './mysql/mysql-adapter.js';
import { PostgresAdapter } from './postgres/postgres-adapter.js';
import { createRedshiftAdapter } from './redshift/redshift-adapter.js';
import { SnowflakeAdapter } from './snowflake/snowflake-adapter.js';
import { SqliteAdapter } from './sqlite/sqlite-adapter.js';
import { TrinoAdapter } from './trino/trino-adapter.js';
import type { DatabaseAdapter } from './types.js';

export interface CreateDatabaseAdapterOptions {
  logger?: { warn(message: string): void };
}

type AdapterFactory = (config: DatabaseConfig, options: CreateDatabaseAdapterOptions) => DatabaseAdapter;

const ADAPTER_FACTORIES: Record<Dialect, AdapterFactory> = {
  duckdb: (config) => new DuckDBAdapter(config),
  postgres: (config, options) => new PostgresAdapter(config, options.logger),
  sqlite: (config) => new SqliteAdapter(config),
  clickhouse: (config) => new ClickHouseAdapter(config),
  trino: (config) => new TrinoAdapter(config),
  mysql: (config) => new MysqlAdapter(config),
  starrocks: (config) => new MysqlAdapter(config, { dialect: 'starrocks', introspectionSql: MYSQL_INTROSPECTION_SQL }),
  redshift: (config, options) => createRedshiftAdapter(config, options.logger),
  mssql: (config) => new MssqlAdapter(config),
  snowflake: (config, options) => new SnowflakeAdapter(config, { logger: options.logger }),
  bigquery: (config) => new BigQueryAdapter(config),
  athena: (config) => new AthenaAdapter(config),
  databricks: (config) => new DatabricksAdapter(config),
};

export function createDatabaseAdapter(config: DatabaseConfig, options: CreateDatabaseAdapterOptions = {}): DatabaseAdapter {
  const adapter = ADAPTER_FACTORIES[config.type](config, options);
  if (config.dangerously_allow_writes) {
    options.logger?.warn(
      `Database "${config.name}" has dangerously_allow_writes: true. Its read-only protections are off and queries can change or delete data.`,
    );
  }
  return adapter;
}
