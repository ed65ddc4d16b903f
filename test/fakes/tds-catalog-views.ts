// SQL Server's catalog views as the fake TDS server answers them: `sys.schemas`, `sys.objects`,
// `sys.columns`, `sys.types`, `sys.extended_properties` (MS_Description from DuckDB's COMMENT ON),
// `sys.partitions` (rows from DuckDB's own estimate), `sys.key_constraints`, `sys.index_columns`
// and `sys.foreign_key_columns`, with SQL Server's column names, filled from DuckDB's catalog of
// the fake's own tables. Object ids are DuckDB's table and view oids; the sys views themselves are
// `is_ms_shipped = 1`, as SQL Server's are.
const TYPE_NAMES = `
  CASE
    WHEN data_type = 'INTEGER' THEN 'int' WHEN data_type = 'BIGINT' THEN 'bigint' WHEN data_type = 'SMALLINT' THEN 'smallint'
    WHEN data_type = 'BOOLEAN' THEN 'bit' WHEN data_type = 'DOUBLE' THEN 'float' WHEN data_type = 'DATE' THEN 'date'
    WHEN data_type = 'DECIMAL(19,4)' THEN 'money' WHEN data_type LIKE 'DECIMAL%' THEN 'decimal'
    WHEN data_type = 'TIMESTAMP WITH TIME ZONE' THEN 'datetimeoffset' WHEN data_type LIKE 'TIMESTAMP%' THEN 'datetime2'
    WHEN data_type = 'UUID' THEN 'uniqueidentifier' ELSE 'nvarchar'
  END`;

const RELATIONS = `
  SELECT table_oid AS object_id, schema_oid AS schema_id, schema_name, table_name AS name, 'U' AS type, 'USER_TABLE' AS type_desc, comment, estimated_size
  FROM duckdb_tables() WHERE NOT internal AND NOT temporary
  UNION ALL
  SELECT view_oid, schema_oid, schema_name, view_name, 'V', 'VIEW', comment, NULL
  FROM duckdb_views() WHERE NOT internal AND NOT temporary`;

export const TDS_CATALOG_VIEWS = [
  'CREATE SCHEMA IF NOT EXISTS sys',
  `CREATE VIEW sys.schemas AS SELECT oid AS schema_id, schema_name AS name FROM duckdb_schemas() WHERE NOT internal OR schema_name = 'sys'`,
  `CREATE VIEW sys.objects AS SELECT object_id, schema_id, name, type, type_desc, schema_name = 'sys' AS is_ms_shipped FROM (${RELATIONS})`,
  `CREATE VIEW sys.types AS SELECT DISTINCT ${TYPE_NAMES} AS name, hash(${TYPE_NAMES}) % 2147483647 AS user_type_id FROM duckdb_columns()`,
  `CREATE VIEW sys.columns AS
   SELECT table_oid AS object_id, column_index AS column_id, column_name AS name, is_nullable, hash(${TYPE_NAMES}) % 2147483647 AS user_type_id
   FROM duckdb_columns()`,
  `CREATE VIEW sys.extended_properties AS
   SELECT 1 AS class, 'OBJECT_OR_COLUMN' AS class_desc, object_id AS major_id, 0 AS minor_id, 'MS_Description' AS name, comment AS value
   FROM (${RELATIONS}) WHERE comment IS NOT NULL
   UNION ALL
   SELECT 1, 'OBJECT_OR_COLUMN', table_oid, column_index, 'MS_Description', comment FROM duckdb_columns() WHERE comment IS NOT NULL`,
  `CREATE VIEW sys.partitions AS
   SELECT object_id AS partition_id, object_id, 0 AS index_id, 1 AS partition_number, estimated_size AS rows FROM (${RELATIONS}) WHERE type = 'U'`,
  `CREATE VIEW sys.key_constraints AS
   SELECT table_oid * 100 + constraint_index AS object_id, 'PK_' || table_name AS name, table_oid AS parent_object_id, 'PK' AS type, constraint_index AS unique_index_id
   FROM duckdb_constraints() WHERE constraint_type = 'PRIMARY KEY'`,
  `CREATE VIEW sys.index_columns AS
   SELECT k.table_oid AS object_id, k.constraint_index AS index_id, c.column_index AS column_id
   FROM (SELECT table_oid, constraint_index, unnest(constraint_column_names) AS column_name FROM duckdb_constraints() WHERE constraint_type = 'PRIMARY KEY') k
   JOIN duckdb_columns() c ON c.table_oid = k.table_oid AND c.column_name = k.column_name`,
  `CREATE VIEW sys.foreign_key_columns AS
   SELECT f.table_oid * 100 + f.constraint_index AS constraint_object_id, f.table_oid AS parent_object_id, pc.column_index AS parent_column_id,
     rt.table_oid AS referenced_object_id, rc.column_index AS referenced_column_id
   FROM (SELECT table_oid, constraint_index, schema_name, unnest(constraint_column_names) AS column_name, unnest(referenced_column_names) AS referenced_column, referenced_table
         FROM duckdb_constraints() WHERE constraint_type = 'FOREIGN KEY') f
   JOIN duckdb_columns() pc ON pc.table_oid = f.table_oid AND pc.column_name = f.column_name
   JOIN duckdb_tables() rt ON rt.schema_name = f.schema_name AND rt.table_name = f.referenced_table
   JOIN duckdb_columns() rc ON rc.table_oid = rt.table_oid AND rc.column_name = f.referenced_column`,
];
