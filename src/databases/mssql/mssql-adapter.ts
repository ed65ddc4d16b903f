// SQL Server family adapter (SQL Server, Azure SQL, Fabric, Synapse) over tedious, the pure
// JavaScript TDS driver. Each query gets its own connection, opened with the asker's own Entra
// access token (auth_mode azure_entra_id: the on-behalf-of token for
// https://database.windows.net/.default, sent in LOGIN7's FEDAUTH feature) or the configured SQL
// login, and closed afterwards, so one person's session is never reused for another.
//
// Read-only layers: the statement gate first; then every query runs inside a transaction at READ
// COMMITTED that is always rolled back, so even a write that got past the gate leaves nothing
// behind; readOnlyIntent sends reads to a readable secondary of an availability group where there
// is one (and makes Azure SQL / Fabric refuse writes on it). The login's own rights remain the
// real boundary: use a login that can only read (README).
//
// Rows arrive as TDS ROW tokens and are kept until the cap; the row after the cap, a timeout or the
// caller's Stop sends a TDS attention (tedious' cancel), which makes the server stop the batch.
import { Connection, type ConnectionConfiguration, Request } from 'tedious';
import type { DatabaseConfig } from '../database-config.js';
import type { ConnectionTarget } from '../connection-failure-detail.js';
import { QueryFailedError, UserCredentialRequiredError } from '../errors.js';
import { cancellationError, openUnlessAborted, startQueryDeadline } from '../query-deadline.js';
import { INTROSPECTION_ROW_CAP, INTROSPECTION_TIMEOUT_MS, schemaSummaryFromRows } from '../schema-summary.js';
import type { DatabaseAdapter, JsonValue, QueryColumn, QueryRows, RunQueryOptions, SchemaSummary, UserDatabaseCredential } from '../types.js';
import { connectTimeoutError, connectTimeoutMsOf } from '../connect-deadline.js';
import { mssqlConnectError, mssqlQueryError } from './mssql-errors.js';
import { mssqlTypeName, mssqlValueConverter } from './mssql-values.js';

const DEFAULT_PORT = 1433;
/** Our own deadline cancels first; tedious' request timeout is only the backstop. */
const REQUEST_TIMEOUT_GRACE_MS = 5_000;
const BEGIN_READ_ONLY_WORK = 'SET TRANSACTION ISOLATION LEVEL READ COMMITTED; BEGIN TRANSACTION;';
const ROLL_BACK = 'IF @@TRANCOUNT > 0 ROLLBACK TRANSACTION;';

const INTROSPECTION_SQL = `
SELECT c.TABLE_SCHEMA, c.TABLE_NAME, c.COLUMN_NAME, c.DATA_TYPE
FROM INFORMATION_SCHEMA.COLUMNS c
WHERE c.TABLE_SCHEMA NOT IN ('sys', 'INFORMATION_SCHEMA')
ORDER BY c.TABLE_SCHEMA, c.TABLE_NAME, c.ORDINAL_POSITION`;

export class MssqlAdapter implements DatabaseAdapter {
  readonly dialect = 'mssql' as const;
  readonly name: string;
  readonly allowsWrites: boolean;
  readonly allowsFileAccess = false;
  readonly requiresUserCredential: boolean;

  constructor(private readonly config: DatabaseConfig) {
    this.name = config.name;
    this.allowsWrites = config.dangerously_allow_writes;
    this.requiresUserCredential = config.auth_mode === 'azure_entra_id';
  }

  /** What tedious is given to connect; exposed so the configuration itself can be checked. */
  connectionConfiguration(credential: UserDatabaseCredential | undefined, timeoutMs: number): ConnectionConfiguration {
    if (this.requiresUserCredential && !credential) throw new UserCredentialRequiredError(this.name);
    const authentication: ConnectionConfiguration['authentication'] = this.requiresUserCredential
      ? { type: 'azure-active-directory-access-token', options: { token: credential!.accessToken } }
      : { type: 'default', options: { userName: this.config.user, password: this.config.password } };
    return {
      server: this.config.host!,
      authentication,
      options: {
        port: this.config.port ?? DEFAULT_PORT,
        database: this.config.database,
        encrypt: this.config.ssl,
        // With ssl the certificate must check out; the local test server has no TLS at all.
        trustServerCertificate: false,
        readOnlyIntent: !this.allowsWrites,
        appName: 'datathread',
        // tedious' own connect timeout (TCP, prelogin, login): its ETIMEOUT is named in connect().
        connectTimeout: connectTimeoutMsOf(this.config),
        requestTimeout: timeoutMs + REQUEST_TIMEOUT_GRACE_MS,
        useUTC: true,
        rowCollectionOnRequestCompletion: false,
        rowCollectionOnDone: false,
      },
    };
  }

