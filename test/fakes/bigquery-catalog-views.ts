// BigQuery's INFORMATION_SCHEMA.TABLES, TABLE_OPTIONS (option_name `description`, its value a
// quoted string literal as BigQuery shows it), COLUMN_FIELD_PATHS (`description`) and
// TABLE_STORAGE (`total_rows`, from DuckDB's own estimate; BigQuery has it per region only) as the fake
// BigQuery server answers them, for one dataset (`project.dataset`.INFORMATION_SCHEMA, or
// unqualified with a default dataset) or every dataset of the region
// (`project`.`region-xx`.INFORMATION_SCHEMA), filled from DuckDB's catalog of the fake's own
// tables, where COMMENT ON writes the descriptions. The DuckDB views are named in quotes so the
// server's own INFORMATION_SCHEMA.COLUMNS rewrite, which runs after, leaves them alone.
const BIGQUERY_VIEW = /(?:`([^`.]+)`\.)?(?:`([^`]+)`\.)?INFORMATION_SCHEMA\.(TABLES|TABLE_OPTIONS|COLUMN_FIELD_PATHS|TABLE_STORAGE)\b/gi;

function scopeCondition(qualifier: string | undefined, defaultDataset: string | null): string {
  const dataset = qualifier === undefined ? defaultDataset : qualifier.toLowerCase().startsWith('region-') ? null : qualifier.split('.').at(-1)!;
  return dataset === null ? '' : ` AND table_schema = '${dataset.replaceAll("'", "''")}'`;
}

function view(name: string, project: string, scope: string): string {
  const inProject = `table_catalog = '${project}' AND table_schema NOT IN ('information_schema', 'pg_catalog')${scope}`;
  switch (name) {
    case 'TABLES':
      return `(SELECT table_catalog, table_schema, table_name, CASE WHEN table_type = 'VIEW' THEN 'VIEW' ELSE 'BASE TABLE' END AS table_type FROM "information_schema"."tables" WHERE ${inProject})`;
    case 'TABLE_OPTIONS':
      return `(SELECT table_catalog, table_schema, table_name, 'description' AS option_name, 'STRING' AS option_type,
        '"' || replace(replace(TABLE_COMMENT, '\\', '\\\\'), '"', '\\"') || '"' AS option_value
        FROM "information_schema"."tables" WHERE ${inProject} AND TABLE_COMMENT IS NOT NULL)`;
    case 'TABLE_STORAGE':
      return `(SELECT * FROM (SELECT database_name AS project_id, schema_name AS table_schema, table_name, estimated_size AS total_rows
        FROM duckdb_tables() WHERE database_name = '${project}' AND NOT internal) WHERE TRUE${scope})`;
    default:
      return `(SELECT table_catalog, table_schema, table_name, column_name, column_name AS field_path,
        "${project}".main.bigquery_type(data_type) AS data_type, column_comment AS description
        FROM "information_schema"."columns" WHERE ${inProject})`;
  }
}

/** The statement with BigQuery's TABLES, TABLE_OPTIONS, COLUMN_FIELD_PATHS and TABLE_STORAGE views replaced by their DuckDB equivalents. */
export function withBigQueryCatalogViews(sql: string, project: string, defaultDataset: string | null): string {
  return sql.replace(BIGQUERY_VIEW, (_, _project: string | undefined, qualifier: string | undefined, name: string) => view(name.toUpperCase(), project, scopeCondition(qualifier, defaultDataset)));
}
