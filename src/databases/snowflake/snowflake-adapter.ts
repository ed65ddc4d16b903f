// Snowflake adapter over snowflake-sdk (its REST API: login-request, query-request, result chunks).
// Each query opens its own session: with auth_mode azure_entra_id as the asker (authenticator
// OAUTH with their Entra token — Snowflake External OAuth maps the token's upn to the Snowflake
// user), otherwise with the configured key pair (private_key in `password` is not used: see
// README) or password. STATEMENT_TIMEOUT_IN_SECONDS is set on the session so Snowflake itself
// ends a slow query; our deadline cancels it as well (abort-request), and so does the caller's Stop.
// Rows are streamed and the stream is destroyed at the row cap, so remaining result chunks are
// never downloaded.
//
// Snowflake has no read-only session: the statement gate and the role are the boundary. At the
// first connection the adapter asks which privileges the role holds and warns when it can write.
// With max_warehouse_size, every session first checks its current warehouse's size (SHOW
// WAREHOUSES) and runs nothing on a larger one (snowflake-warehouse-size.ts).
import type { Connection, ConnectionOptions, RowStatement } from 'snowflake-sdk';
import type { DatabaseConfig } from '../database-config.js';
import type { ConnectionTarget } from '../connection-failure-detail.js';
import { connectTimeoutMsOf, openWithinConnectTimeout, type ConnectTarget } from '../connect-deadline.js';
import { QueryFailedError, UserCredentialRequiredError } from '../errors.js';
import { cancellationError, openUnlessAborted, startQueryDeadline } from '../query-deadline.js';
import { INTROSPECTION_ROW_CAP, INTROSPECTION_TIMEOUT_MS, schemaSummaryFromRows } from '../schema-summary.js';
import type { DatabaseAdapter, JsonValue, QueryColumn, QueryRows, RunQueryOptions, SchemaSummary, UserDatabaseCredential } from '../types.js';
import { snowflakeConnectError, snowflakeQueryError } from './snowflake-errors.js';
import { snowflakeValueConverter } from './snowflake-values.js';
import { checkWarehouseSize } from './snowflake-warehouse-size.js';

/** Snowflake's own timeout normally ends the query; the client-side cancel is only the backstop. */
const CANCEL_GRACE_MS = 1_000;
/** How long the end of a cancelled query waits for Snowflake to confirm the cancel. */
const CANCEL_WAIT_MS = 5_000;
/** Privileges that let a role change data or objects. */
const WRITE_PRIVILEGES = new Set(['INSERT', 'UPDATE', 'DELETE', 'TRUNCATE', 'OWNERSHIP', 'CREATE TABLE', 'CREATE SCHEMA', 'CREATE STAGE', 'MODIFY', 'ALL']);

const INTROSPECTION_SQL = `
SELECT table_schema, table_name, column_name, data_type
FROM information_schema.columns
WHERE table_schema <> 'INFORMATION_SCHEMA'
ORDER BY table_schema, table_name, ordinal_position`;

export interface SnowflakeAdapterOptions {
  logger?: { warn(message: string): void };
}

export class SnowflakeAdapter implements DatabaseAdapter {
  readonly dialect = 'snowflake' as const;
  readonly name: string;
  readonly allowsWrites: boolean;
  readonly allowsFileAccess = false;
  readonly requiresUserCredential: boolean;
  private roleChecked = false;

  constructor(
    private readonly config: DatabaseConfig,
    private readonly options: SnowflakeAdapterOptions = {},
  ) {
    this.name = config.name;
    this.allowsWrites = config.dangerously_allow_writes;
    this.requiresUserCredential = config.auth_mode === 'azure_entra_id';
  }

  /** What snowflake-sdk is given to connect; exposed so the configuration itself can be checked. */
  connectionOptions(credential: UserDatabaseCredential | undefined): ConnectionOptions {
    if (this.requiresUserCredential && !credential) throw new UserCredentialRequiredError(this.name);
    const host = this.config.host!;
    const local = host === '127.0.0.1' || host === 'localhost';
    const account = this.config.account_id ?? host.split('.')[0]!;
    const common: ConnectionOptions = {
      account,
      // A full URL lets the sdk talk to a host that does not follow <account>.snowflakecomputing.com.
      accessUrl: `${local && !this.config.ssl ? 'http' : 'https'}://${host}${this.config.port ? `:${this.config.port}` : ''}`,
      database: this.config.database,
      schema: this.config.schema_name,
      warehouse: this.config.warehouse,
      role: this.config.role,
      application: 'datathread',
    };
    if (this.requiresUserCredential) return { ...common, authenticator: 'OAUTH', token: credential!.accessToken, username: credential!.userName };
    if (this.config.private_key_path) return { ...common, authenticator: 'SNOWFLAKE_JWT', username: this.config.user, privateKeyPath: this.config.private_key_path };
    return { ...common, authenticator: 'SNOWFLAKE', username: this.config.user, password: this.config.password };
  }

