// Amazon Redshift through the PostgreSQL adapter (same wire protocol, BEGIN READ ONLY and
// statement_timeout). Its catalogue is read from svv_columns (external and late-binding tables
// included), then pg_table_def, then information_schema when a server has neither.
import type { DatabaseConfig } from '../database-config.js';
import { PostgresAdapter } from '../postgres/postgres-adapter.js';

const SVV_COLUMNS_SQL = `
SELECT table_schema, table_name, column_name, data_type
FROM svv_columns
WHERE table_schema NOT IN ('pg_catalog', 'information_schema', 'pg_internal')
ORDER BY table_schema, table_name, ordinal_position`;

const PG_TABLE_DEF_SQL = `
SELECT schemaname, tablename, "column", type
FROM pg_table_def
WHERE schemaname NOT IN ('pg_catalog', 'information_schema')
ORDER BY schemaname, tablename`;

const INFORMATION_SCHEMA_SQL = `
SELECT table_schema, table_name, column_name, data_type
FROM information_schema.columns
WHERE table_schema NOT IN ('pg_catalog', 'information_schema')
ORDER BY table_schema, table_name, ordinal_position`;

export function createRedshiftAdapter(config: DatabaseConfig, logger?: { warn(message: string): void }): PostgresAdapter {
  return new PostgresAdapter(config, logger, {
    dialect: 'redshift',
    introspectionSql: [SVV_COLUMNS_SQL, PG_TABLE_DEF_SQL, INFORMATION_SCHEMA_SQL],
  });
}
