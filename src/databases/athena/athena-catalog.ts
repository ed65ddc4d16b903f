// Athena's catalog for `datathread sync`: tables and views from information_schema.tables, columns
// with the Glue Data Catalog's column comments from information_schema.columns, narrowed to the
// configured database (schema_name) as introspection is, and table comments from Glue's table
// parameters, which Athena answers only through its API (ListTableMetadata, one paginated call per
// database, through the adapter's own client). Glue keeps no row counts Athena can answer, no keys
// and no NOT NULL.
import type { CatalogReader } from '../table-metadata.js';
import type { DatabaseConfig } from '../database-config.js';
import { assembleTables } from '../catalog-assembly.js';
import { optionalFlagOf, optionalTextOf, textOf } from '../catalog-row-values.js';

function schemaCondition(schemaName: string | undefined): string {
  return schemaName ? `table_schema = '${schemaName.replaceAll("'", "''")}'` : `table_schema <> 'information_schema'`;
}

/** The adapter's API side: Glue table comments of one database. */
export interface AthenaTableComments {
  tableComments(database: string): Promise<Map<string, string>>;
}

export function athenaCatalogReader(config: Pick<DatabaseConfig, 'schema_name'>, api: AthenaTableComments): CatalogReader {
  const where = schemaCondition(config.schema_name);
  return {
    commentsAvailable: true,
    async readTables(run) {
      const tables = await run(`SELECT table_schema, table_name, table_type FROM information_schema.tables WHERE ${where} ORDER BY table_schema, table_name`);
      const columns = await run(
        `SELECT table_schema, table_name, column_name, data_type, is_nullable, comment FROM information_schema.columns WHERE ${where} ORDER BY table_schema, table_name, ordinal_position`,
      );
      const comments = new Map<string, Map<string, string>>();
      for (const schema of new Set(tables.map((row) => textOf(row, 'table_schema')))) comments.set(schema, await api.tableComments(schema));
      return assembleTables(
        tables.map((row) => ({
          schema: textOf(row, 'table_schema'),
          name: textOf(row, 'table_name'),
          kind: textOf(row, 'table_type') === 'VIEW' ? 'view' : 'table',
          comment: comments.get(textOf(row, 'table_schema'))?.get(textOf(row, 'table_name')),
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
}
