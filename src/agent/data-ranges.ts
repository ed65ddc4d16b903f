// The days each database's data covers, for the system prompt: without it the model reads "last
// quarter" against today's date and queries an empty period. Only where it is cheap to know:
// DuckDB tables up to a bounded size (a local columnar scan of one column), and PostgreSQL and
// MySQL/MariaDB date columns that lead a B-tree index (min and max are then two index look-ups).
// Other dialects, and bigger tables, get no range rather than a scan of a warehouse.
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

const MYSQL_INDEXED_DATE_COLUMNS_SQL = `
SELECT s.TABLE_SCHEMA, s.TABLE_NAME, s.COLUMN_NAME
FROM information_schema.STATISTICS s
JOIN information_schema.COLUMNS c ON c.TABLE_SCHEMA = s.TABLE_SCHEMA AND c.TABLE_NAME = s.TABLE_NAME AND c.COLUMN_NAME = s.COLUMN_NAME
JOIN information_schema.TABLES t ON t.TABLE_SCHEMA = s.TABLE_SCHEMA AND t.TABLE_NAME = s.TABLE_NAME
WHERE s.TABLE_SCHEMA = DATABASE() AND s.SEQ_IN_INDEX = 1 AND s.INDEX_TYPE = 'BTREE'
  AND c.DATA_TYPE IN ('date', 'datetime', 'timestamp')
ORDER BY t.TABLE_ROWS DESC, s.TABLE_NAME, c.ORDINAL_POSITION`;

interface DataRangeProbe {
  /** (schema, table, column) rows: the date columns whose min and max are cheap, biggest tables first. */
  dateColumnsSql: string;
  quoteIdentifier(name: string): string;
}

const doubleQuoted = (name: string) => `"${name.replaceAll('"', '""')}"`;
const backQuoted = (name: string) => `\`${name.replaceAll('`', '``')}\``;

const PROBES: Partial<Record<DatabaseAdapter['dialect'], DataRangeProbe>> = {
  duckdb: { dateColumnsSql: DUCKDB_DATE_COLUMNS_SQL, quoteIdentifier: doubleQuoted },
  postgres: { dateColumnsSql: POSTGRES_INDEXED_DATE_COLUMNS_SQL, quoteIdentifier: doubleQuoted },
  mysql: { dateColumnsSql: MYSQL_INDEXED_DATE_COLUMNS_SQL, quoteIdentifier: backQuoted },
};

const DEFAULT_SCHEMAS = new Set(['main', 'public']);
const ISO_DAY_PREFIX = /^\d{4}-\d{2}-\d{2}/;

/** Adapters hand out dates and timestamps as ISO-like text; the day is its first ten characters. */
function dayOf(value: unknown): string | undefined {
  return typeof value === 'string' && ISO_DAY_PREFIX.test(value) ? value.slice(0, 10) : undefined;
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

async function rangeOf(database: DatabaseAdapter, probe: DataRangeProbe, column: DateColumn): Promise<DataRange | undefined> {
  const name = probe.quoteIdentifier(column.column);
  const sql = `SELECT min(${name}), max(${name}) FROM ${probe.quoteIdentifier(column.schema)}.${probe.quoteIdentifier(column.table)}`;
  const result = await database.runQuery(sql, { rowCap: 1, timeoutMs: DATA_RANGE_TIMEOUT_MS });
  const [first, last] = result.rows[0] ?? [];
  const from = dayOf(first);
  const to = dayOf(last);
  if (!from || !to) return undefined;
  const table = DEFAULT_SCHEMAS.has(column.schema) ? column.table : `${column.schema}.${column.table}`;
  return { table, column: column.column, from, to };
}

/** The data ranges of `database` where they are cheap to read; empty for other dialects. */
export async function findDataRanges(database: DatabaseAdapter): Promise<DataRange[]> {
  const probe = PROBES[database.dialect];
  if (!probe || database.requiresUserCredential) return [];
  const ranges: DataRange[] = [];
  for (const column of await dateColumns(database, probe.dateColumnsSql)) {
    const range = await rangeOf(database, probe, column);
    if (range) ranges.push(range);
  }
  return ranges;
}
