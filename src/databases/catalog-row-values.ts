// Reading one field of a catalog row (keys are lower-cased column names): drivers hand back
// numbers as strings or numbers and flags as `YES`, `true` or 1, so each reader asks for the
// shape it needs here instead of converting on its own.
import type { CatalogRow } from './table-metadata.js';

export function textOf(row: CatalogRow, field: string): string {
  const value = row[field];
  return value === null || value === undefined ? '' : String(value);
}

/** Undefined for null and for empty or blank text (a comment nobody wrote). */
export function optionalTextOf(row: CatalogRow, field: string): string | undefined {
  const text = textOf(row, field).trim();
  return text === '' ? undefined : text;
}

/** Undefined for null, negative (unknown: Trino, Snowflake views) or non-numeric values. */
export function optionalCountOf(row: CatalogRow, field: string): number | undefined {
  const value = row[field];
  if (value === null || value === undefined || value === '') return undefined;
  const count = Number(value);
  return Number.isFinite(count) && count >= 0 ? Math.round(count) : undefined;
}

/** `YES`/`NO`, `true`/`false`, 1/0; undefined when the catalog does not say. */
export function optionalFlagOf(row: CatalogRow, field: string): boolean | undefined {
  const value = row[field];
  if (value === null || value === undefined) return undefined;
  const text = String(value).trim().toLowerCase();
  if (['yes', 'true', '1', 't', 'y'].includes(text)) return true;
  if (['no', 'false', '0', 'f', 'n'].includes(text)) return false;
  return undefined;
}
