// Databricks' catalog for `datathread sync`, for the configured Unity Catalog catalog:
// information_schema.tables (table_type MANAGED, EXTERNAL, VIEW, MATERIALIZED_VIEW …, and the
// table's `comment`), information_schema.columns (full_data_type, is_nullable, `comment`) and the
// informational primary and foreign keys Unity Catalog keeps in table_constraints,
// key_column_usage and referential_constraints. Unity Catalog publishes no row count in
// information_schema (DESCRIBE DETAIL gives files and bytes, not rows), so none is read.
import type { CatalogReader, TableKind } from '../table-metadata.js';
import { assembleTables } from '../catalog-assembly.js';
import { optionalFlagOf, optionalTextOf, textOf } from '../catalog-row-values.js';
import { informationSchemaKeysSql, keyRowOf } from '../information-schema-keys.js';

const TABLES_SQL = `
SELECT table_schema, table_name, table_type, comment
FROM information_schema.tables
WHERE table_schema <> 'information_schema'
ORDER BY table_schema, table_name`;

const COLUMNS_SQL = `
SELECT table_schema, table_name, column_name, full_data_type, is_nullable, comment
FROM information_schema.columns
WHERE table_schema <> 'information_schema'
ORDER BY table_schema, table_name, ordinal_position`;

const KEYS_SQL = informationSchemaKeysSql('information_schema', `t.table_schema <> 'information_schema'`);

const KINDS: Record<string, TableKind> = { VIEW: 'view', MATERIALIZED_VIEW: 'materialized view' };

export const databricksCatalogReader: CatalogReader = {
  commentsAvailable: true,
  async readTables(run) {
    const tables = await run(TABLES_SQL);
    const columns = await run(COLUMNS_SQL);
    const keys = await run(KEYS_SQL);
    return assembleTables(
      tables.map((row) => ({
        schema: textOf(row, 'table_schema'),
        name: textOf(row, 'table_name'),
        kind: KINDS[textOf(row, 'table_type')] ?? 'table',
        comment: optionalTextOf(row, 'comment'),
      })),
      columns.map((row) => ({
        schema: textOf(row, 'table_schema'),
        table: textOf(row, 'table_name'),
        name: textOf(row, 'column_name'),
        type: textOf(row, 'full_data_type'),
        nullable: optionalFlagOf(row, 'is_nullable'),
        comment: optionalTextOf(row, 'comment'),
      })),
      keys.map(keyRowOf),
    );
  },
};
