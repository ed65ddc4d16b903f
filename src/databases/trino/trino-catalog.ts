// Trino's catalog for `datathread sync`, for the configured catalog: tables and views from
// information_schema.tables, table comments from system.metadata.table_comments (narrowed to the
// current catalog, because unnarrowed it asks every connector), columns with their comments from
// information_schema.columns. Trino keeps no row estimate it can answer without asking the
// connector per table (SHOW STATS), and no keys, so neither is read.
import type { CatalogReader } from '../table-metadata.js';
import { assembleTables } from '../catalog-assembly.js';
import { optionalFlagOf, optionalTextOf, textOf } from '../catalog-row-values.js';

const TABLES_SQL = `
SELECT table_schema, table_name, table_type
FROM information_schema.tables
WHERE table_schema <> 'information_schema'
ORDER BY table_schema, table_name`;

const TABLE_COMMENTS_SQL = `
SELECT schema_name, table_name, comment
FROM system.metadata.table_comments
WHERE catalog_name = current_catalog AND comment IS NOT NULL`;

const COLUMNS_SQL = `
SELECT table_schema, table_name, column_name, data_type, is_nullable, comment
FROM information_schema.columns
WHERE table_schema <> 'information_schema'
ORDER BY table_schema, table_name, ordinal_position`;

export const trinoCatalogReader: CatalogReader = {
  commentsAvailable: true,
  async readTables(run) {
    const tables = await run(TABLES_SQL);
    const comments = new Map((await run(TABLE_COMMENTS_SQL)).map((row) => [`${textOf(row, 'schema_name')}.${textOf(row, 'table_name')}`, optionalTextOf(row, 'comment')]));
    const columns = await run(COLUMNS_SQL);
    return assembleTables(
      tables.map((row) => {
        const schema = textOf(row, 'table_schema');
        const name = textOf(row, 'table_name');
        return { schema, name, kind: textOf(row, 'table_type') === 'VIEW' ? 'view' : 'table', comment: comments.get(`${schema}.${name}`) };
      }),
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
