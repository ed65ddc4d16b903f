// PostgreSQL's own catalog: pg_class (tables, partitioned tables, views, materialized views,
// foreign tables; reltuples as the row estimate), pg_attribute for columns, pg_description for
// COMMENT ON text, pg_constraint for primary and foreign keys. Only relations the connection may
// SELECT from are listed: a file for a table nobody can query would mislead the model.
import { assembleTables } from '../catalog-assembly.js';
import { optionalCountOf, optionalTextOf, textOf } from '../catalog-row-values.js';
import type { CatalogReader, CatalogRow, TableKind } from '../table-metadata.js';

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
// NOT NULL, a row estimate, what the login may SELECT) changes it. An unchanged re-sync costs
// little but this query, so it is shaped for 100,000 columns: each catalog is visited once, with
// no function per row that looks anything up (has_table_privilege() on 5,000 relations was a fifth
// of the query), no format_type() text, no sort and no record text. Each part is a count and a sum
// of 64-bit hashes seeded by the row's place (relation oid, column number), so row order does not
// matter and the same text elsewhere hashes differently.
//
// Which relations the reads list depends on has_table_privilege(), which reads only: whether the
// login is a superuser (it then sees everything), the relation's ACL, its owner (whose rights an
// empty ACL stands for) and the roles whose rights the login holds (pg_has_role ... 'USAGE', which
// follows memberships through inheriting roles, pg_read_all_data included). Those are hashed
// instead, for every listed relation, whether the login may read it or not: a change to a relation
// it cannot see then costs one needless full read, never a missed one.
//
// Types: a column's type oid and modifier stand for its format_type() text, except that a
// user-defined type (oid 16384 and up) can be renamed or moved to another schema under the same
// oid, so for the few columns that have one the text itself is hashed too, as is the search_path
// (it decides whether format_type() writes a type's schema). A superuser could rename a built-in
// type too; that alone is not seen (it would take a lookup for every column). The type lookup is a
// function call, not a subquery: the planner costs a subquery as if it ran for every column, and a
// query it costs above jit_above_cost (100,000) is JIT-compiled first, which took longer (about
// 140 ms) than the whole rest of the query on the bench's 5,000 tables.
// The keys, few even in large warehouses, are hashed as their read returns them.
const LISTED_RELATIONS = `SELECT c.oid, n.nspname, c.relname, c.relkind, c.reltuples, c.relowner, c.relacl FROM ${RELATIONS} WHERE ${LISTED_KINDS}`;

const FIRST_USER_OBJECT_ID = 16384;
const COLUMN_PLACE = 'a.attrelid::int8 * 65536 + a.attnum';

// The login's side of has_table_privilege(): "superuser", or the sorted oids of the roles whose privileges it holds.
const SYNCING_ROLE_RIGHTS = `CASE WHEN (SELECT superuser FROM syncing_role) THEN 'superuser'
  ELSE 'roles:' || (SELECT string_agg(r.oid::text, ',' ORDER BY r.oid) FROM pg_catalog.pg_roles r WHERE pg_catalog.pg_has_role(current_user, r.oid, 'USAGE')) END`;

// The free-text fields come last, each length given first, so no two different rows read the same.
const RELATION_TEXT = `concat_ws(' ', l.relkind, l.reltuples, length(l.nspname), length(l.relname), l.nspname, l.relname,
  CASE WHEN NOT (SELECT superuser FROM syncing_role) THEN l.relowner || ' ' || coalesce(l.relacl::text, 'default') END)`;

const FINGERPRINT_SQL = `WITH listed AS MATERIALIZED (${LISTED_RELATIONS}),
syncing_role AS MATERIALIZED (SELECT r.rolsuper AS superuser FROM pg_catalog.pg_roles r WHERE r.rolname = current_user)
SELECT concat_ws(' ',
  ${SYNCING_ROLE_RIGHTS},
  hashtext(current_setting('search_path')),
  (SELECT count(*) || ':' || coalesce(sum(hashtextextended(${RELATION_TEXT}, l.oid::int8)), 0) FROM listed l),
  (SELECT count(*) || ':' || coalesce(sum(hashtextextended(a.attname::text, ${COLUMN_PLACE})), 0)
      || ':' || coalesce(sum(hashint8extended((a.atttypid::int8 << 32) # (a.atttypmod::int8 << 1) # a.attnotnull::int::int8, ${COLUMN_PLACE})), 0)
      || ':' || coalesce(sum(CASE WHEN a.atttypid >= ${FIRST_USER_OBJECT_ID} THEN hashtextextended(pg_catalog.format_type(a.atttypid, a.atttypmod), ${COLUMN_PLACE}) END), 0)
    FROM listed l JOIN pg_catalog.pg_attribute a ON a.attrelid = l.oid
    WHERE a.attnum > 0 AND NOT a.attisdropped),
  (SELECT count(*) || ':' || coalesce(sum(hashtextextended(d.description, d.objoid::int8 * 65536 + d.objsubid)), 0)
    FROM listed l JOIN pg_catalog.pg_description d ON d.objoid = l.oid
    WHERE d.classoid = 'pg_catalog.pg_class'::regclass),
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
