// Joins a dialect's catalog answers (one row per table, per column, per key column) into
// TableMetadata, so each dialect's reader only says where its catalog keeps things and the
// joining, ordering and key placement are done one way for all of them: a 5,000-table warehouse
// costs a few set-based queries, not one per table.
import type { ColumnMetadata, ForeignKeyReference, TableKind, TableMetadata } from './table-metadata.js';

export interface CatalogTableRow {
  schema: string;
  name: string;
  kind: TableKind;
  comment?: string | undefined;
  approximateRowCount?: number | undefined;
}

export interface CatalogColumnRow {
  schema: string;
  table: string;
  name: string;
  type: string;
  nullable?: boolean | undefined;
  comment?: string | undefined;
}

export interface CatalogKeyRow {
  schema: string;
  table: string;
  column: string;
  primaryKey?: boolean;
  references?: ForeignKeyReference;
}

const keyOf = (schema: string, table: string) => `${schema}\u0000${table}`;

/**
 * Tables in the order given, each with its columns in the order given (ordinal order), types lower
 * case, blank comments dropped. A key on a column no read returned is ignored; a column in two
 * foreign keys keeps the first.
 */
export function assembleTables(tables: CatalogTableRow[], columns: CatalogColumnRow[], keys: CatalogKeyRow[] = []): TableMetadata[] {
  const byTable = new Map<string, TableMetadata>();
  for (const row of tables) {
    const table: TableMetadata = { schema: row.schema, name: row.name, kind: row.kind, columns: [] };
    if (row.comment?.trim()) table.comment = row.comment;
    if (row.approximateRowCount !== undefined) table.approximateRowCount = row.approximateRowCount;
    byTable.set(keyOf(row.schema, row.name), table);
  }
  // Keys find their column by name in one lookup: a warehouse has 100,000 columns.
  const byColumn = new Map<string, ColumnMetadata>();
  for (const row of columns) {
    const table = byTable.get(keyOf(row.schema, row.table));
    if (!table) continue;
    const column: ColumnMetadata = { name: row.name, type: row.type.toLowerCase() };
    if (row.nullable !== undefined) column.nullable = row.nullable;
    if (row.comment?.trim()) column.comment = row.comment;
    table.columns.push(column);
    byColumn.set(`${keyOf(row.schema, row.table)}\u0000${row.name}`, column);
  }
  for (const key of keys) {
    const column = byColumn.get(`${keyOf(key.schema, key.table)}\u0000${key.column}`);
    if (!column) continue;
    if (key.primaryKey) column.primaryKey = true;
    if (key.references) column.foreignKey ??= key.references;
  }
  return [...byTable.values()];
}
