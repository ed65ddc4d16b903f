// PostgreSQL's own catalog: pg_class (tables, partitioned tables, views, materialized views,
// foreign tables; reltuples as the row estimate), pg_attribute for columns, pg_description for
// COMMENT ON text, pg_constraint for primary and foreign keys. Only relations the connection may
// SELECT from are listed: a file for a table nobody can query would mislead the model.
import { assembleTables } from '../catalog-assembly.js';
import { optionalCountOf, optionalTextOf, textOf } from '../catalog-row-values.js';
import type { CatalogReader, CatalogRow, TableKind } from '../../context-sync/table-metadata.js';

const RELATIONS = `pg_catalog.pg_class c JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace`;
const LISTED_KINDS = `c.relkind IN ('r', 'p', 'v', 'm', 'f') AND NOT c.relispartition
  AND n.nspname NOT IN ('pg_catalog', 'information_schema') AND n.nspname NOT LIKE 'pg\\_toast%' AND n.nspname NOT LIKE 'pg\\_temp%'`;
const VISIBLE = `${LISTED_KINDS}
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

// What the three reads would return, hashed where it lives: one short row comes back, and a change
// any read would see (a relation added, dropped or renamed, a comment, a column's name, type or
// NOT NULL, a privilege, a row estimate) changes it. An unchanged re-sync costs little but this
// query, so it is shaped for 100,000 columns: the privilege is checked once per listed relation
// (not per column row, nor for the indexes and TOAST tables pg_class also holds); columns are
// hashed from pg_attribute's own fields (type oid and modifier, not a format_type() text per row,
// so renaming a type is seen only with the next other change); no row is sorted or turned into a
// record's text. Each part is a count and a sum of 64-bit hashes seeded by the row's place
// (relation oid, column number), so row order does not matter and the same text elsewhere hashes
// differently. The keys, few even in large warehouses, are hashed as their read returns them.
const LISTED_RELATIONS = `SELECT c.oid, n.nspname, c.relname, c.relkind, c.reltuples FROM ${RELATIONS} WHERE ${LISTED_KINDS}`;

const COLUMN_PLACE = 'a.attrelid::int8 * 65536 + a.attnum';

const FINGERPRINT_SQL = `WITH listed AS MATERIALIZED (${LISTED_RELATIONS}),
visible AS MATERIALIZED (SELECT * FROM listed WHERE has_table_privilege(oid, 'SELECT'))
SELECT concat_ws(' ',
  (SELECT count(*) || ':' || coalesce(sum(hashtextextended(concat_ws(' ', v.nspname, v.relname, v.relkind, v.reltuples, d.description), v.oid::int8)), 0)
    FROM visible v
    LEFT JOIN pg_catalog.pg_description d ON d.objoid = v.oid AND d.objsubid = 0 AND d.classoid = 'pg_catalog.pg_class'::regclass),
  (SELECT count(*) || ':' || coalesce(sum(hashtextextended(a.attname::text, ${COLUMN_PLACE})), 0)
      || ':' || coalesce(sum(hashint8extended((a.atttypid::int8 << 32) # (a.atttypmod::int8 << 1) # a.attnotnull::int::int8, ${COLUMN_PLACE})), 0)
    FROM pg_catalog.pg_attribute a
    WHERE a.attrelid IN (SELECT oid FROM visible) AND a.attnum > 0 AND NOT a.attisdropped),
  (SELECT count(*) || ':' || coalesce(sum(hashtextextended(d.description, d.objoid::int8 * 65536 + d.objsubid)), 0)
    FROM pg_catalog.pg_description d
    WHERE d.classoid = 'pg_catalog.pg_class'::regclass AND d.objsubid > 0 AND d.objoid IN (SELECT oid FROM visible)),
  (SELECT count(*) || ':' || coalesce(sum(hashtextextended(key_row::text, 0)), 0) FROM (${KEYS_SQL}) AS key_row)
) AS fingerprint`;

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