  async runQuery(sql: string, options: RunQueryOptions): Promise<QueryRows> {
    options.signal?.throwIfAborted();
    const connection = await openUnlessAborted(
      options.signal,
      () => openWithinConnectTimeout(this.connectTarget(), (deadline) => this.connect(options.credential, deadline), (late) => late.destroy(() => undefined)),
      (opened) => opened.destroy(() => undefined),
    );
    const cancelling: Promise<void>[] = [];
    try {
      await this.checkWarehouseSize(connection);
      await this.checkRoleOnce(connection);
      return await this.readRows(connection, sql, options, cancelling);
    } finally {
      // The abort-request needs the session: end the session only once Snowflake has the cancel.
      // A query that was not cancelled leaves no CANCEL_WAIT_MS timer behind.
      if (cancelling.length > 0) await waitAtMost(Promise.all(cancelling), CANCEL_WAIT_MS);
      connection.destroy(() => undefined);
    }
  }

  async introspect(): Promise<SchemaSummary> {
    if (this.requiresUserCredential) throw new UserCredentialRequiredError(this.name);
    const result = await this.runQuery(INTROSPECTION_SQL, { rowCap: INTROSPECTION_ROW_CAP, timeoutMs: INTROSPECTION_TIMEOUT_MS });
    return schemaSummaryFromRows(result.rows);
  }

  async close(): Promise<void> {
    // Sessions live for one query each; nothing stays open.
  }

  /** snowflake-sdk retries a login that gets no answer for minutes: connect_timeout bounds it, and the attempt is destroyed at the deadline. */
  private connectTarget(): ConnectTarget {
    return { databaseName: this.name, where: `${this.config.host}${this.config.port ? `:${this.config.port}` : ''}`, timeoutMs: connectTimeoutMsOf(this.config) };
  }

  private async connect(credential: UserDatabaseCredential | undefined, deadline: AbortSignal): Promise<Connection> {
    const options = this.connectionOptions(credential);
    const snowflake = await loadSnowflakeSdk();
    const connection = snowflake.createConnection(options);
    deadline.addEventListener(
      'abort',
      () => {
        try {
          connection.destroy(() => undefined);
        } catch {
          // A login still in its first request may refuse to be destroyed; its answer, if any, is discarded.
        }
      },
      { once: true },
    );
    return new Promise((resolve, reject) => {
      connection.connect((error) => {
        if (error) reject(snowflakeConnectError(error, this.name, this.target(credential), credential !== undefined));
        else resolve(connection);
      });
    });
  }

  /** Each session, because ALTER WAREHOUSE can resize the warehouse between two queries. */
  private async checkWarehouseSize(connection: Connection): Promise<void> {
    const maxSize = this.config.max_warehouse_size;
    if (maxSize === undefined) return;
    const current = (await execute(connection, 'SELECT CURRENT_WAREHOUSE() AS warehouse'))[0]?.WAREHOUSE;
    const warehouse = typeof current === 'string' && current ? current : undefined;
    const listed = warehouse ? await execute(connection, `SHOW WAREHOUSES LIKE '${warehouse.replaceAll("'", "''")}'`) : [];
    checkWarehouseSize(this.name, maxSize, warehouse, listed);
  }

  /** Warns once when the role can change data: the README asks for a SELECT-only role. */
  private async checkRoleOnce(connection: Connection): Promise<void> {
    if (this.roleChecked || this.allowsWrites) return;
    this.roleChecked = true;
    try {
      const role = String((await execute(connection, 'SELECT CURRENT_ROLE() AS role'))[0]?.ROLE ?? '');
      const grants = await execute(connection, `SHOW GRANTS TO ROLE "${role.replaceAll('"', '""')}"`);
      const writes = [...new Set(grants.map((grant) => String(grant.privilege ?? '').toUpperCase()).filter((privilege) => WRITE_PRIVILEGES.has(privilege)))];
      if (writes.length > 0) {
        this.options.logger?.warn(
          `Database "${this.name}": Snowflake role ${role} can write (${writes.join(', ')}). datathread refuses writes itself, but use a role with SELECT only (see README).`,
        );
      }
    } catch (error) {
      this.options.logger?.warn(`Database "${this.name}": could not check the Snowflake role's privileges (${error instanceof Error ? error.message : String(error)}).`);
    }
  }

