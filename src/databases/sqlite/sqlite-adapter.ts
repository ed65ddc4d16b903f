// SQLite adapter. The file opens with OPEN_READONLY (never OPEN_CREATE), `PRAGMA query_only = 1`
// is set, and ATTACH is disabled (limit of 0 attached databases). Rows are read in batches and
// reading stops after rowCap + 1, so a huge result is never materialised.
//
// The `sqlite3` package hands rows over as objects keyed by column name and does not expose a
// statement's columns; a query is therefore described through a view first
// (sqlite-result-columns.ts), which gives every column, in order, even when names repeat or the
// result is empty, with the declared type of columns read straight from a table (expressions get
// a type inferred from their values: integer, real, text, blob, null). The package turns integers
// into doubles; reading through the view hands those past 2^53 over as their digits instead.
// Statements that cannot be described (PRAGMA, EXPLAIN) run as they are, columns taken from the
// keys of their first row.
import sqlite3 from 'sqlite3';
import type { DatabaseConfig } from '../database-config.js';
import { DatabaseUnavailableError, QueryFailedError } from '../errors.js';
import { normalizeValue } from '../normalize-value.js';
import { cancellationError, openUnlessAborted, startQueryDeadline } from '../query-deadline.js';
import { connectTimeoutMsOf, openWithinConnectTimeout } from '../connect-deadline.js';
import { runWithThreadpoolSlot } from '../threadpool-query-slot.js';
import { INTROSPECTION_ROW_CAP, INTROSPECTION_TIMEOUT_MS, schemaSummaryFromRows } from '../schema-summary.js';
import { closeSqlite, execSqlite, finalizeSqlite, openSqlite, readSqliteRows, prepareSqlite } from './sqlite-connection.js';
import { createResultView, describeResultView, type SqliteResultColumn } from './sqlite-result-columns.js';
import type { DatabaseAdapter, JsonValue, QueryColumn, QueryRows, RunQueryOptions, SchemaSummary } from '../types.js';
import { errorMessage } from '../../support/errors.js';

const BUSY_TIMEOUT_MS = 5_000;

/**
 * db.interrupt() only stops statements running at that moment: a cancel that lands while the
 * connection opens, or between two of the query's statements, would be lost and the query would
 * then run to its end. Once cancelled, the connection is interrupted again at this interval until
 * the query has ended.
 */
const INTERRUPT_REPEAT_MS = 10;

const INTROSPECTION_SQL = `
SELECT 'main' AS schema_name, m.name AS table_name, p.name AS column_name, lower(p.type) AS column_type
FROM sqlite_schema AS m
JOIN pragma_table_info(m.name) AS p
WHERE m.type IN ('table', 'view') AND m.name NOT LIKE 'sqlite\\_%' ESCAPE '\\'
ORDER BY m.name, p.cid`;

function inferredType(values: unknown[]): string {
  const sample = values.find((value) => value !== null && value !== undefined);
  if (sample === undefined) return 'null';
  if (typeof sample === 'number') return Number.isInteger(sample) ? 'integer' : 'real';
  if (typeof sample === 'string') return 'text';
  if (sample instanceof Uint8Array) return 'blob';
  return typeof sample;
}

/** For statements that cannot be described (PRAGMA, EXPLAIN): the keys of the first row. */
function columnsOfFirstRow(objects: Record<string, unknown>[]): SqliteResultColumn[] {
  return Object.keys(objects[0] ?? {}).map((name) => ({ name, key: name, declaredType: '' }));
}

function errorCode(error: unknown): unknown {
  return typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
}

export class SqliteAdapter implements DatabaseAdapter {
  readonly dialect = 'sqlite' as const;
  readonly name: string;
  readonly allowsWrites: boolean;
  readonly allowsFileAccess = false;
  readonly requiresUserCredential = false;
  private readonly openDatabases = new Set<sqlite3.Database>();
  private closed = false;

  constructor(private readonly config: DatabaseConfig) {
    this.name = config.name;
    this.allowsWrites = config.dangerously_allow_writes;
  }

  runQuery(sql: string, options: RunQueryOptions): Promise<QueryRows> {
    return runWithThreadpoolSlot(options, (slotOptions) => this.runQueryInSlot(sql, slotOptions));
  }

