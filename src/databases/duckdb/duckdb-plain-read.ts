// DuckDB's second opinion on SQL the statement gate's parser cannot read (SUMMARIZE, PIVOT, ASOF
// JOIN, list comprehensions, USING SAMPLE). json_serialize_sql serializes SELECT statements only
// and fails on anything else, so one serialized statement is a query. Its tree still has to pass
// the same function and file checks as the gate's: a refused function or a file read as a table
// keeps the refusal. It can only turn a refusal into an answer, never the other way round, and
// the query still runs in the read-only, locked-down session.
import type { DuckDBConnection } from '@duckdb/node-api';
import { refusalForFunction } from '../../sql/refused-functions.js';
import { pivotWithFixedColumnValues } from './duckdb-dynamic-pivot.js';
import { duckdbRules } from './duckdb-rules.js';

/**
 * PIVOT / UNPIVOT statements serialize when written as the subquery they are equivalent to; a PIVOT
 * whose columns are found at run time is checked in its fixed-list form (duckdb-dynamic-pivot.ts).
 */
const PIVOT_STATEMENT = /^\s*(?:PIVOT|UNPIVOT|PIVOT_WIDER|PIVOT_LONGER)\b/i;
/** A table name that DuckDB would read as a file through a replacement scan. */
const FILE_LIKE_TABLE = /[./\\:*]/;

interface SerializedSql {
  error?: boolean;
  statements?: unknown[];
}

export async function duckdbProvesPlainRead(connection: DuckDBConnection, sql: string, allowFileAccess: boolean): Promise<boolean> {
  const pivot = PIVOT_STATEMENT.test(sql) ? (pivotWithFixedColumnValues(sql) ?? sql) : null;
  const candidate = pivot === null ? sql : `SELECT * FROM (${pivot}\n)`;
  const reader = await connection.runAndReadAll('SELECT json_serialize_sql($1::VARCHAR)', [candidate]);
  const serialized = JSON.parse(String(reader.getRows()[0]?.[0] ?? '{}')) as SerializedSql;
  if (serialized.error !== false || serialized.statements?.length !== 1) return false;
  return treeIsPlainRead(serialized.statements[0], allowFileAccess);
}

function treeIsPlainRead(node: unknown, allowFileAccess: boolean): boolean {
  if (Array.isArray(node)) return node.every((item) => treeIsPlainRead(item, allowFileAccess));
  if (typeof node !== 'object' || node === null) return true;
  for (const [key, value] of Object.entries(node)) {
    if (key === 'function_name' && typeof value === 'string' && refusalForFunction(value, { rules: duckdbRules, allowFileAccess }) !== null) return false;
    if (key === 'table_name' && typeof value === 'string' && !allowFileAccess && FILE_LIKE_TABLE.test(value)) return false;
    if (!treeIsPlainRead(value, allowFileAccess)) return false;
  }
  return true;
}
