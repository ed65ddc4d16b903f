// Athena's catalog for `datathread sync`: tables and views from information_schema.tables, columns
// with the Glue Data Catalog's column comments from information_schema.columns, narrowed to the
// configured database (schema_name) as introspection is. Glue keeps no row counts Athena can
// answer, no keys and no NOT NULL. Table comments live only in Glue's table parameters, which
// Athena answers through its GetTableMetadata API, not through SQL; they are not read here.
import type { CatalogReader } from '../../context-sync/table-metadata.js';
import type { DatabaseConfig } from '../database-config.js';
import { assembleTables } from '../catalog-assembly.js';
import { optionalFlagOf, optionalTextOf, textOf } from '../catalog-row-values.js';

function schemaCondition(schemaName: string | undefined): string {
  return schemaName ? `table_schema = '${schemaName.replaceAll("'", "''")}'` : `table_schema <> 'information_schema'`;
}

export function athenaCatalogReader(config: Pick<DatabaseConfig, 'schema_name'>): CatalogReader {
  const where = schemaCondition(config.schema_name);
  return {
    commentsAvailable: true,
    async readTables(run) {
      const tables = await run(`SELECT table_schema, table_name, table_type FROM information_schema.tables WHERE ${where} ORDER BY table_schema, table_name`);
      const columns = await run(
        `SELECT table_schema, table_name, column_name, data_type, is_nullable, comment FROM information_schema.columns WHERE ${where} ORDER BY table_schema, table_name, ordinal_position`,
      );
      return assembleTables(
        tables.map((row) => ({ schema: textOf(row, 'table_schema'), name: textOf(row, 'table_name'), kind: textOf(row, 'table_type') === 'VIEW' ? 'view' : 'table' })),
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
