// Builds TableMetadata from the three set-based catalog reads every dialect can do (tables,
// columns, keys), so a 5,000-table warehouse costs three queries, not one per table.
import type { JsonValue } from '../databases/types.js';
import type { ColumnMetadata, ForeignKeyReference, TableKind, TableMetadata } from './table-metadata.js';

export interface CatalogTable {
  schema: string;
  name: string;
  kind: TableKind;
  comment?: string | undefined;
  approximateRowCount?: number | undefined;
}

export interface CatalogColumn extends Omit<ColumnMetadata, 'primaryKey' | 'foreignKey'> {
  schema: string;
  table: string;
}

export interface CatalogKey {
  schema: string;
  table: string;
  column: string;
  primaryKey?: boolean;
  foreignKey?: ForeignKeyReference;
}

function tableKey(schema: string, name: string): string {
  return `${schema}\u0000${name}`;
}

/** Columns keep the order they arrive in (ordinal order); a key on a column no read returned is ignored. */
export function assembleTables(tables: CatalogTable[], columns: CatalogColumn[], keys: CatalogKey[] = []): TableMetadata[] {
  const byKey = new Map<string, TableMetadata>();
  for (const table of tables) byKey.set(tableKey(table.schema, table.name), { ...table, columns: [] });
  const columnsByKey = new Map<string, ColumnMetadata>();
  for (const { schema, table, ...column } of columns) {
    const target = byKey.get(tableKey(schema, table));
    if (!target) continue;
    const entry: ColumnMetadata = { ...column };
    target.columns.push(entry);
    columnsByKey.set(`${tableKey(schema, table)}\u0000${column.name}`, entry);
  }
  for (const key of keys) {
    const column = columnsByKey.get(`${tableKey(key.schema, key.table)}\u0000${key.column}`);
    if (!column) continue;
    if (key.primaryKey) column.primaryKey = true;
    if (key.foreignKey) column.foreignKey ??= key.foreignKey;
  }
  return [...byKey.values()];
}

/** A catalog text cell; empty or absent comments become undefined. */
export function optionalText(value: JsonValue | undefined): string | undefined {
  if (value === null || value === undefined) return undefined;
  const text = String(value).trim();
  return text === '' ? undefined : text;
}

/** A row estimate; engines say -1 or nothing when they do not know. */
export function optionalCount(value: JsonValue | undefined): number | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  const count = Number(value);
  return Number.isFinite(count) && count >= 0 ? count : undefined;
}

export function text(value: JsonValue | undefined): string {
  return value === null || value === undefined ? '' : String(value);
}
