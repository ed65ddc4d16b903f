// Every adapter's introspection query yields (schema, table, column, type) rows in order; this
// folds them into the SchemaSummary the system prompt and `datathread check` read.
import type { JsonValue, SchemaSummary, TableSummary } from './types.js';

export function schemaSummaryFromRows(rows: JsonValue[][]): SchemaSummary {
  const tables: TableSummary[] = [];
  let current: TableSummary | undefined;
  for (const [schema, table, column, type] of rows) {
    const schemaName = String(schema);
    const tableName = String(table);
    if (!current || current.schema !== schemaName || current.name !== tableName) {
      current = { schema: schemaName, name: tableName, columns: [] };
      tables.push(current);
    }
    current.columns.push({ name: String(column), type: String(type ?? '').toLowerCase() });
  }
  return { tables };
}

/** Introspection reads the catalog through runQuery; these limits only guard against a runaway. */
export const INTROSPECTION_ROW_CAP = 100_000;
export const INTROSPECTION_TIMEOUT_MS = 30_000;
