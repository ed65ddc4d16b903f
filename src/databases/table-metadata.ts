// What `datathread sync` learns about one table from a warehouse's own catalog (and dbt), in
// neutral terms: each dialect's catalog reader fills it, the file writer and the search index
// read it. No dialect or file-format knowledge in here.
import type { DatabaseConfig } from './database-config.js';
import type { DatabaseAdapter, JsonValue } from './types.js';

export type TableKind = 'table' | 'view' | 'materialized view';

export interface ForeignKeyReference {
  /** `schema.table` of the referenced table. */
  table: string;
  column: string;
}

export interface ColumnMetadata {
  name: string;
  /** The engine's own type name, lower case. */
  type: string;
  /** Undefined where the engine does not say. */
  nullable?: boolean | undefined;
  /** The warehouse's own comment (or dbt's description when the warehouse has none). */
  comment?: string | undefined;
  primaryKey?: boolean | undefined;
  foreignKey?: ForeignKeyReference | undefined;
  /** Most frequent values of a low-cardinality text column (at most 20, each at most 60 characters). */
  frequentValues?: string[] | undefined;
  /** True when `sync.exclude_columns` matched: never sampled, and the file says so. */
  excludedFromSampling?: boolean | undefined;
  /** dbt column tests as hints: `unique`, `not_null`, `accepted_values: a, b`. */
  dbtTests?: string[] | undefined;
}

export interface TableMetadata {
  schema: string;
  name: string;
  kind: TableKind;
  /** The warehouse's own table comment. */
  comment?: string | undefined;
  /** Where the engine keeps a cheap estimate (statistics, not a COUNT(*)). */
  approximateRowCount?: number | undefined;
  columns: ColumnMetadata[];
  /** Columns (or expressions) the engine sorts the data by (ClickHouse ORDER BY): filters on them are cheap. */
  sortingKey?: string[] | undefined;
  /** The dbt model built into this table (`model.shop.revenue_daily`), with its description. */
  dbtModel?: { uniqueId: string; description?: string | undefined } | undefined;
}

/** One catalog query's rows as objects keyed by lower-cased column name. */
export type CatalogRow = Record<string, JsonValue>;

export type CatalogQueryRunner = (sql: string) => Promise<CatalogRow[]>;

/** A dialect's reading of its own catalog; lives in `src/databases/<dialect>/<dialect>-catalog.ts`. */
export interface CatalogReader {
  /** False for an engine without table/column comments: the sync report says so once. */
  readonly commentsAvailable: boolean;
  /**
   * A short text that changes whenever anything `readTables` would return changes, found far more
   * cheaply than reading it (one query, or none). Absent where the dialect has no such thing: every
   * sync then reads the whole catalog.
   */
  /** The connection settings sync opens the database with, where the catalog read needs other ones than queries (less memory). */
  syncConnection?(config: DatabaseConfig): DatabaseConfig;
  fingerprint?(run: CatalogQueryRunner, config: DatabaseConfig): Promise<string | undefined>;
  /** Every table and view the connection can see outside system schemas, with columns, comments and keys where known. */
  readTables(run: CatalogQueryRunner): Promise<TableMetadata[]>;
}

const CATALOG_ROW_CAP = 1_000_000;
const CATALOG_TIMEOUT_MS = 120_000;

/** Runs catalog SQL through the adapter's own read-only path, rows keyed by lower-cased column name. */
export function catalogQueryRunner(adapter: DatabaseAdapter, timeoutMs = CATALOG_TIMEOUT_MS): CatalogQueryRunner {
  return async (sql) => {
    const result = await adapter.runQuery(sql, { rowCap: CATALOG_ROW_CAP, timeoutMs });
    const names = result.columns.map((column) => column.name.toLowerCase());
    const rows: CatalogRow[] = new Array(result.rows.length);
    // Each row array is let go once its object is made: 100,000 columns held twice cost tens of MB.
    for (let index = 0; index < result.rows.length; index += 1) {
      const row = result.rows[index]!;
      rows[index] = Object.fromEntries(names.map((name, position) => [name, row[position] ?? null]));
      result.rows[index] = [];
    }
    return rows;
  };
}
