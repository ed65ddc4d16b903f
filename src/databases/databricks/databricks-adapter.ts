// Databricks SQL warehouse adapter (@databricks/sql, Thrift over HTTPS). One session per
// credential is opened on first use and kept; each query runs asynchronously on it with the
// warehouse's own statement timeout (queryTimeout), and its rows are read with fetchChunk until
// rowCap + 1 rows have arrived. A timeout or the caller's abort cancels the operation
// (CancelOperation), so the warehouse stops working.
//
// Credentials: a personal access token (access_token), OAuth machine-to-machine for a service
// principal (client_id + client_secret), or with auth_mode azure_entra_id the asker's own
// Microsoft Entra ID token for Azure Databricks (resource 2ff814a6-3304-4ab8-85cb-cd0e6f879c1d):
// then every person gets their own connection, so Unity Catalog grants and row filters apply to
// them, and a token the warehouse refuses becomes a sign-in request — the configured token is
// never used in its place. Read-only is the Unity Catalog grants' job (README).
import { readFileSync } from 'node:fs';
import { DBSQLClient } from '@databricks/sql';
import type { DatabaseConfig } from '../database-config.js';
import type { ConnectionTarget } from '../connection-failure-detail.js';
import { connectTimeoutMsOf, openWithinConnectTimeout } from '../connect-deadline.js';
import { DatabaseUnavailableError, QueryFailedError, QueryTimeoutError, UserCredentialRequiredError } from '../errors.js';
import { createStopSignal, cancellationError, startQueryDeadline } from '../query-deadline.js';
import { INTROSPECTION_ROW_CAP, INTROSPECTION_TIMEOUT_MS, schemaSummaryFromRows } from '../schema-summary.js';
import type { DatabaseAdapter, JsonValue, QueryColumn, QueryRows, RunQueryOptions, SchemaSummary, UserDatabaseCredential } from '../types.js';
import { type ClosablePool, UserPools } from '../user-pools.js';
import { databricksError, isRefusedCredential } from './databricks-errors.js';
import { refuseDuplicateColumnNames } from './databricks-column-names.js';
import { databricksValueConverter } from './databricks-values.js';

type IDBSQLSession = Awaited<ReturnType<DBSQLClient['openSession']>>;
type IOperation = Awaited<ReturnType<IDBSQLSession['executeStatement']>>;

/** Rows asked for per fetch. */
const PAGE_ROWS = 10_000;
/** The warehouse's queryTimeout normally ends the statement; the client-side cancel is only the backstop. */
const CANCEL_GRACE_MS = 1_000;
const DEFAULT_PORT = 443;

/** TTypeId (thrift/TCLIService_types) -> the Databricks type name shown for a column. */
const TYPE_NAMES: Record<number, string> = {
  0: 'boolean', 1: 'tinyint', 2: 'smallint', 3: 'int', 4: 'bigint', 5: 'float', 6: 'double', 7: 'string', 8: 'timestamp', 9: 'binary',
  10: 'array', 11: 'map', 12: 'struct', 15: 'decimal', 16: 'void', 17: 'date', 18: 'varchar', 19: 'char', 20: 'interval year to month', 21: 'interval day to second',
};

interface SchemaColumn {
  columnName: string;
  typeDesc: { types: { primitiveEntry?: { type: number; typeQualifiers?: { qualifiers?: Record<string, { i32Value?: number }> } } }[] };
}

/** One open client and session for one credential (the shared one, or one person's). */
class DatabricksConnection implements ClosablePool {
  private opening: Promise<{ client: DBSQLClient; session: IDBSQLSession }> | undefined;

  constructor(private readonly open: () => Promise<{ client: DBSQLClient; session: IDBSQLSession }>) {}

  async session(): Promise<IDBSQLSession> {
    this.opening ??= this.open();
    try {
      return (await this.opening).session;
    } catch (error) {
      // A failed connect is not kept: the next query tries again.
      this.opening = undefined;
      throw error;
    }
  }

  async end(): Promise<void> {
    const opened = await this.opening?.catch(() => undefined);
    this.opening = undefined;
    if (!opened) return;
    await opened.session.close().catch(() => undefined);
    await opened.client.close().catch(() => undefined);
  }
}

