// The SQL Server family's catalog for `datathread sync` (SQL Server, Azure SQL, Fabric warehouses
// and Synapse dedicated pools share these views): tables and views from sys.objects, table and
// column descriptions from the `MS_Description` extended property (what SSMS and most data
// catalogs write), row counts from sys.partitions (heap or clustered index, kept by the engine
// without a scan), primary keys from sys.key_constraints and foreign keys from
// sys.foreign_key_columns. Fabric and Synapse keep only NOT ENFORCED keys, read the same way.
import type { CatalogReader, TableKind } from '../table-metadata.js';
import { assembleTables, type CatalogKeyRow } from '../catalog-assembly.js';
import { optionalCountOf, optionalFlagOf, optionalTextOf, textOf } from '../catalog-row-values.js';

const USER_OBJECTS = `o.type IN ('U', 'V') AND o.is_ms_shipped = 0`;

const TABLES_SQL = `
SELECT s.name AS table_schema, o.name AS table_name, o.type AS object_type,
  CAST(ep.value AS nvarchar(4000)) AS table_comment,
  (SELECT SUM(p.rows) FROM sys.partitions p WHERE p.object_id = o.object_id AND p.index_id IN (0, 1)) AS approximate_rows
FROM sys.objects o
JOIN sys.schemas s ON s.schema_id = o.schema_id
LEFT JOIN sys.extended_properties ep ON ep.class = 1 AND ep.major_id = o.object_id AND ep.minor_id = 0 AND ep.name = 'MS_Description'
WHERE ${USER_OBJECTS}
ORDER BY s.name, o.name`;

const COLUMNS_SQL = `
SELECT s.name AS table_schema, o.name AS table_name, c.name AS column_name, t.name AS data_type, c.is_nullable,
  CAST(ep.value AS nvarchar(4000)) AS column_comment
FROM sys.columns c
JOIN sys.objects o ON o.object_id = c.object_id
JOIN sys.schemas s ON s.schema_id = o.schema_id
JOIN sys.types t ON t.user_type_id = c.user_type_id
LEFT JOIN sys.extended_properties ep ON ep.class = 1 AND ep.major_id = c.object_id AND ep.minor_id = c.column_id AND ep.name = 'MS_Description'
WHERE ${USER_OBJECTS}
ORDER BY s.name, o.name, c.column_id`;

const PRIMARY_KEYS_SQL = `
SELECT s.name AS table_schema, o.name AS table_name, c.name AS column_name
FROM sys.key_constraints k
JOIN sys.index_columns ic ON ic.object_id = k.parent_object_id AND ic.index_id = k.unique_index_id
JOIN sys.columns c ON c.object_id = ic.object_id AND c.column_id = ic.column_id
JOIN sys.objects o ON o.object_id = k.parent_object_id
JOIN sys.schemas s ON s.schema_id = o.schema_id
WHERE k.type = 'PK'`;

const FOREIGN_KEYS_SQL = `
SELECT ps.name AS table_schema, po.name AS table_name, pc.name AS column_name,
  rs.name AS referenced_schema, ro.name AS referenced_table, rc.name AS referenced_column
FROM sys.foreign_key_columns f
JOIN sys.objects po ON po.object_id = f.parent_object_id
JOIN sys.schemas ps ON ps.schema_id = po.schema_id
JOIN sys.columns pc ON pc.object_id = f.parent_object_id AND pc.column_id = f.parent_column_id
JOIN sys.objects ro ON ro.object_id = f.referenced_object_id
JOIN sys.schemas rs ON rs.schema_id = ro.schema_id
JOIN sys.columns rc ON rc.object_id = f.referenced_object_id AND rc.column_id = f.referenced_column_id`;

// sys.objects.type is char(2): a view is `V ` with a trailing space.
const kindOf = (objectType: string): TableKind => (objectType.trim() === 'V' ? 'view' : 'table');

export const mssqlCatalogReader: CatalogReader = {
  commentsAvailable: true,
  async readTables(run) {
    const tables = await run(TABLES_SQL);
    const columns = await run(COLUMNS_SQL);
    const primaryKeys = await run(PRIMARY_KEYS_SQL);
    const foreignKeys = await run(FOREIGN_KEYS_SQL);
    const location = (row: Record<string, unknown>) => ({ schema: String(row.table_schema), table: String(row.table_name), column: String(row.column_name) });
    const keys: CatalogKeyRow[] = [
      ...primaryKeys.map((row) => ({ ...location(row), primaryKey: true })),
      ...foreignKeys.map((row) => ({
        ...location(row),
        references: { table: `${textOf(row, 'referenced_schema')}.${textOf(row, 'referenced_table')}`, column: textOf(row, 'referenced_column') },
      })),
    ];
    return assembleTables(
      tables.map((row) => {
        const kind = kindOf(textOf(row, 'object_type'));
        return {
          schema: textOf(row, 'table_schema'),
          name: textOf(row, 'table_name'),
          kind,
          comment: optionalTextOf(row, 'table_comment'),
          approximateRowCount: kind === 'table' ? optionalCountOf(row, 'approximate_rows') : undefined,
        };
      }),
      columns.map((row) => ({
        schema: textOf(row, 'table_schema'),
        table: textOf(row, 'table_name'),
        name: textOf(row, 'column_name'),
        type: textOf(row, 'data_type'),
        nullable: optionalFlagOf(row, 'is_nullable'),
        comment: optionalTextOf(row, 'column_comment'),
      })),
      keys,
    );
  },
};