  async runQuery(sql: string, options: RunQueryOptions): Promise<QueryRows> {
    options.signal?.throwIfAborted();
    const configuration = this.connectionConfiguration(options.credential, options.timeoutMs);
    const connection = await openUnlessAborted(options.signal, () => this.connect(configuration, options.credential), (opened) => opened.close());
    try {
      if (!this.allowsWrites) await runBatch(connection, BEGIN_READ_ONLY_WORK);
      return await this.readRows(connection, sql, options);
    } finally {
      if (!this.allowsWrites) await runBatch(connection, ROLL_BACK).catch(() => undefined);
      connection.close();
    }
  }

  async introspect(): Promise<SchemaSummary> {
    if (this.requiresUserCredential) throw new UserCredentialRequiredError(this.name);
    const result = await this.runQuery(INTROSPECTION_SQL, { rowCap: INTROSPECTION_ROW_CAP, timeoutMs: INTROSPECTION_TIMEOUT_MS });
    return schemaSummaryFromRows(result.rows);
  }

  async close(): Promise<void> {
    // Connections live for one query each; nothing stays open.
  }

  private connect(configuration: ConnectionConfiguration, credential: UserDatabaseCredential | undefined): Promise<Connection> {
    return new Promise((resolve, reject) => {
      const connection = new Connection(configuration);
      connection.on('error', () => undefined);
      connection.connect((error) => {
        if (!error) return resolve(connection);
        connection.close();
        if ((error as { code?: string }).code === 'ETIMEOUT') reject(connectTimeoutError({ databaseName: this.name, where: `${this.config.host}:${this.config.port ?? DEFAULT_PORT}`, timeoutMs: connectTimeoutMsOf(this.config) }, error));
        else reject(mssqlConnectError(error, this.name, this.target(credential), credential !== undefined));
      });
    });
  }

  private readRows(connection: Connection, sql: string, options: RunQueryOptions): Promise<QueryRows> {
    const startedAt = performance.now();
    return new Promise((resolve, reject) => {
      let columns: QueryColumn[] = [];
      let converters: ((value: unknown) => JsonValue)[] = [];
      const rows: JsonValue[][] = [];
      let truncated = false;
      const deadline = startQueryDeadline({ cancelAfterMs: options.timeoutMs, signal: options.signal, cancel: () => connection.cancel() });
      const request = new Request(sql, (error) => {
        deadline.clear();
        if (deadline.reason) return reject(cancellationError(deadline.reason, options.timeoutMs, options.signal));
        if (error && !truncated) return reject(mssqlQueryError(error));
        resolve({ columns, rows, rowCount: rows.length, truncated, durationMs: performance.now() - startedAt });
      });
      request.on('columnMetadata', (metadata) => {
        const list = Array.isArray(metadata) ? metadata : Object.values(metadata);
        columns = list.map((column) => ({ name: column.colName, type: mssqlTypeName(column.type.name, column.dataLength) }));
        converters = columns.map((column) => mssqlValueConverter(column.type));
      });
      request.on('row', (values) => {
        if (truncated) return;
        if (rows.length === options.rowCap) {
          // One row past the cap proves there is more: stop the server sending the rest.
          truncated = true;
          connection.cancel();
          return;
        }
        const list = Array.isArray(values) ? values : Object.values(values);
        rows.push(list.map((column, index) => converters[index]!(column.value)));
      });
      try {
        connection.execSqlBatch(request);
      } catch (error) {
        deadline.clear();
        reject(new QueryFailedError(error instanceof Error ? error.message : String(error), { cause: error }));
      }
    });
  }

  private target(credential: UserDatabaseCredential | undefined): ConnectionTarget {
    return { host: this.config.host, port: this.config.port ?? DEFAULT_PORT, secrets: [this.config.password, credential?.accessToken] };
  }
}

function runBatch(connection: Connection, sql: string): Promise<void> {
  return new Promise((resolve, reject) => {
    connection.execSqlBatch(new Request(sql, (error) => (error ? reject(mssqlQueryError(error)) : resolve())));
  });
}