export class DatabricksAdapter implements DatabaseAdapter {
  readonly dialect = 'databricks' as const;
  readonly name: string;
  readonly allowsWrites: boolean;
  readonly allowsFileAccess = false;
  readonly requiresUserCredential: boolean;
  private shared: DatabricksConnection | undefined;
  private readonly userConnections: UserPools<DatabricksConnection>;
  private readonly caCertificate: string | undefined;

  constructor(private readonly config: DatabaseConfig) {
    this.name = config.name;
    this.allowsWrites = config.dangerously_allow_writes;
    this.requiresUserCredential = config.auth_mode === 'azure_entra_id';
    this.caCertificate = config.ssl_ca_path ? readFileSync(config.ssl_ca_path, 'utf8') : undefined;
    this.userConnections = new UserPools((credential) => new DatabricksConnection(() => this.connectWithin({ authType: 'access-token', token: credential.accessToken })));
  }

  async runQuery(sql: string, options: RunQueryOptions): Promise<QueryRows> {
    options.signal?.throwIfAborted();
    const connection = this.connectionFor(options.credential);
    const startedAt = performance.now();
    let operation: IOperation | undefined;
    const { stopped, stop } = createStopSignal();
    const deadline = startQueryDeadline({
      cancelAfterMs: options.timeoutMs + CANCEL_GRACE_MS,
      signal: options.signal,
      cancel: (reason) => {
        void operation?.cancel().catch(() => undefined);
        stop(cancellationError(reason, options.timeoutMs, options.signal));
      },
    });
    try {
      const session = await Promise.race([connection.session(), stopped]);
      const started = session.executeStatement(sql, { runAsync: true, maxRows: null, queryTimeout: Math.max(1, Math.ceil(options.timeoutMs / 1000)) });
      // Stopped before the warehouse answered: cancel the operation once it exists.
      started.then((late: IOperation) => deadline.reason && !operation && void late.cancel().catch(() => undefined), () => undefined);
      operation = await Promise.race([started, stopped]);
      const result = await Promise.race([this.readRows(operation, options.rowCap), stopped]);
      return { ...result, rowCount: result.rows.length, durationMs: performance.now() - startedAt };
    } catch (error) {
      if (deadline.reason) throw cancellationError(deadline.reason, options.timeoutMs, options.signal);
      if (error instanceof QueryFailedError || error instanceof QueryTimeoutError || error instanceof DatabaseUnavailableError) throw error;
      if (options.credential && isRefusedCredential(error)) {
        // The asker's token was refused (expired or revoked since it was issued): forget their
        // connection and ask them to sign in again. The configured credential is never tried.
        await this.userConnections.closeAll();
        throw new UserCredentialRequiredError(this.name);
      }
      if (isRefusedCredential(error)) await this.resetShared();
      throw databricksError(error, this.name, this.target(options.credential), options.timeoutMs);
    } finally {
      deadline.clear();
      if (operation && !deadline.reason) void operation.close().catch(() => undefined);
    }
  }

  async introspect(): Promise<SchemaSummary> {
    if (this.requiresUserCredential) throw new UserCredentialRequiredError(this.name);
    // Unity Catalog: tables are catalog.schema.table, so the schema shown is catalog.schema.
    const view = this.config.catalog ? `\`${this.config.catalog.replaceAll('`', '``')}\`.information_schema.columns` : 'system.information_schema.columns';
    const sql = `SELECT concat(table_catalog, '.', table_schema) AS table_schema, table_name, column_name, data_type FROM ${view} WHERE table_schema <> 'information_schema' ORDER BY table_catalog, table_schema, table_name, ordinal_position`;
    const result = await this.runQuery(sql, { rowCap: INTROSPECTION_ROW_CAP, timeoutMs: INTROSPECTION_TIMEOUT_MS });
    return schemaSummaryFromRows(result.rows);
  }

  async close(): Promise<void> {
    await this.resetShared();
    await this.userConnections.closeAll();
  }

