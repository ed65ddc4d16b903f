// Primary and foreign keys through the SQL-standard information_schema views that PostgreSQL,
// Redshift, SQL Server, Databricks and MySQL-family servers share: each key column, and for a
// foreign key the referenced column at the same position of the referenced unique constraint.
import type { CatalogRow } from './table-metadata.js';
import type { CatalogKeyRow } from './catalog-assembly.js';
import { textOf } from './catalog-row-values.js';

/** `prefix` qualifies the views (`information_schema`, `[db].INFORMATION_SCHEMA`); `where` narrows the tables. */
export function informationSchemaKeysSql(prefix: string, where: string): string {
  return `
SELECT k.table_schema, k.table_name, k.column_name, t.constraint_type,
  r.table_schema AS referenced_schema, r.table_name AS referenced_table, r.column_name AS referenced_column
FROM ${prefix}.table_constraints t
JOIN ${prefix}.key_column_usage k
  ON k.constraint_schema = t.constraint_schema AND k.constraint_name = t.constraint_name AND k.table_name = t.table_name
LEFT JOIN ${prefix}.referential_constraints f
  ON f.constraint_schema = t.constraint_schema AND f.constraint_name = t.constraint_name
LEFT JOIN ${prefix}.key_column_usage r
  ON r.constraint_schema = f.unique_constraint_schema AND r.constraint_name = f.unique_constraint_name
  AND r.ordinal_position = k.position_in_unique_constraint
WHERE t.constraint_type IN ('PRIMARY KEY', 'FOREIGN KEY') AND ${where}`;
}

export function keyRowOf(row: CatalogRow): CatalogKeyRow {
  const key: CatalogKeyRow = { schema: textOf(row, 'table_schema'), table: textOf(row, 'table_name'), column: textOf(row, 'column_name') };
  if (textOf(row, 'constraint_type') === 'PRIMARY KEY') key.primaryKey = true;
  else if (textOf(row, 'referenced_table') !== '') {
    key.references = { table: `${textOf(row, 'referenced_schema')}.${textOf(row, 'referenced_table')}`, column: textOf(row, 'referenced_column') };
  }
  return key;
}
