// StarRocks' catalog for `datathread sync`, through its MySQL-compatible information_schema:
// TABLES.TABLE_COMMENT and TABLE_ROWS (kept from the tablets' statistics), COLUMNS.COLUMN_COMMENT,
// and COLUMNS.COLUMN_KEY `PRI` for the key columns of a Primary Key table. StarRocks keeps no
// enforced foreign keys (the `foreign_key_constraints` table property only guides query rewrite
// and has no information_schema view), so none are read. Only the default catalog is read:
// external catalogs (Hive, Iceberg) are not listed in its information_schema.
import type { CatalogReader, TableKind } from '../table-metadata.js';
import { assembleTables } from '../catalog-assembly.js';
import { optionalCountOf, optionalFlagOf, optionalTextOf, textOf } from '../catalog-row-values.js';

const SYSTEM_SCHEMAS = `('information_schema', 'mysql', 'performance_schema', 'sys', '_statistics_', 'starrocks_monitor')`;

const TABLES_SQL = `
SELECT TABLE_SCHEMA, TABLE_NAME, TABLE_TYPE, TABLE_COMMENT, TABLE_ROWS
FROM information_schema.TABLES
WHERE TABLE_SCHEMA NOT IN ${SYSTEM_SCHEMAS}
ORDER BY TABLE_SCHEMA, TABLE_NAME`;

const COLUMNS_SQL = `
SELECT TABLE_SCHEMA, TABLE_NAME, COLUMN_NAME, COLUMN_TYPE, IS_NULLABLE, COLUMN_COMMENT, COLUMN_KEY
FROM information_schema.COLUMNS
WHERE TABLE_SCHEMA NOT IN ${SYSTEM_SCHEMAS}
ORDER BY TABLE_SCHEMA, TABLE_NAME, ORDINAL_POSITION`;

function kindOf(tableType: string): TableKind {
  if (tableType === 'VIEW' || tableType === 'SYSTEM VIEW') return 'view';
  if (tableType === 'MATERIALIZED VIEW') return 'materialized view';
  return 'table';
}

export const starrocksCatalogReader: CatalogReader = {
  commentsAvailable: true,
  async readTables(run) {
    const tables = await run(TABLES_SQL);
    const columns = await run(COLUMNS_SQL);
    return assembleTables(
      tables.map((row) => {
        const kind = kindOf(textOf(row, 'table_type'));
        const comment = optionalTextOf(row, 'table_comment');
        return {
          schema: textOf(row, 'table_schema'),
          name: textOf(row, 'table_name'),
          kind,
          // MySQL-family servers fill a view's comment with the word VIEW.
          comment: kind === 'view' && comment === 'VIEW' ? undefined : comment,
          approximateRowCount: kind === 'table' ? optionalCountOf(row, 'table_rows') : undefined,
        };
      }),
      columns.map((row) => ({
        schema: textOf(row, 'table_schema'),
        table: textOf(row, 'table_name'),
        name: textOf(row, 'column_name'),
        type: textOf(row, 'column_type'),
        nullable: optionalFlagOf(row, 'is_nullable'),
        comment: optionalTextOf(row, 'column_comment'),
      })),
      columns
        .filter((row) => textOf(row, 'column_key') === 'PRI')
        .map((row) => ({ schema: textOf(row, 'table_schema'), table: textOf(row, 'table_name'), column: textOf(row, 'column_name'), primaryKey: true })),
    );
  },
};