  private async readRows(operation: IOperation, rowCap: number): Promise<{ columns: QueryColumn[]; rows: JsonValue[][]; truncated: boolean }> {
    const schema = (await operation.getSchema()) as { columns?: SchemaColumn[] } | null;
    const schemaColumns = schema?.columns ?? [];
    const columns = schemaColumns.map((column) => ({ name: column.columnName, type: typeName(column) }));
    refuseDuplicateColumnNames(columns.map((column) => column.name));
    const converters = columns.map((column) => databricksValueConverter(column));
    const rows: JsonValue[][] = [];
    while (true) {
      const chunk = (await operation.fetchChunk({ maxRows: Math.min(PAGE_ROWS, rowCap + 1 - rows.length), disableBuffering: true })) as Record<string, unknown>[];
      for (const record of chunk) {
        if (rows.length === rowCap) {
          void operation.cancel().catch(() => undefined);
          return { columns, rows, truncated: true };
        }
        rows.push(columns.map((column, index) => converters[index]!(record[column.name])));
      }
      if (!(await operation.hasMoreRows())) return { columns, rows, truncated: false };
    }
  }

  private connectionFor(credential: UserDatabaseCredential | undefined): DatabricksConnection {
    if (this.requiresUserCredential) {
      if (!credential) throw new UserCredentialRequiredError(this.name);
      return this.userConnections.poolFor(credential);
    }
    this.shared ??= new DatabricksConnection(() => this.connectWithin(this.sharedAuthentication()));
    return this.shared;
  }

  private sharedAuthentication(): Parameters<DBSQLClient['connect']>[0] extends infer Options ? Partial<Options> : never {
    if (this.config.client_id && this.config.client_secret) {
      return { authType: 'databricks-oauth', oauthClientId: this.config.client_id, oauthClientSecret: this.config.client_secret };
    }
    return { authType: 'access-token', token: this.config.access_token ?? '' };
  }

  /** Client and session within connect_timeout; a pair that opens after the deadline is closed. */
  private connectWithin(authentication: object): Promise<{ client: DBSQLClient; session: IDBSQLSession }> {
    const target = { databaseName: this.name, where: `${this.config.server_hostname}:${this.config.port ?? DEFAULT_PORT}`, timeoutMs: connectTimeoutMsOf(this.config) };
    return openWithinConnectTimeout(target, () => this.connect(authentication), (late) => late.client.close());
  }

  private async connect(authentication: object): Promise<{ client: DBSQLClient; session: IDBSQLSession }> {
    // The driver logs to stdout by default; datathread's own log says what matters.
    const client = new DBSQLClient({ logger: { log: () => undefined } });
    // The driver reports connection errors as events too; they reach the caller as rejections.
    client.on('error', () => undefined);
    await client.connect({
      host: this.config.server_hostname!,
      port: this.config.port ?? DEFAULT_PORT,
      path: this.config.http_path!,
      userAgentEntry: 'datathread',
      telemetryEnabled: false,
      preserveBigNumericPrecision: true,
      retryMaxAttempts: 1,
      ...(this.caCertificate ? { customCaCert: this.caCertificate } : {}),
      ...(authentication as { token: string }),
    });
    try {
      const session = await client.openSession({
        ...(this.config.catalog ? { initialCatalog: this.config.catalog } : {}),
        ...(this.config.schema_name ? { initialSchema: this.config.schema_name } : {}),
      });
      return { client, session };
    } catch (error) {
      await client.close().catch(() => undefined);
      throw error;
    }
  }

  private async resetShared(): Promise<void> {
    const shared = this.shared;
    this.shared = undefined;
    await shared?.end();
  }

  private target(credential: UserDatabaseCredential | undefined): ConnectionTarget {
    return { host: this.config.server_hostname, port: this.config.port ?? DEFAULT_PORT, secrets: [this.config.access_token, this.config.client_secret, credential?.accessToken] };
  }
}

function typeName(column: SchemaColumn): string {
  const entry = column.typeDesc.types[0]?.primitiveEntry;
  const name = entry ? (TYPE_NAMES[entry.type] ?? 'string') : 'string';
  const qualifiers = entry?.typeQualifiers?.qualifiers;
  if (name === 'decimal' && qualifiers?.precision?.i32Value !== undefined) return `decimal(${qualifiers.precision.i32Value},${qualifiers.scale?.i32Value ?? 0})`;
  return name;
}
