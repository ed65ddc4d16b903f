// Trino's catalog as the fake Trino server answers it: `information_schema.columns` with Trino's
// lower-case type names and its `comment` column, and `system.metadata.table_comments`
// (catalog_name, schema_name, table_name, comment), both filled from DuckDB's catalog of the fake's
// own tables, where COMMENT ON writes the comments. The statement text is rewritten before
// DuckDB runs it, so nothing is added to the catalog the tests see.
const TRINO_TYPE = `
  CASE
    WHEN data_type LIKE 'DECIMAL%' THEN lower(data_type)
    WHEN data_type = 'TIMESTAMP WITH TIME ZONE' THEN 'timestamp(3) with time zone'
    WHEN data_type LIKE 'TIMESTAMP%' THEN 'timestamp(3)'
    WHEN data_type = 'FLOAT' THEN 'real'
    WHEN data_type = 'BLOB' THEN 'varbinary'
    WHEN data_type LIKE '%[]' THEN 'array(' || lower(replace(data_type, '[]', '')) || ')'
    ELSE lower(data_type)
  END`;

const COLUMNS = `(SELECT table_catalog, table_schema, table_name, column_name, ordinal_position, column_default, is_nullable,
  ${TRINO_TYPE} AS data_type, column_comment AS comment FROM information_schema.columns WHERE table_catalog = current_catalog)`;

const TABLE_COMMENTS = `(SELECT database_name AS catalog_name, schema_name, table_name, comment FROM duckdb_tables() WHERE NOT internal
  UNION ALL SELECT database_name, schema_name, view_name, comment FROM duckdb_views() WHERE NOT internal)`;

/** The statement as DuckDB runs it, with Trino's catalog tables replaced by their DuckDB equivalents. */
export function withTrinoCatalogViews(sql: string): string {
  return sql
    .replace(/(?:"?\w+"?\.)?information_schema\.columns\b/gi, COLUMNS)
    .replace(/\bsystem\.metadata\.table_comments\b/gi, TABLE_COMMENTS);
}
