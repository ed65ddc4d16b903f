// Redshift's catalog for `datathread sync`: tables and views from pg_class with their comments in
// pg_description; row estimates from SVV_TABLE_INFO (tbl_rows: rows including those marked deleted
// and not yet vacuumed, which is what Redshift keeps cheaply; a role that may not read the view,
// as a plain read-only role may not, gets the tables without estimates); columns from SVV_COLUMNS
// (it lists late-binding views and Spectrum external tables, which pg_attribute does not; its
// `remarks` is the column's COMMENT ON); and the informational primary and foreign keys Redshift
// stores but does not enforce, from pg_constraint (redshift-constraint-keys.ts).
import type { CatalogQueryRunner, CatalogReader } from '../table-metadata.js';
import { QueryFailedError } from '../errors.js';
import { assembleTables } from '../catalog-assembly.js';
import { optionalCountOf, optionalFlagOf, optionalTextOf, textOf } from '../catalog-row-values.js';
import { REDSHIFT_KEYS_SQL, redshiftKeyRows } from './redshift-constraint-keys.js';

const SYSTEM_SCHEMAS = `('pg_catalog', 'information_schema', 'pg_internal', 'pg_automv', 'pg_toast')`;

const TABLES_SQL = `
SELECT n.nspname AS table_schema, c.relname AS table_name, c.relkind AS relation_kind, d.description AS table_comment
FROM pg_class c
JOIN pg_namespace n ON n.oid = c.relnamespace
LEFT JOIN pg_description d ON d.objoid = c.oid AND d.objsubid = 0
WHERE c.relkind IN ('r', 'v', 'm', 'p') AND n.nspname NOT IN ${SYSTEM_SCHEMAS} AND n.nspname NOT LIKE 'pg_temp%'
ORDER BY 1, 2`;

// Only superusers, and roles granted SELECT on it, may read SVV_TABLE_INFO (README).
const ROW_ESTIMATES_SQL = `SELECT "schema" AS table_schema, "table" AS table_name, tbl_rows FROM svv_table_info`;

const COLUMNS_SQL = `
SELECT table_schema, table_name, column_name, data_type, is_nullable, remarks
FROM svv_columns
WHERE table_schema NOT IN ${SYSTEM_SCHEMAS}
ORDER BY table_schema, table_name, ordinal_position`;

/** `schema.table` → tbl_rows; empty when the role may not read SVV_TABLE_INFO (a refused query, not an unreachable server). */
async function rowEstimates(run: CatalogQueryRunner): Promise<Map<string, number | undefined>> {
  try {
    const rows = await run(ROW_ESTIMATES_SQL);
    return new Map(rows.map((row) => [`${textOf(row, 'table_schema')}.${textOf(row, 'table_name')}`, optionalCountOf(row, 'tbl_rows')]));
  } catch (error) {
    if (error instanceof QueryFailedError) return new Map();
    throw error;
  }
}

const RELATION_KINDS = { r: 'table', p: 'table', v: 'view', m: 'materialized view' } as const;

export const redshiftCatalogReader: CatalogReader = {
  commentsAvailable: true,
  async readTables(run) {
    const tables = await run(TABLES_SQL);
    const estimates = await rowEstimates(run);
    const columns = await run(COLUMNS_SQL);
    const keys = await run(REDSHIFT_KEYS_SQL);
    return assembleTables(
      tables.map((row) => ({
        schema: textOf(row, 'table_schema'),
        name: textOf(row, 'table_name'),
        kind: RELATION_KINDS[textOf(row, 'relation_kind') as keyof typeof RELATION_KINDS] ?? 'table',
        comment: optionalTextOf(row, 'table_comment'),
        approximateRowCount: estimates.get(`${textOf(row, 'table_schema')}.${textOf(row, 'table_name')}`),
      })),
      columns.map((row) => ({
        schema: textOf(row, 'table_schema'),
        table: textOf(row, 'table_name'),
        name: textOf(row, 'column_name'),
        type: textOf(row, 'data_type'),
        nullable: optionalFlagOf(row, 'is_nullable'),
        comment: optionalTextOf(row, 'remarks'),
      })),
      keys.flatMap(redshiftKeyRows),
    );
  },
};
