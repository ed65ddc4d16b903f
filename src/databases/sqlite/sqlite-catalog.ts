// SQLite keeps no comments and no row estimate: only names, declared types, NOT NULL and keys,
// read with pragma_table_info / pragma_foreign_key_list as table-valued functions inside SELECTs
// (a PRAGMA statement would not pass the read-only gate). Everything lives in schema `main`.
import { assembleTables } from '../catalog-assembly.js';
import { textOf } from '../catalog-row-values.js';
import type { CatalogReader } from '../table-metadata.js';

const OBJECTS = "sqlite_master m WHERE m.type IN ('table', 'view') AND m.name NOT LIKE 'sqlite\\_%' ESCAPE '\\'";

const TABLES_SQL = `SELECT m.name AS table_name, m.type AS kind FROM ${OBJECTS}`;

const COLUMNS_SQL = `SELECT m.name AS table_name, p.name AS column_name, p.type AS data_type, p."notnull" AS not_null, p.pk AS primary_key_position
FROM sqlite_master m JOIN pragma_table_info(m.name) p
WHERE m.type IN ('table', 'view') AND m.name NOT LIKE 'sqlite\\_%' ESCAPE '\\'
ORDER BY m.name, p.cid`;

const FOREIGN_KEYS_SQL = `SELECT m.name AS table_name, f."from" AS column_name, f."table" AS referenced_table, f."to" AS referenced_column
FROM sqlite_master m JOIN pragma_foreign_key_list(m.name) f
WHERE m.type = 'table' AND m.name NOT LIKE 'sqlite\\_%' ESCAPE '\\'`;

const SCHEMA = 'main';

export const sqliteCatalogReader: CatalogReader = {
  commentsAvailable: false,
  async readTables(run) {
    const [tables, columns, foreignKeys] = [await run(TABLES_SQL), await run(COLUMNS_SQL), await run(FOREIGN_KEYS_SQL)];
    return assembleTables(
      tables.map((row) => ({ schema: SCHEMA, name: textOf(row, 'table_name'), kind: textOf(row, 'kind') === 'view' ? 'view' : 'table' })),
      columns.map((row) => ({
        schema: SCHEMA,
        table: textOf(row, 'table_name'),
        name: textOf(row, 'column_name'),
        type: textOf(row, 'data_type').toLowerCase(),
        nullable: Number(row.not_null) === 0 && Number(row.primary_key_position) === 0,
      })),
      [
        ...columns.filter((row) => Number(row.primary_key_position) > 0).map((row) => ({ schema: SCHEMA, table: textOf(row, 'table_name'), column: textOf(row, 'column_name'), primaryKey: true })),
        // A foreign key naming no column (`REFERENCES t`) points at the referenced table's primary key.
        ...foreignKeys.map((row) => ({
          schema: SCHEMA,
          table: textOf(row, 'table_name'),
          column: textOf(row, 'column_name'),
          references: { table: `${SCHEMA}.${textOf(row, 'referenced_table')}`, column: textOf(row, 'referenced_column') },
        })),
      ],
    );
  },
};
