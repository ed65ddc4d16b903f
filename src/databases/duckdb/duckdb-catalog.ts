// DuckDB's own catalog: duckdb_tables() / duckdb_views() with their COMMENT ON text and
// estimated_size, duckdb_columns() with column comments, duckdb_constraints() for primary and
// foreign keys. Set-based reads of the attached database: tables, keys, and columns one schema at a time.
import { assembleTables, type CatalogColumnRow, type CatalogKeyRow, type CatalogTableRow } from '../catalog-assembly.js';
import { optionalCountOf, optionalTextOf, textOf } from '../catalog-row-values.js';
import type { CatalogReader, CatalogRow, TableMetadata } from '../table-metadata.js';
import type { JsonValue } from '../types.js';
import { duckdbCatalogConnection } from './duckdb-catalog-memory.js';
import { duckdbCatalogFingerprint } from './duckdb-catalog-fingerprint.js';

const SYSTEM_SCHEMAS = "('information_schema', 'pg_catalog')";

const TABLES_SQL = `SELECT schema_name, table_name, comment, estimated_size, 'table' AS kind FROM duckdb_tables()
WHERE NOT internal AND NOT temporary AND database_name = current_database() AND schema_name NOT IN ${SYSTEM_SCHEMAS}
UNION ALL
SELECT schema_name, view_name, comment, NULL, 'view' FROM duckdb_views()
WHERE NOT internal AND NOT temporary AND database_name = current_database() AND schema_name NOT IN ${SYSTEM_SCHEMAS}`;

/** One schema's columns: read a schema at a time, 100,000 catalog rows are never all in memory at once. */
function columnsSql(schema: string): string {
  return `SELECT schema_name, table_name, column_name, data_type, is_nullable, comment FROM duckdb_columns()
WHERE NOT internal AND database_name = current_database() AND schema_name = '${schema.replaceAll("'", "''")}'
ORDER BY table_name, column_index`;
}

const KEYS_SQL = `SELECT schema_name, table_name, constraint_type, constraint_column_names, referenced_table, referenced_column_names
FROM duckdb_constraints() WHERE database_name = current_database() AND constraint_type IN ('PRIMARY KEY', 'FOREIGN KEY')`;

function names(value: JsonValue | undefined): string[] {
  return Array.isArray(value) ? value.map((item) => String(item)) : [];
}

/** A foreign key names the referenced table without its schema: DuckDB keys stay inside one schema. */
function keysFrom(row: CatalogRow): CatalogKeyRow[] {
  const schema = textOf(row, 'schema_name');
  const table = textOf(row, 'table_name');
  const columns = names(row.constraint_column_names);
  if (textOf(row, 'constraint_type') === 'PRIMARY KEY') return columns.map((column) => ({ schema, table, column, primaryKey: true }));
  const referenced = names(row.referenced_column_names);
  return columns.map((column, index) => ({ schema, table, column, references: { table: `${schema}.${textOf(row, 'referenced_table')}`, column: referenced[index] ?? '' } }));
}

export const duckdbCatalogReader: CatalogReader = {
  commentsAvailable: true,
  fingerprint: (_run, config) => duckdbCatalogFingerprint(config),
  syncConnection: duckdbCatalogConnection,
  async readTables(run) {
    const tables = (await run(TABLES_SQL)).map((row): CatalogTableRow => ({
      schema: textOf(row, 'schema_name'),
      name: textOf(row, 'table_name'),
      kind: textOf(row, 'kind') === 'view' ? 'view' : 'table',
      comment: optionalTextOf(row, 'comment'),
      approximateRowCount: optionalCountOf(row, 'estimated_size'),
    }));
    const keys = (await run(KEYS_SQL)).flatMap(keysFrom);
    // Assembled a schema at a time: one schema's catalog rows are let go before the next is read.
    const assembled: TableMetadata[] = [];
    for (const schema of new Set(tables.map((table) => table.schema))) {
      const columns = (await run(columnsSql(schema))).map((row): CatalogColumnRow => ({
        schema: textOf(row, 'schema_name'),
        table: textOf(row, 'table_name'),
        name: textOf(row, 'column_name'),
        type: textOf(row, 'data_type'),
        nullable: row.is_nullable === true,
        comment: optionalTextOf(row, 'comment'),
      }));
      const inSchema = (entry: { schema: string }) => entry.schema === schema;
      assembled.push(...assembleTables(tables.filter(inSchema), columns, keys.filter(inSchema)));
    }
    return assembled;
  },
};
