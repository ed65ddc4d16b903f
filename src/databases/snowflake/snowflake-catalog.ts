// Snowflake's catalog for `datathread sync`, for the configured database: INFORMATION_SCHEMA.TABLES
// (TABLE_TYPE, COMMENT, ROW_COUNT, which Snowflake keeps in its metadata for tables; NULL for
// views) and INFORMATION_SCHEMA.COLUMNS (COMMENT). Snowflake lists its informational primary and
// foreign keys only through SHOW PRIMARY KEYS / SHOW IMPORTED KEYS, which the read-only gate does
// not run, so keys are not read.
import type { CatalogReader, TableKind } from '../table-metadata.js';
import { assembleTables } from '../catalog-assembly.js';
import { optionalCountOf, optionalFlagOf, optionalTextOf, textOf } from '../catalog-row-values.js';

const TABLES_SQL = `
SELECT TABLE_SCHEMA, TABLE_NAME, TABLE_TYPE, COMMENT, ROW_COUNT
FROM INFORMATION_SCHEMA.TABLES
WHERE TABLE_SCHEMA <> 'INFORMATION_SCHEMA'
ORDER BY TABLE_SCHEMA, TABLE_NAME`;

const COLUMNS_SQL = `
SELECT TABLE_SCHEMA, TABLE_NAME, COLUMN_NAME, DATA_TYPE, IS_NULLABLE, COMMENT
FROM INFORMATION_SCHEMA.COLUMNS
WHERE TABLE_SCHEMA <> 'INFORMATION_SCHEMA'
ORDER BY TABLE_SCHEMA, TABLE_NAME, ORDINAL_POSITION`;

const KINDS: Record<string, TableKind> = { VIEW: 'view', 'MATERIALIZED VIEW': 'materialized view' };

export const snowflakeCatalogReader: CatalogReader = {
  commentsAvailable: true,
  async readTables(run) {
    const tables = await run(TABLES_SQL);
    const columns = await run(COLUMNS_SQL);
    return assembleTables(
      tables.map((row) => ({
        schema: textOf(row, 'table_schema'),
        name: textOf(row, 'table_name'),
        kind: KINDS[textOf(row, 'table_type')] ?? 'table',
        comment: optionalTextOf(row, 'comment'),
        approximateRowCount: optionalCountOf(row, 'row_count'),
      })),
      columns.map((row) => ({
        schema: textOf(row, 'table_schema'),
        table: textOf(row, 'table_name'),
        name: textOf(row, 'column_name'),
        type: textOf(row, 'data_type'),
        nullable: optionalFlagOf(row, 'is_nullable'),
        comment: optionalTextOf(row, 'comment'),
      })),
    );
  },
};
