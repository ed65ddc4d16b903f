// PostgreSQL's own catalog: pg_class (tables, partitioned tables, views, materialized views,
// foreign tables; reltuples as the row estimate), pg_attribute for columns, pg_description for
// COMMENT ON text, pg_constraint for primary and foreign keys. Only relations the connection may
// SELECT from are listed: a file for a table nobody can query would mislead the model.
import { assembleTables } from '../catalog-assembly.js';
import { optionalCountOf, optionalTextOf, textOf } from '../catalog-row-values.js';
import type { CatalogReader, CatalogRow, TableKind } from '../../context-sync/table-metadata.js';

const RELATIONS = `pg_catalog.pg_class c JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace`;
const VISIBLE = `c.relkind IN ('r', 'p', 'v', 'm', 'f') AND NOT c.relispartition
  AND n.nspname NOT IN ('pg_catalog', 'information_schema') AND n.nspname NOT LIKE 'pg\\_toast%' AND n.nspname NOT LIKE 'pg\\_temp%'
  AND has_table_privilege(c.oid, 'SELECT')`;

const TABLES_SQL = `SELECT n.nspname AS schema_name, c.relname AS table_name, c.relkind AS kind, d.description AS comment, c.reltuples AS estimated_rows
FROM ${RELATIONS}
LEFT JOIN pg_catalog.pg_description d ON d.objoid = c.oid AND d.objsubid = 0 AND d.classoid = 'pg_catalog.pg_class'::regclass
WHERE ${VISIBLE}`;

const COLUMNS_SQL = `SELECT n.nspname AS schema_name, c.relname AS table_name, a.attname AS column_name,
  pg_catalog.format_type(a.atttypid, a.atttypmod) AS data_type, NOT a.attnotnull AS is_nullable, d.description AS comment
FROM ${RELATIONS}
JOIN pg_catalog.pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
LEFT JOIN pg_catalog.pg_description d ON d.objoid = c.oid AND d.objsubid = a.attnum AND d.classoid = 'pg_catalog.pg_class'::regclass
WHERE ${VISIBLE}
ORDER BY n.nspname, c.relname, a.attnum`;

const KEYS_SQL = `SELECT n.nspname AS schema_name, c.relname AS table_name, con.contype AS key_type, a.attname AS column_name,
  rn.nspname AS referenced_schema, rc.relname AS referenced_table, ra.attname AS referenced_column
FROM pg_catalog.pg_constraint con
JOIN pg_catalog.pg_class c ON c.oid = con.conrelid
JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace
JOIN pg_catalog.generate_series(1, 32) AS position(number) ON position.number <= array_length(con.conkey, 1)
JOIN pg_catalog.pg_attribute a ON a.attrelid = con.conrelid AND a.attnum = con.conkey[position.number]
LEFT JOIN pg_catalog.pg_class rc ON rc.oid = con.confrelid
LEFT JOIN pg_catalog.pg_namespace rn ON rn.oid = rc.relnamespace
LEFT JOIN pg_catalog.pg_attribute ra ON ra.attrelid = con.confrelid AND ra.attnum = con.confkey[position.number]
WHERE con.contype IN ('p', 'f') AND n.nspname NOT IN ('pg_catalog', 'information_schema')`;

// The same three reads hashed where they run: one short row comes back instead of every row, and
// any change those reads would see (a comment, a type, a privilege, a row estimate) changes a row's
// hash. Summing two differently seeded 64-bit row hashes needs no sort, which halves the cost of
// hashing one sorted string (PostgreSQL 11+).
function hashedRows(sql: string): string {
  return `(SELECT count(*) || ':' || coalesce(sum(hashtextextended(row_text, 0)::numeric), 0) || ':' || coalesce(sum(hashtextextended(row_text, 1)::numeric), 0)
FROM (SELECT catalog_row::text AS row_text FROM (${sql}) AS catalog_row) AS catalog_rows)`;
}

const FINGERPRINT_SQL = `SELECT ${hashedRows(TABLES_SQL)} || ' ' || ${hashedRows(COLUMNS_SQL)} || ' ' || ${hashedRows(KEYS_SQL)} AS fingerprint`;

const KINDS: Record<string, TableKind> = { r: 'table', p: 'table', f: 'table', v: 'view', m: 'materialized view' };

/** reltuples is -1 (PostgreSQL 14+) or 0 before the first ANALYZE, and means nothing for a view. */
function estimatedRows(row: CatalogRow): number | undefined {
  if (textOf(row, 'kind') === 'v') return undefined;
  return optionalCountOf(row, 'estimated_rows');
}

export const postgresCatalogReader: CatalogReader = {
  commentsAvailable: true,
  async fingerprint(run) {
    const [row] = await run(FINGERPRINT_SQL);
    return `postgres-catalog ${row ? textOf(row, 'fingerprint') : ''}`;
  },
  async readTables(run) {
    const [tables, columns, keys] = [await run(TABLES_SQL), await run(COLUMNS_SQL), await run(KEYS_SQL)];
    return assembleTables(
      tables.map((row) => ({
        schema: textOf(row, 'schema_name'),
        name: textOf(row, 'table_name'),
        kind: KINDS[textOf(row, 'kind')] ?? 'table',
        comment: optionalTextOf(row, 'comment'),
        approximateRowCount: estimatedRows(row),
      })),
      columns.map((row) => ({
        schema: textOf(row, 'schema_name'),
        table: textOf(row, 'table_name'),
        name: textOf(row, 'column_name'),
        type: textOf(row, 'data_type').toLowerCase(),
        nullable: row.is_nullable === true,
        comment: optionalTextOf(row, 'comment'),
      })),
      keys.map((row) => ({
        schema: textOf(row, 'schema_name'),
        table: textOf(row, 'table_name'),
        column: textOf(row, 'column_name'),
        ...(textOf(row, 'key_type') === 'p'
          ? { primaryKey: true }
          : { references: { table: `${textOf(row, 'referenced_schema')}.${textOf(row, 'referenced_table')}`, column: textOf(row, 'referenced_column') } }),
      })),
    );
  },
};
