// DuckDB adapter. The file opens READ_ONLY; then, before any query, file system access is switched
// off (no COPY TO, read_csv('/etc/passwd'), ATTACH or INSTALL) and the configuration is locked so
// a query cannot switch it back. Each query has a connection to itself (a few clean ones are kept
// for reuse), so an interrupt() for one timeout never hits another thread's query, and results
// are read chunk by chunk from a stream. memory_limit and threads bound each instance
// (duckdb-resource-limits.ts) so one query cannot take the process's memory.
import { access } from 'node:fs/promises';
import { DuckDBInstance, type DuckDBConnection, type DuckDBDataChunk } from '@duckdb/node-api';
import type { DatabaseConfig } from '../database-config.js';
import { converterForType, passThrough, type ColumnConverter } from './duckdb-column-converters.js';
import { duckdbProvesPlainRead } from './duckdb-plain-read.js';
import { duckDbResourceLimits, explainOutOfMemory, type DuckDbResourceLimits } from './duckdb-resource-limits.js';
import { DatabaseUnavailableError, QueryFailedError } from '../errors.js';
import { cancellationError, openUnlessAborted, startQueryDeadline } from '../query-deadline.js';
import { connectTimeoutMsOf, openWithinConnectTimeout } from '../connect-deadline.js';
import { runWithThreadpoolSlot } from '../threadpool-query-slot.js';
import { INTROSPECTION_ROW_CAP, INTROSPECTION_TIMEOUT_MS, schemaSummaryFromRows } from '../schema-summary.js';
import type { DatabaseAdapter, JsonValue, QueryRows, RunQueryOptions, SchemaSummary } from '../types.js';
import { errorMessage } from '../../support/errors.js';

const IN_MEMORY = ':memory:';
const MAX_IDLE_CONNECTIONS = 4;

const INTROSPECTION_SQL = `
SELECT schema_name, table_name, column_name, lower(data_type)
FROM duckdb_columns()
WHERE NOT internal AND database_name NOT IN ('system', 'temp')
ORDER BY schema_name, table_name, column_index`;

export class DuckDBAdapter implements DatabaseAdapter {
  readonly dialect = 'duckdb' as const;
  readonly name: string;
  readonly allowsWrites: boolean;
  readonly allowsFileAccess: boolean;
  readonly requiresUserCredential = false;
  private instance: Promise<DuckDBInstance> | undefined;
  private readonly openConnections = new Set<DuckDBConnection>();
  private readonly idleConnections: DuckDBConnection[] = [];
  private readonly limits: DuckDbResourceLimits;

  constructor(private readonly config: DatabaseConfig) {
    this.name = config.name;
    this.limits = duckDbResourceLimits(config);
    this.allowsWrites = config.dangerously_allow_writes;
    this.allowsFileAccess = config.allow_file_access || config.dangerously_allow_writes;
  }

  runQuery(sql: string, options: RunQueryOptions): Promise<QueryRows> {
    return runWithThreadpoolSlot(options, (slotOptions) => this.runQueryInSlot(sql, slotOptions));
  }

  /** The query itself, once it holds a threadpool slot (threadpool-query-slot.ts says why). */
  private async runQueryInSlot(sql: string, options: RunQueryOptions): Promise<QueryRows> {
    options.signal?.throwIfAborted();
    const startedAt = performance.now();
    // A local file normally opens at once; connect_timeout bounds a file on a network mount that hangs.
    const connection = await openUnlessAborted(
      options.signal,
      () => openWithinConnectTimeout({ databaseName: this.name, where: this.config.path ?? ':memory:', timeoutMs: connectTimeoutMsOf(this.config) }, () => this.connect(), (late) => this.release(late)),
      (opened) => this.release(opened),
    );
    let reusable = false;
    const deadline = startQueryDeadline({ cancelAfterMs: options.timeoutMs, signal: options.signal, cancel: () => connection.interrupt() });
    try {
      const result = await connection.stream(sql);
      const columns = result.columnNames().map((name, index) => ({ name, type: result.columnType(index).toString().toLowerCase() }));
      const converters = result.columnNames().map((_name, index) => converterForType(result.columnType(index)));
      const rows: JsonValue[][] = [];
      let truncated = false;
      // Streaming: each fetchChunk() makes DuckDB produce the next vector (2048 rows) and no more,
      // so stopping here leaves the rest of a huge result uncomputed.
      while (!truncated) {
        const chunk = await result.fetchChunk();
        if (!chunk || chunk.rowCount === 0) break;
        const room = options.rowCap - rows.length;
        if (chunk.rowCount > room) truncated = true;
        const take = Math.min(chunk.rowCount, Math.max(0, room));
        appendChunkRows(rows, chunk, take, converters);
      }
      // A fully read result leaves the connection clean; a truncated stream or an error does not.
      reusable = !truncated;
      return { columns, rows, rowCount: rows.length, truncated, durationMs: performance.now() - startedAt };
    } catch (error) {
      if (deadline.reason) throw cancellationError(deadline.reason, options.timeoutMs, options.signal);
      const explained = explainOutOfMemory(error, this.name, this.limits);
      throw explained instanceof QueryFailedError ? explained : new QueryFailedError(errorMessage(error), { cause: error });
    } finally {
      deadline.clear();
      if (reusable && !deadline.reason) this.release(connection);
      else this.disconnect(connection);
    }
  }

