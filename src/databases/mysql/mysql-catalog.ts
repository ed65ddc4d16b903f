// MySQL and MariaDB: information_schema TABLES (TABLE_COMMENT, TABLE_ROWS, an estimate for InnoDB),
// COLUMNS (COLUMN_COMMENT) and KEY_COLUMN_USAGE (primary and foreign keys). The connection's
// database only, or every user schema when the config names none.
import { assembleTables } from '../catalog-assembly.js';
import { optionalCountOf, optionalTextOf, textOf } from '../catalog-row-values.js';
import type { CatalogReader, CatalogRow } from '../table-metadata.js';

const IN_SCOPE = (column: string) =>
  `(${column} = DATABASE() OR (DATABASE() IS NULL AND ${column} NOT IN ('mysql', 'information_schema', 'performance_schema', 'sys')))`;

const TABLES_SQL = `SELECT TABLE_SCHEMA AS schema_name, TABLE_NAME AS table_name, TABLE_TYPE AS table_type, TABLE_COMMENT AS comment, TABLE_ROWS AS estimated_rows
FROM information_schema.TABLES WHERE ${IN_SCOPE('TABLE_SCHEMA')}`;

const COLUMNS_SQL = `SELECT TABLE_SCHEMA AS schema_name, TABLE_NAME AS table_name, COLUMN_NAME AS column_name, COLUMN_TYPE AS data_type,
  IS_NULLABLE AS is_nullable, COLUMN_COMMENT AS comment
FROM information_schema.COLUMNS WHERE ${IN_SCOPE('TABLE_SCHEMA')}
ORDER BY TABLE_SCHEMA, TABLE_NAME, ORDINAL_POSITION`;

const KEYS_SQL = `SELECT TABLE_SCHEMA AS schema_name, TABLE_NAME AS table_name, COLUMN_NAME AS column_name, CONSTRAINT_NAME AS constraint_name,
  REFERENCED_TABLE_SCHEMA AS referenced_schema, REFERENCED_TABLE_NAME AS referenced_table, REFERENCED_COLUMN_NAME AS referenced_column
FROM information_schema.KEY_COLUMN_USAGE
WHERE ${IN_SCOPE('TABLE_SCHEMA')} AND (CONSTRAINT_NAME = 'PRIMARY' OR REFERENCED_TABLE_NAME IS NOT NULL)`;

/** MySQL writes the word VIEW as every view's comment. */
function tableComment(row: CatalogRow, isView: boolean): string | undefined {
  const comment = optionalTextOf(row, 'comment');
  return isView && comment === 'VIEW' ? undefined : comment;
}

export const mysqlCatalogReader: CatalogReader = {
  commentsAvailable: true,
  async readTables(run) {
    const [tables, columns, keys] = [await run(TABLES_SQL), await run(COLUMNS_SQL), await run(KEYS_SQL)];
    return assembleTables(
      tables.map((row) => {
        const isView = /VIEW/i.test(textOf(row, 'table_type'));
        return {
          schema: textOf(row, 'schema_name'),
          name: textOf(row, 'table_name'),
          kind: isView ? 'view' : 'table',
          comment: tableComment(row, isView),
          approximateRowCount: isView ? undefined : optionalCountOf(row, 'estimated_rows'),
        };
      }),
      columns.map((row) => ({
        schema: textOf(row, 'schema_name'),
        table: textOf(row, 'table_name'),
        name: textOf(row, 'column_name'),
        type: textOf(row, 'data_type').toLowerCase(),
        nullable: textOf(row, 'is_nullable') === 'YES',
        comment: optionalTextOf(row, 'comment'),
      })),
      keys.map((row) => ({
        schema: textOf(row, 'schema_name'),
        table: textOf(row, 'table_name'),
        column: textOf(row, 'column_name'),
        ...(textOf(row, 'constraint_name') === 'PRIMARY'
          ? { primaryKey: true }
          : { references: { table: `${textOf(row, 'referenced_schema')}.${textOf(row, 'referenced_table')}`, column: textOf(row, 'referenced_column') } }),
      })),
    );
  },
};
