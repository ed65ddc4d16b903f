// Athena's information_schema.columns as the fake Athena server answers it: Athena's (Trino's)
// lower-case type names and the `comment` column, which Athena fills from the Glue Data Catalog's
// column comments; here from DuckDB's COMMENT ON on the fake's own tables. Glue keeps no NOT NULL,
// so every column is nullable, as Athena reports it. The statement text is rewritten before DuckDB
// runs it.
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
