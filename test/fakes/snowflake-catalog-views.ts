// Snowflake's INFORMATION_SCHEMA as the fake Snowflake server answers it: TABLES with TABLE_TYPE
// (BASE TABLE, VIEW), ROW_COUNT (DuckDB's own estimate; NULL for views, as Snowflake has it) and
// COMMENT, and COLUMNS with Snowflake's type names (NUMBER, TEXT, FLOAT, TIMESTAMP_NTZ …) and
// COMMENT, filled from DuckDB's catalog of the fake's own tables, where COMMENT ON writes the
// comments. The statement text is rewritten before DuckDB runs it.
const SNOWFLAKE_TYPE = `
  CASE
    WHEN data_type IN ('TINYINT', 'SMALLINT', 'INTEGER', 'BIGINT', 'HUGEINT') OR data_type LIKE 'DECIMAL%' THEN 'NUMBER'
    WHEN data_type IN ('FLOAT', 'DOUBLE') THEN 'FLOAT'
    WHEN data_type = 'VARCHAR' THEN 'TEXT'
    WHEN data_type = 'TIMESTAMP WITH TIME ZONE' THEN 'TIMESTAMP_TZ'
    WHEN data_type LIKE 'TIMESTAMP%' THEN 'TIMESTAMP_NTZ'
    WHEN data_type LIKE '%[]' THEN 'ARRAY'
    WHEN data_type IN ('DATE', 'BOOLEAN', 'TIME') THEN data_type
    ELSE 'VARIANT'
  END`;

const VIEWS: Record<string, string> = {
  tables: `(SELECT t.table_catalog AS TABLE_CATALOG, t.table_schema AS TABLE_SCHEMA, t.table_name AS TABLE_NAME,
    CASE WHEN t.table_type = 'VIEW' THEN 'VIEW' ELSE 'BASE TABLE' END AS TABLE_TYPE,
    d.estimated_size AS ROW_COUNT, t.TABLE_COMMENT AS COMMENT
    FROM information_schema.tables t
    LEFT JOIN duckdb_tables() d ON d.database_name = t.table_catalog AND d.schema_name = t.table_schema AND d.table_name = t.table_name
    WHERE t.table_catalog = current_catalog)`,
  columns: `(SELECT table_catalog AS TABLE_CATALOG, table_schema AS TABLE_SCHEMA, table_name AS TABLE_NAME, column_name AS COLUMN_NAME,
    ordinal_position AS ORDINAL_POSITION, is_nullable AS IS_NULLABLE, ${SNOWFLAKE_TYPE} AS DATA_TYPE, column_comment AS COMMENT
    FROM information_schema.columns WHERE table_catalog = current_catalog)`,
};

/** The statement as DuckDB runs it, with Snowflake's INFORMATION_SCHEMA views replaced by their DuckDB equivalents. */
export function withSnowflakeCatalogViews(sql: string): string {
  return sql.replace(/(?:"?\w+"?\.)?information_schema\.(tables|columns)\b/gi, (_, view: string) => VIEWS[view.toLowerCase()]!);
}