  private readRows(connection: Connection, sql: string, options: RunQueryOptions, cancelling: Promise<void>[]): Promise<QueryRows> {
    const startedAt = performance.now();
    return new Promise((resolve, reject) => {
      let statement: RowStatement | undefined;
      let settled = false;
      const finish = (outcome: () => void): void => {
        if (settled) return;
        settled = true;
        deadline.clear();
        outcome();
      };
      const deadline = startQueryDeadline({
        cancelAfterMs: options.timeoutMs + CANCEL_GRACE_MS,
        signal: options.signal,
        cancel: (reason) => {
          cancelling.push(new Promise((resolve) => statement?.cancel(() => resolve()) ?? resolve()));
          finish(() => reject(cancellationError(reason, options.timeoutMs, options.signal)));
        },
      });
      statement = connection.execute({
        sqlText: sql,
        // The statement's own parameters: Snowflake ends it at the timeout, with no extra round trip
        // for an ALTER SESSION before each query.
        parameters: { STATEMENT_TIMEOUT_IN_SECONDS: Math.max(1, Math.ceil(options.timeoutMs / 1000)) },
        streamResult: true,
        // Rows as arrays: two columns with the same name (SELECT a.id, b.id) both keep their value,
        // and no object keyed by name is built for each row only to be read back by name.
        rowMode: 'array',
        // Not 'Date': see snowflake-values.ts (the sdk's date text costs ~8 µs a value).
        fetchAsString: ['Number', 'JSON'],
        complete: (error, executed) => {
          if (error) return finish(() => reject(deadline.reason ? cancellationError(deadline.reason, options.timeoutMs, options.signal) : snowflakeQueryError(error, options.timeoutMs)));
          const columns: QueryColumn[] = (executed.getColumns() ?? []).map((column) => ({ name: column.getName(), type: column.getType().toLowerCase() }));
          const converters = (executed.getColumns() ?? []).map((column) => snowflakeValueConverter(column.getType().toLowerCase(), column.getScale()));
          const rows: JsonValue[][] = [];
          let truncated = false;
          const stream = executed.streamRows();
          stream.on('data', (row: unknown[]) => {
            if (settled) return;
            if (rows.length === options.rowCap) {
              truncated = true;
              // Destroying the stream stops the download of the remaining result chunks.
              stream.destroy();
              finish(() => resolve({ columns, rows, rowCount: rows.length, truncated, durationMs: performance.now() - startedAt }));
              return;
            }
            // The sdk's array is this row's own: convert it in place rather than allocate another.
            for (let index = 0; index < converters.length; index += 1) row[index] = converters[index]!(row[index]);
            rows.push(row as JsonValue[]);
          });
          stream.on('error', (streamError) => finish(() => reject(snowflakeQueryError(streamError, options.timeoutMs))));
          stream.on('end', () => finish(() => resolve({ columns, rows, rowCount: rows.length, truncated, durationMs: performance.now() - startedAt })));
        },
      });
      if (deadline.reason) cancelling.push(new Promise((resolve) => statement.cancel(() => resolve())));
    });
  }

  private target(credential: UserDatabaseCredential | undefined): ConnectionTarget {
    return { host: this.config.host, port: this.config.port, secrets: [this.config.password, credential?.accessToken] };
  }
}

/**
 * The sdk is loaded on first use: it brings the AWS and Azure storage clients (for file transfer)
 * and their start-up warnings, which a datathread without a Snowflake database should not pay for.
 */
let sdk: Promise<typeof import('snowflake-sdk')> | undefined;
function loadSnowflakeSdk(): Promise<typeof import('snowflake-sdk')> {
  sdk ??= import('snowflake-sdk').then((module) => {
    const loaded = (module as unknown as { default?: typeof import('snowflake-sdk') }).default ?? module;
    loaded.configure({ logLevel: 'OFF', additionalLogToConsole: false });
    return loaded;
  });
  return sdk;
}

async function waitAtMost(work: Promise<unknown>, limitMs: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([work, new Promise((resolve) => (timer = setTimeout(resolve, limitMs).unref()))]);
  } finally {
    clearTimeout(timer);
  }
}

function execute(connection: Connection, sql: string): Promise<Record<string, unknown>[]> {
  return new Promise((resolve, reject) => {
    connection.execute({
      sqlText: sql,
      complete: (error, _statement, rows) => (error ? reject(new QueryFailedError(error.message, { cause: error })) : resolve((rows ?? []) as Record<string, unknown>[])),
    });
  });
}
