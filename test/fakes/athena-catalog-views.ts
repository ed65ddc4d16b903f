// Athena's information_schema.columns as the fake Athena server answers it: Athena's (Trino's)
// lower-case type names and the `comment` column, which Athena fills from the Glue Data Catalog's
// column comments; here from DuckDB's COMMENT ON on the fake's own tables. Glue keeps no NOT NULL,
// so every column is nullable, as Athena reports it. The statement text is rewritten before DuckDB
// runs it.
import type { DuckDBConnection } from '@duckdb/node-api';
const ATHENA_TYPE = `
  CASE
    WHEN data_type LIKE 'DECIMAL%' THEN lower(data_type)
    WHEN data_type LIKE '%[]' THEN 'array(' || lower(replace(data_type, '[]', '')) || ')'
    WHEN data_type = 'BLOB' THEN 'varbinary'
    ELSE lower(data_type)
  END`;

const COLUMNS = `(SELECT table_catalog, table_schema, table_name, column_name, ordinal_position, column_default, 'YES' AS is_nullable,
  ${ATHENA_TYPE} AS data_type, column_comment AS comment, NULL AS extra_info
  FROM "information_schema"."columns" WHERE table_catalog = current_catalog)`;

/** The statement as DuckDB runs it, with Athena's information_schema.columns replaced by its DuckDB equivalent. */
export function withAthenaCatalogViews(sql: string): string {
  return sql.replace(/(?:"?\w+"?\.)?information_schema\.columns\b/gi, COLUMNS);
}

/**
 * ListTableMetadata as Athena answers it for the Glue Data Catalog: the database's tables and
 * views (EXTERNAL_TABLE, VIRTUAL_VIEW) with their columns, the table comment in
 * `Parameters.comment`, pages of MaxResults (at most 50) with a NextToken while more remain.
 */
export async function listTableMetadata(admin: DuckDBConnection, body: Record<string, unknown>, metadataFault: (message: string) => Error): Promise<unknown> {
  const database = String(body.DatabaseName ?? '');
  const pageSize = Math.min(Number(body.MaxResults ?? 50), 50);
  const offset = Number(body.NextToken ?? 0);
  const quoted = `'${database.replaceAll("'", "''")}'`;
  const tables = (
    await admin.runAndReadAll(`SELECT table_name, 'EXTERNAL_TABLE' AS kind, comment FROM duckdb_tables() WHERE schema_name = ${quoted} AND NOT internal
      UNION ALL SELECT view_name, 'VIRTUAL_VIEW', comment FROM duckdb_views() WHERE schema_name = ${quoted} AND NOT internal ORDER BY 1`)
  ).getRowObjectsJS() as { table_name: string; kind: string; comment: string | null }[];
  if (tables.length === 0 && !(await admin.runAndReadAll(`SELECT 1 FROM duckdb_schemas() WHERE schema_name = ${quoted}`)).getRows().length) {
    throw metadataFault(`Database ${database} not found.`);
  }
  const page = tables.slice(offset, offset + pageSize);
  const columns = (
    await admin.runAndReadAll(`SELECT table_name, column_name, data_type, comment FROM duckdb_columns() WHERE schema_name = ${quoted} ORDER BY table_name, column_index`)
  ).getRowObjectsJS() as { table_name: string; column_name: string; data_type: string; comment: string | null }[];
  return {
    TableMetadataList: page.map((table) => ({
      Name: table.table_name,
      TableType: table.kind,
      Parameters: table.comment ? { comment: table.comment } : {},
      Columns: columns.filter((column) => column.table_name === table.table_name).map((column) => ({ Name: column.column_name, Type: column.data_type.toLowerCase(), ...(column.comment ? { Comment: column.comment } : {}) })),
      PartitionKeys: [],
    })),
    ...(offset + pageSize < tables.length ? { NextToken: String(offset + pageSize) } : {}),
  };
}
