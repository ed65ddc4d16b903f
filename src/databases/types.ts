// The contract every database adapter fulfils. Rows travel as arrays (aligned with `columns`),
// which keeps memory low and survives duplicate column names such as `a.id, b.id`.

import type { Dialect } from './dialects.js';

export type { Dialect } from './dialects.js';

/** A value that JSON can carry unchanged: what adapters hand out after normalisation. */
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

export interface QueryColumn {
  name: string;
  /** The database's own type name, lower case (`integer`, `varchar`, `timestamp with time zone`). */
  type: string;
}

export interface QueryRows {
  columns: QueryColumn[];
  rows: JsonValue[][];
  /** Rows the database produced that we looked at (equals rows.length unless truncated). */
  rowCount: number;
  /** True when the row cap stopped reading before the result ended. */
  truncated: boolean;
  durationMs: number;
  /** Data the query scanned, where the warehouse bills or limits by it (BigQuery's dry-run estimate, Athena's scanned bytes). */
  bytesScanned?: BytesScanned;
}

export interface BytesScanned {
  bytes: number;
  /** True for an estimate made before the query ran (BigQuery's dry run). */
  estimated: boolean;
}

/** The person a federated query runs as (federated databases); absent for shared-credential databases. */
export interface UserDatabaseCredential {
  userName: string;
  accessToken: string;
}

export interface RunQueryOptions {
  rowCap: number;
  timeoutMs: number;
  signal?: AbortSignal;
  credential?: UserDatabaseCredential;
}

export interface ColumnSummary {
  name: string;
  type: string;
}

export interface TableSummary {
  schema: string;
  name: string;
  columns: ColumnSummary[];
}

export interface SchemaSummary {
  tables: TableSummary[];
}

export interface DatabaseAdapter {
  readonly name: string;
  readonly dialect: Dialect;
  /** True when the config set `dangerously_allow_writes`: the read-only layers are lifted. */
  readonly allowsWrites: boolean;
  /** DuckDB `allow_file_access`: the gate then lets file readers (read_csv, ...) through. */
  readonly allowsFileAccess: boolean;
  /** True when queries must run with the asking user's own token (`auth_mode: azure_entra_id`). */
  readonly requiresUserCredential: boolean;
  runQuery(sql: string, options: RunQueryOptions): Promise<QueryRows>;
  /**
   * The engine's own verdict on SQL the statement gate could not parse: true only when the engine
   * proves it is one plain read calling no refused function. Absent where no engine check exists.
   */
  provesPlainRead?(sql: string, allowFileAccess: boolean): Promise<boolean>;
  introspect(): Promise<SchemaSummary>;
  close(): Promise<void>;
}
