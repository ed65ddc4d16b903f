// Builds the adapter for one `databases:` entry: the registry of which adapter serves which
// dialect (their rules are in dialects.ts), and the one place that says out loud when a database
// is writable. Each dialect's adapter module, and the driver it imports, is loaded only when a
// database of that dialect is configured: loading every dialect's driver added about 40 MB to the
// peak memory of a DuckDB-only `datathread sync` (measured in the "context sync" bench).
import type { DatabaseConfig } from './database-config.js';
import type { Dialect } from './dialects.js';
import type { DatabaseAdapter } from './types.js';

export interface CreateDatabaseAdapterOptions {
  logger?: { warn(message: string): void };
}

type AdapterFactory = (config: DatabaseConfig, options: CreateDatabaseAdapterOptions) => Promise<DatabaseAdapter>;

const ADAPTER_FACTORIES: Record<Dialect, AdapterFactory> = {
  duckdb: async (config) => new (await import('./duckdb/duckdb-adapter.js')).DuckDBAdapter(config),
  postgres: async (config, options) => new (await import('./postgres/postgres-adapter.js')).PostgresAdapter(config, options.logger),
  sqlite: async (config) => new (await import('./sqlite/sqlite-adapter.js')).SqliteAdapter(config),
  clickhouse: async (config) => new (await import('./clickhouse/clickhouse-adapter.js')).ClickHouseAdapter(config),
  trino: async (config) => new (await import('./trino/trino-adapter.js')).TrinoAdapter(config),
  mysql: async (config) => new (await import('./mysql/mysql-adapter.js')).MysqlAdapter(config),
  starrocks: async (config) => {
    const { MYSQL_INTROSPECTION_SQL, MysqlAdapter } = await import('./mysql/mysql-adapter.js');
    return new MysqlAdapter(config, { dialect: 'starrocks', introspectionSql: MYSQL_INTROSPECTION_SQL });
  },
  redshift: async (config, options) => (await import('./redshift/redshift-adapter.js')).createRedshiftAdapter(config, options.logger),
  mssql: async (config) => new (await import('./mssql/mssql-adapter.js')).MssqlAdapter(config),
  snowflake: async (config, options) => new (await import('./snowflake/snowflake-adapter.js')).SnowflakeAdapter(config, { logger: options.logger }),
  bigquery: async (config) => new (await import('./bigquery/bigquery-adapter.js')).BigQueryAdapter(config),
  athena: async (config) => new (await import('./athena/athena-adapter.js')).AthenaAdapter(config),
  databricks: async (config) => new (await import('./databricks/databricks-adapter.js')).DatabricksAdapter(config),
};

export async function createDatabaseAdapter(config: DatabaseConfig, options: CreateDatabaseAdapterOptions = {}): Promise<DatabaseAdapter> {
  const adapter = await ADAPTER_FACTORIES[config.type](config, options);
  if (config.dangerously_allow_writes) {
    options.logger?.warn(
      `Database "${config.name}" has dangerously_allow_writes: true. Its read-only protections are off and queries can change or delete data.`,
    );
  }
  return adapter;
}
