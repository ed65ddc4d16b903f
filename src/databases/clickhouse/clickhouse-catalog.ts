// ClickHouse: system.tables (comment, total_rows, engine: View / MaterializedView, sorting key) and
// system.columns (comment, is_in_primary_key) for every database but the system ones.
import { assembleTables } from '../catalog-assembly.js';
import { optionalCountOf, optionalTextOf, textOf } from '../catalog-row-values.js';
import type { CatalogReader, CatalogRow, TableKind } from '../table-metadata.js';

const USER_DATABASES = "database NOT IN ('system', 'INFORMATION_SCHEMA', 'information_schema')";

const TABLES_SQL = `SELECT database, name, engine, comment, total_rows, sorting_key FROM system.tables
WHERE ${USER_DATABASES} AND NOT is_temporary`;

const COLUMNS_SQL = `SELECT database, table, name, type, comment, is_in_primary_key FROM system.columns
WHERE ${USER_DATABASES}
ORDER BY database, table, position`;

function kindOf(engine: string): TableKind {
  if (engine === 'View') return 'view';
  if (engine === 'MaterializedView') return 'materialized view';
  return 'table';
}

function sortingKey(row: CatalogRow): string[] | undefined {
  const key = optionalTextOf(row, 'sorting_key');
  return key ? key.split(',').map((part) => part.trim()) : undefined;
}

export const clickhouseCatalogReader: CatalogReader = {
  commentsAvailable: true,
  async readTables(run) {
    const [tables, columns] = [await run(TABLES_SQL), await run(COLUMNS_SQL)];
    const assembled = assembleTables(
      tables.map((row) => ({
        schema: textOf(row, 'database'),
        name: textOf(row, 'name'),
        kind: kindOf(textOf(row, 'engine')),
        comment: optionalTextOf(row, 'comment'),
        approximateRowCount: optionalCountOf(row, 'total_rows'),
      })),
      columns.map((row) => ({
        schema: textOf(row, 'database'),
        table: textOf(row, 'table'),
        name: textOf(row, 'name'),
        // ClickHouse's case matters in type names, but the layout keeps the engine's types lower case like every other.
        type: textOf(row, 'type').toLowerCase(),
        nullable: textOf(row, 'type').startsWith('Nullable('),
        comment: optionalTextOf(row, 'comment'),
      })),
      columns.filter((row) => Number(row.is_in_primary_key) === 1).map((row) => ({ schema: textOf(row, 'database'), table: textOf(row, 'table'), column: textOf(row, 'name'), primaryKey: true })),
    );
    const keys = new Map(tables.map((row) => [`${textOf(row, 'database')}.${textOf(row, 'name')}`, sortingKey(row)]));
    for (const table of assembled) table.sortingKey = keys.get(`${table.schema}.${table.name}`);
    return assembled;
  },
};
