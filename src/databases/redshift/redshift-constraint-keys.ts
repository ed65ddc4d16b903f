// Redshift's informational primary and foreign keys from pg_constraint. information_schema's
// table_constraints shows a table's constraints only to its owner or a role with a privilege other
// than SELECT, so a read-only role would see none there; pg_constraint is readable by every role.
// The key columns are read from pg_get_constraintdef's text (`PRIMARY KEY (a, b)`,
// `FOREIGN KEY (a) REFERENCES s.t(b)`), which Redshift answers on its leader node like
// PostgreSQL, instead of subscripting conkey, which Redshift's leader node may not allow.
import type { CatalogRow } from '../table-metadata.js';
import type { CatalogKeyRow } from '../catalog-assembly.js';
import { textOf } from '../catalog-row-values.js';

export const REDSHIFT_KEYS_SQL = `
SELECT n.nspname AS table_schema, c.relname AS table_name, con.contype AS constraint_kind,
  pg_get_constraintdef(con.oid) AS definition, rn.nspname AS referenced_schema, rc.relname AS referenced_table
FROM pg_constraint con
JOIN pg_class c ON c.oid = con.conrelid
JOIN pg_namespace n ON n.oid = c.relnamespace
LEFT JOIN pg_class rc ON rc.oid = con.confrelid
LEFT JOIN pg_namespace rn ON rn.oid = rc.relnamespace
WHERE con.contype IN ('p', 'f')`;

/** `a, "Odd ""name"""` → [`a`, `Odd "name"`]. */
function columnList(list: string): string[] {
  return [...list.matchAll(/\s*("(?:[^"]|"")*"|[^,]+)\s*(?:,|$)/g)].map((match) => {
    const name = match[1]!.trim();
    return name.startsWith('"') ? name.slice(1, -1).replaceAll('""', '"') : name;
  });
}

export function redshiftKeyRows(row: CatalogRow): CatalogKeyRow[] {
  const location = { schema: textOf(row, 'table_schema'), table: textOf(row, 'table_name') };
  const definition = textOf(row, 'definition');
  const own = /KEY\s*\(((?:[^()"]|"(?:[^"]|"")*")*)\)/i.exec(definition);
  if (!own) return [];
  const columns = columnList(own[1]!);
  if (textOf(row, 'constraint_kind') === 'p') return columns.map((column) => ({ ...location, column, primaryKey: true }));
  const referenced = /REFERENCES\s+(?:"(?:[^"]|"")*"|[^(\s])+\s*\(((?:[^()"]|"(?:[^"]|"")*")*)\)/i.exec(definition);
  if (!referenced) return [];
  const referencedColumns = columnList(referenced[1]!);
  const table = `${textOf(row, 'referenced_schema')}.${textOf(row, 'referenced_table')}`;
  return columns.map((column, index) => ({ ...location, column, references: { table, column: referencedColumns[index] ?? '' } }));
}