  async introspect(): Promise<SchemaSummary> {
    const result = await this.runQuery(INTROSPECTION_SQL, { rowCap: INTROSPECTION_ROW_CAP, timeoutMs: INTROSPECTION_TIMEOUT_MS });
    return schemaSummaryFromRows(result.rows);
  }

  async close(): Promise<void> {
    const instance = this.instance;
    this.instance = undefined;
    this.idleConnections.length = 0;
    for (const connection of this.openConnections) this.disconnect(connection);
    if (instance) (await instance.catch(() => undefined))?.closeSync();
  }

  async provesPlainRead(sql: string, allowFileAccess: boolean): Promise<boolean> {
    const connection = await this.connect();
    try {
      return await duckdbProvesPlainRead(connection, sql, allowFileAccess && this.allowsFileAccess);
    } finally {
      this.release(connection);
    }
  }

  private async connect(): Promise<DuckDBConnection> {
    const idle = this.idleConnections.pop();
    if (idle) return idle;
    const instance = await this.open();
    const connection = await instance.connect();
    this.openConnections.add(connection);
    return connection;
  }

  /** Keeps a clean connection for the next query (one query per connection at a time). */
  private release(connection: DuckDBConnection): void {
    if (this.instance && this.idleConnections.length < MAX_IDLE_CONNECTIONS) this.idleConnections.push(connection);
    else this.disconnect(connection);
  }

  private disconnect(connection: DuckDBConnection): void {
    this.openConnections.delete(connection);
    connection.disconnectSync();
  }

  private open(): Promise<DuckDBInstance> {
    if (!this.instance) {
      this.instance = this.openInstance();
      // A failed open (missing file) must be retried next time, not remembered forever.
      this.instance.catch(() => {
        this.instance = undefined;
      });
    }
    return this.instance;
  }

  private async openInstance(): Promise<DuckDBInstance> {
    const path = this.config.path ?? IN_MEMORY;
    const inMemory = path === IN_MEMORY;
    if (!inMemory) {
      try {
        await access(path);
      } catch {
        throw new DatabaseUnavailableError(this.name, `the DuckDB file ${path} does not exist`);
      }
    }
    // DuckDB cannot open an in-memory database read-only; it is empty and private anyway.
    const options: Record<string, string> = {
      ...(this.allowsWrites || inMemory ? {} : { access_mode: 'READ_ONLY' }),
      memory_limit: this.limits.memoryLimit,
      threads: String(this.limits.threads),
    };
    let instance: DuckDBInstance;
    try {
      instance = await DuckDBInstance.create(path, options);
    } catch (error) {
      throw new DatabaseUnavailableError(this.name, errorMessage(error), { cause: error });
    }
    try {
      await this.lockDown(instance);
    } catch (error) {
      instance.closeSync();
      throw new DatabaseUnavailableError(this.name, `could not apply the read-only settings: ${String(error)}`, { cause: error });
    }
    return instance;
  }

  private async lockDown(instance: DuckDBInstance): Promise<void> {
    const connection = await instance.connect();
    try {
      if (this.config.schema_name) await connection.run(`SET GLOBAL search_path = '${this.config.schema_name.replaceAll("'", "''")}'`);
      if (this.allowsWrites) return;
      if (!this.config.allow_file_access) await connection.run('SET enable_external_access = false');
      await connection.run('SET allow_community_extensions = false');
      await connection.run('SET autoinstall_known_extensions = false');
      // Last: after this no SET of a global option succeeds, so a query cannot undo the above.
      await connection.run('SET lock_configuration = true');
    } finally {
      connection.disconnectSync();
    }
  }
}

/**
 * Column-major reads are the cheapest way out of a DuckDB vector. The rows are allocated first and
 * filled one column at a time, so each inner loop calls a single converter (a call site V8 can
 * inline) and a column whose values are already JSON is copied without any call.
 */
function appendChunkRows(rows: JsonValue[][], chunk: DuckDBDataChunk, take: number, converters: readonly ColumnConverter[]): void {
  const columnCount = converters.length;
  const first = rows.length;
  for (let rowIndex = 0; rowIndex < take; rowIndex += 1) rows.push(new Array<JsonValue>(columnCount));
  for (let columnIndex = 0; columnIndex < columnCount; columnIndex += 1) {
    const values = chunk.getColumnValues(columnIndex);
    const convert = converters[columnIndex]!;
    if (convert === passThrough) {
      for (let rowIndex = 0; rowIndex < take; rowIndex += 1) rows[first + rowIndex]![columnIndex] = (values[rowIndex] ?? null) as JsonValue;
    } else {
      for (let rowIndex = 0; rowIndex < take; rowIndex += 1) rows[first + rowIndex]![columnIndex] = convert(values[rowIndex] ?? null);
    }
  }
}
