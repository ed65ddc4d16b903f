// The days each database's data covers, for the system prompt: without it the model reads "last
// quarter" against today's date and queries an empty period. Only where it is cheap to know:
// DuckDB tables up to a bounded size (a local columnar scan of one column), and PostgreSQL date
// columns that lead a B-tree index (min and max are then two index look-ups). Other dialects, and
// bigger tables, get no range rather than a scan of a warehouse.
import type { DatabaseAdapter } from '../databases/types.js';

export interface DataRange {
  /** `table` or `schema.table` as the prompt names tables. */
  table: string;
  column: string;
  /** First and last day, `YYYY-MM-DD`. */
  from: string;
  to: string;
}

interface DateColumn {
  schema: string;
  table: string;
  column: string;
}

/** Tables whose range is read, the biggest first: the fact tables people ask about. */
export const MAX_DATA_RANGE_TABLES = 6;
/** DuckDB tables above this many rows are not scanned for their range. */
export const MAX_DUCKDB_RANGE_ROWS = 20_000_000;
export const DATA_RANGE_TIMEOUT_MS = 5_000;

const DUCKDB_DATE_COLUMNS_SQL = `
SELECT c.schema_name, c.table_name, c.column_name
FROM duckdb_columns() c JOIN duckdb_tables() t USING (database_name, schema_name, table_name)
WHERE NOT c.internal AND c.database_name NOT IN ('system', 'temp')
  AND (c.data_type = 'DATE' OR c.data_type LIKE 'TIMESTAMP%')
  AND t.estimated_size <= ${MAX_DUCKDB_RANGE_ROWS}
ORDER BY t.estimated_size DESC, c.schema_name, c.table_name, c.column_index`;

const POSTGRES_INDEXED_DATE_COLUMNS_SQL = `
SELECT n.nspname, c.relname, a.attname
FROM pg_index i
JOIN pg_class c ON c.oid = i.indrelid
JOIN pg_class index_class ON index_class.oid = i.indexrelid
JOIN pg_am am ON am.oid = index_class.relam
JOIN pg_namespace n ON n.oid = c.relnamespace
JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum = i.indkey[0]
WHERE am.amname = 'btree' AND i.indpred IS NULL
  AND a.atttypid IN ('date'::regtype, 'timestamp'::regtype, 'timestamptz'::regtype)
  AND n.nspname NOT IN ('pg_catalog', 'information_schema') AND n.nspname NOT LIKE 'pg_toast%'
  AND has_table_privilege(c.oid, 'SELECT')
ORDER BY c.reltuples DESC, n.nspname, c.relname, a.attnum`;

const DATE_COLUMNS_SQL: Partial<Record<DatabaseAdapter['dialect'], string>> = {
  duckdb: DUCKDB_DATE_COLUMNS_SQL,
  postgres: POSTGRES_INDEXED_DATE_COLUMNS_SQL,
};

const DEFAULT_SCHEMAS = new Set(['main', 'public']);

function quoteIdentifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/** The first date column of each of the biggest tables, as far as the dialect tells cheaply. */
async function dateColumns(database: DatabaseAdapter, sql: string): Promise<DateColumn[]> {
  const result = await database.runQuery(sql, { rowCap: 1_000, timeoutMs: DATA_RANGE_TIMEOUT_MS });
  const columns: DateColumn[] = [];
  const seen = new Set<string>();
  for (const [schema, table, column] of result.rows) {
    const key = `${String(schema)}.${String(table)}`;
    if (seen.has(key)) continue;
    seen.add(key);
    columns.push({ schema: String(schema), table: String(table), column: String(column) });
    if (columns.length === MAX_DATA_RANGE_TABLES) break;
  }
  return columns;
}

async function rangeOf(database: DatabaseAdapter, column: DateColumn): Promise<DataRange | undefined> {
  const name = quoteIdentifier(column.column);
  const sql = `SELECT CAST(CAST(min(${name}) AS DATE) AS VARCHAR), CAST(CAST(max(${name}) AS DATE) AS VARCHAR) FROM ${quoteIdentifier(column.schema)}.${quoteIdentifier(column.table)}`;
  const result = await database.runQuery(sql, { rowCap: 1, timeoutMs: DATA_RANGE_TIMEOUT_MS });
  const [from, to] = result.rows[0] ?? [];
  if (typeof from !== 'string' || typeof to !== 'string') return undefined;
  const table = DEFAULT_SCHEMAS.has(column.schema) ? column.table : `${column.schema}.${column.table}`;
  return { table, column: column.column, from, to };
}

/** The data ranges of `database` where they are cheap to read; empty for other dialects. */
export async function findDataRanges(database: DatabaseAdapter): Promise<DataRange[]> {
  const sql = DATE_COLUMNS_SQL[database.dialect];
  if (!sql || database.requiresUserCredential) return [];
  const ranges: DataRange[] = [];
  for (const column of await dateColumns(database, sql)) {
    const range = await rangeOf(database, column);
    if (range) ranges.push(range);
  }
  return ranges;
}