  /** The query itself, once it holds a threadpool slot (threadpool-query-slot.ts says why). */
  private async runQueryInSlot(sql: string, options: RunQueryOptions): Promise<QueryRows> {
    options.signal?.throwIfAborted();
    const startedAt = performance.now();
    const discard = (opened: sqlite3.Database) => {
      this.openDatabases.delete(opened);
      return closeSqlite(opened);
    };
    // A local file normally opens at once; connect_timeout bounds a file on a network mount that hangs.
    const connectTarget = { databaseName: this.name, where: this.config.path ?? '', timeoutMs: connectTimeoutMsOf(this.config) };
    const database = await openUnlessAborted(options.signal, () => openWithinConnectTimeout(connectTarget, () => this.open(), discard), discard);
    let interrupting: NodeJS.Timeout | undefined;
    const interrupt = () => {
      database.interrupt();
      interrupting ??= setInterval(() => database.interrupt(), INTERRUPT_REPEAT_MS);
    };
    const deadline = startQueryDeadline({ cancelAfterMs: options.timeoutMs, signal: options.signal, cancel: interrupt });
    let statement: sqlite3.Statement | undefined;
    try {
      const viewCreated = await createResultView(database, sql);
      if (!this.allowsWrites) await execSqlite(database, 'PRAGMA query_only = 1');
      const described = viewCreated ? await describeResultView(database) : undefined;
      statement = await prepareSqlite(database, described?.sql ?? sql);
      const { rows: objects, truncated } = await readSqliteRows(database, statement, options.rowCap);
      const resultColumns = described?.columns ?? columnsOfFirstRow(objects);
      const columns: QueryColumn[] = resultColumns.map((column) => ({
        name: column.name,
        type: column.declaredType || inferredType(objects.map((row) => row[column.key])),
      }));
      const rows: JsonValue[][] = objects.map((row) => resultColumns.map((column) => normalizeValue(row[column.key])));
      return { columns, rows, rowCount: rows.length, truncated, durationMs: performance.now() - startedAt };
    } catch (error) {
      if (deadline.reason && errorCode(error) === 'SQLITE_INTERRUPT') throw cancellationError(deadline.reason, options.timeoutMs, options.signal);
      throw new QueryFailedError(errorMessage(error).replace(/^SQLITE_\w+: /, ''), { cause: error });
    } finally {
      deadline.clear();
      clearInterval(interrupting);
      if (statement) await finalizeSqlite(statement);
      this.openDatabases.delete(database);
      await closeSqlite(database);
    }
  }

  async introspect(): Promise<SchemaSummary> {
    const result = await this.runQuery(INTROSPECTION_SQL, { rowCap: INTROSPECTION_ROW_CAP, timeoutMs: INTROSPECTION_TIMEOUT_MS });
    return schemaSummaryFromRows(result.rows);
  }

  async close(): Promise<void> {
    this.closed = true;
    const databases = [...this.openDatabases];
    this.openDatabases.clear();
    for (const database of databases) database.interrupt();
    await Promise.all(databases.map((database) => closeSqlite(database)));
  }

  private async open(): Promise<sqlite3.Database> {
    if (this.closed) throw new DatabaseUnavailableError(this.name, 'the adapter was closed');
    const path = this.config.path ?? '';
    const mode = this.allowsWrites ? sqlite3.OPEN_READWRITE : sqlite3.OPEN_READONLY;
    let database: sqlite3.Database;
    try {
      database = await openSqlite(path, mode);
    } catch (error) {
      const missing = errorCode(error) === 'SQLITE_CANTOPEN';
      throw new DatabaseUnavailableError(this.name, missing ? `the SQLite file ${path} does not exist or cannot be opened` : String(error), { cause: error });
    }
    this.openDatabases.add(database);
    database.configure('busyTimeout', BUSY_TIMEOUT_MS);
    if (!this.allowsWrites) {
      // ATTACH would open a second file with its own rules; allow none.
      database.configure('limit', sqlite3.LIMIT_ATTACHED, 0);
      // `PRAGMA query_only = 1` follows in runQuery, once the describing view exists.
    }
    return database;
  }
}
