// MySQL / MariaDB adapter (also StarRocks, which speaks the same protocol). Every connection is
// set read-only for the session with a sql_mode the statement gate lexes the same way; every query
// runs inside START TRANSACTION READ ONLY … ROLLBACK, one statement per call (multi-statements and
// LOCAL INFILE are switched off in the client), with the server's own statement time limit plus a
// KILL QUERY from a second connection at the deadline. Rows are streamed and capped.
//
// A read-only transaction does not stop everything on MySQL: SELECT … INTO OUTFILE, SET GLOBAL,
// CREATE USER and other DDL (which commits implicitly and runs outside the transaction) still work
// for a privileged login. So the adapter itself also puts every statement through the statement
// gate, not only execute_sql: a caller that skips the gate still cannot write.
import mysql from 'mysql2';
import type { DatabaseConfig } from '../database-config.js';
import { connectionFailureDetail, type ConnectionTarget } from '../connection-failure-detail.js';
import { dialectRules, type Dialect } from '../dialects.js';
import { DatabaseUnavailableError, QueryFailedError, QueryTimeoutError, UserCredentialRequiredError } from '../errors.js';
import { checkReadOnly, initStatementGate } from '../../sql/statement-gate.js';
import { cancellationError, openUnlessAborted, startQueryDeadline } from '../query-deadline.js';
import { INTROSPECTION_ROW_CAP, INTROSPECTION_TIMEOUT_MS, schemaSummaryFromRows } from '../schema-summary.js';
import type { DatabaseAdapter, QueryRows, RunQueryOptions, SchemaSummary, UserDatabaseCredential } from '../types.js';
import { UserPools } from '../user-pools.js';
import { maskDefinitionRows } from './mysql-definition-secrets.js';
import { mysqlQueryError } from './mysql-errors.js';
import { runStreamedQuery } from './mysql-streamed-query.js';

const CONNECT_TIMEOUT_MS = 10_000;
const SHARED_POOL_SIZE = 5;
const USER_POOL_SIZE = 2;
/** The server's time limit normally ends the query; KILL QUERY is the backstop. */
const KILL_GRACE_MS = 1_000;

/** The session modes that change how text is lexed; removed so the gate and the server agree. */
const SESSION_SQL_MODE = "SET SESSION sql_mode = REPLACE(REPLACE(@@SESSION.sql_mode, 'ANSI_QUOTES', ''), 'NO_BACKSLASH_ESCAPES', '')";

export interface MysqlFlavour {
  dialect: Dialect;
  /** Catalogue query yielding (schema, table, column, type) rows for the configured database. */
  introspectionSql: string;
}

export const MYSQL_INTROSPECTION_SQL = `
SELECT table_schema, table_name, column_name, column_type
FROM information_schema.columns
WHERE table_schema = COALESCE(?, DATABASE())
ORDER BY table_schema, table_name, ordinal_position`;

export class MysqlAdapter implements DatabaseAdapter {
  readonly dialect: Dialect;
  readonly name: string;
  readonly allowsWrites: boolean;
  readonly allowsFileAccess = false;
  readonly requiresUserCredential: boolean;
  private sharedPool: mysql.Pool | undefined;
  private readonly userPools: UserPools<{ pool: mysql.Pool; end(): Promise<void> }>;
  private isMariaDb: boolean | undefined;
  /** The time limit each pooled connection's session already has, to skip setting it again. */
  private readonly sessionTimeLimits = new WeakMap<mysql.PoolConnection, number>();

  constructor(
    private readonly config: DatabaseConfig,
    private readonly flavour: MysqlFlavour = { dialect: 'mysql', introspectionSql: MYSQL_INTROSPECTION_SQL },
  ) {
    this.dialect = flavour.dialect;
    this.name = config.name;
    this.allowsWrites = config.dangerously_allow_writes;
    this.requiresUserCredential = config.auth_mode === 'azure_entra_id';
    this.userPools = new UserPools((credential) => {
      const pool = this.createPool(credential, USER_POOL_SIZE);
      return { pool, end: () => endPool(pool) };
    });
  }

  async runQuery(sql: string, options: RunQueryOptions): Promise<QueryRows> {
    options.signal?.throwIfAborted();
    if (!this.allowsWrites) await this.refuseUnlessRead(sql);
    const credential = this.credentialFor(options.credential);
    const pool = credential ? this.userPools.poolFor(credential).pool : this.shared();
    const startedAt = performance.now();
    const connection = await openUnlessAborted(options.signal, () => this.connect(pool, credential), (opened) => opened.release());
    let discard = false;
    try {
      await this.applyTimeLimit(connection, options.timeoutMs);
      // Sent without waiting for its answer: commands on one connection run in order, so the query
      // still runs inside the transaction, one round trip sooner. Its rows are used only once the
      // START TRANSACTION is known to have succeeded (below).
      const transactionStarted = settledError(run(connection, this.allowsWrites ? 'START TRANSACTION' : 'START TRANSACTION READ ONLY'));
      const killQuery = () => this.killQuery(connection.threadId, credential);
      const deadline = startQueryDeadline({
        cancelAfterMs: options.timeoutMs + KILL_GRACE_MS,
        signal: options.signal,
        cancel: () => {
          discard = true;
          void killQuery();
        },
      });
      try {
        const result = await runStreamedQuery(connection, sql, { rowCap: options.rowCap, killQuery });
        const startError = await transactionStarted;
        if (startError) throw startError;
        if (this.allowsWrites) await run(connection, 'COMMIT');
        else queueRollback(connection);
        return { ...result, rows: maskDefinitionRows(sql, result.rows, dialectRules(this.dialect).lexical), rowCount: result.rows.length, durationMs: performance.now() - startedAt };
      } catch (error) {
        if (deadline.reason === 'abort') throw cancellationError('abort', options.timeoutMs, options.signal);
        if (deadline.reason === 'timeout') throw new QueryTimeoutError(options.timeoutMs);
        throw error;
      } finally {
        deadline.clear();
      }
    } catch (error) {
      await run(connection, 'ROLLBACK').catch(() => {
        discard = true;
      });
      const mapped = this.isSettled(error, options) ? error : mysqlQueryError(error, this.name, options.timeoutMs, this.target(credential));
      if (mapped instanceof DatabaseUnavailableError) discard = true;
      throw mapped;
    } finally {
      if (discard) connection.destroy();
      else connection.release();
    }
  }

  async introspect(): Promise<SchemaSummary> {
    if (this.requiresUserCredential) throw new UserCredentialRequiredError(this.name);
    const schema = mysql.escape(this.config.schema_name ?? this.config.database ?? null);
    const sql = this.flavour.introspectionSql.replace('?', schema);
    const result = await this.runQuery(sql, { rowCap: INTROSPECTION_ROW_CAP, timeoutMs: INTROSPECTION_TIMEOUT_MS });
    return schemaSummaryFromRows(result.rows);
  }

  async close(): Promise<void> {
    const pool = this.sharedPool;
    this.sharedPool = undefined;
    await Promise.all([pool ? endPool(pool) : undefined, this.userPools.closeAll()]);
  }

  private async refuseUnlessRead(sql: string): Promise<void> {
    await initStatementGate();
    const verdict = checkReadOnly(sql, { dialect: this.dialect, allowFileAccess: false });
    if (!verdict.allowed) throw new QueryFailedError(`Refused before reaching the database: ${verdict.reason}`);
    if (verdict.statementCount > 1) throw new QueryFailedError('Refused before reaching the database: send one statement per query.');
  }

  private isSettled(error: unknown, options: RunQueryOptions): boolean {
    if (options.signal?.aborted && error === options.signal.reason) return true;
    return error instanceof QueryTimeoutError || error instanceof QueryFailedError || error instanceof DatabaseUnavailableError;
  }

  /** MariaDB: max_statement_time (seconds, any statement); MySQL: max_execution_time (ms, SELECT). */
  private async applyTimeLimit(connection: mysql.PoolConnection, timeoutMs: number): Promise<void> {
    this.isMariaDb ??= /mariadb/i.test(String((await query(connection, 'SELECT VERSION()'))[0]?.[0] ?? ''));
    const limit = Math.max(1, Math.round(timeoutMs));
    if (this.sessionTimeLimits.get(connection) === limit) return;
    await run(connection, this.isMariaDb ? `SET SESSION max_statement_time = ${limit / 1000}` : `SET SESSION max_execution_time = ${limit}`);
    this.sessionTimeLimits.set(connection, limit);
  }

  /** KILL QUERY from a short-lived second connection; the first keeps reading until the error. */
  private async killQuery(threadId: number, credential: UserDatabaseCredential | undefined): Promise<void> {
    const killer = mysql.createConnection(this.connectionOptions(credential));
    try {
      await new Promise<void>((resolve, reject) => killer.query(`KILL QUERY ${Number(threadId)}`, (error) => (error ? reject(error) : resolve())));
    } catch {
      // Best effort: the server's statement time limit still ends the query.
    } finally {
      killer.destroy();
    }
  }

  private credentialFor(credential: UserDatabaseCredential | undefined): UserDatabaseCredential | undefined {
    if (!this.requiresUserCredential) return undefined;
    // Never fall back to the configured user/password: the person's own identity or nothing.
    if (!credential) throw new UserCredentialRequiredError(this.name);
    return credential;
  }

  private connectionOptions(credential: UserDatabaseCredential | undefined): mysql.ConnectionOptions {
    return {
      host: this.config.host,
      port: this.port(),
      database: this.config.database,
      user: credential ? credential.userName : this.config.user,
      password: credential ? credential.accessToken : this.config.password,
      // Azure Database for MySQL takes the Entra token as a cleartext password (over TLS).
      enableCleartextPlugin: credential !== undefined,
      ssl: this.config.ssl ? {} : undefined,
      connectTimeout: CONNECT_TIMEOUT_MS,
      multipleStatements: false,
      flags: ['-LOCAL_FILES', '-MULTI_STATEMENTS'],
      supportBigNumbers: true,
      dateStrings: true,
    };
  }

  private shared(): mysql.Pool {
    this.sharedPool ??= this.createPool(undefined, SHARED_POOL_SIZE);
    return this.sharedPool;
  }

  private createPool(credential: UserDatabaseCredential | undefined, size: number): mysql.Pool {
    const pool = mysql.createPool({ ...this.connectionOptions(credential), connectionLimit: size, maxIdle: size, idleTimeout: 30_000 });
    pool.on('connection', (connection) => {
      // Queued before any query on this connection, so they run first.
      connection.query(SESSION_SQL_MODE);
      if (!this.allowsWrites) connection.query('SET SESSION TRANSACTION READ ONLY');
    });
    return pool;
  }

  private connect(pool: mysql.Pool, credential: UserDatabaseCredential | undefined): Promise<mysql.PoolConnection> {
    return new Promise((resolve, reject) => {
      pool.getConnection((error, connection) => {
        if (error) reject(new DatabaseUnavailableError(this.name, connectionFailureDetail(error, this.target(credential)), { cause: error }));
        else resolve(connection);
      });
    });
  }

  private port(): number {
    return this.config.port ?? dialectRules(this.dialect).defaultPort ?? 3306;
  }

  private target(credential: UserDatabaseCredential | undefined): ConnectionTarget {
    return { host: this.config.host, port: this.port(), secrets: [credential?.accessToken, this.config.password] };
  }
}

function query(connection: mysql.PoolConnection, sql: string): Promise<unknown[][]> {
  return new Promise((resolve, reject) => {
    connection.query({ sql, rowsAsArray: true }, (error, rows) => (error ? reject(error) : resolve(rows as unknown[][])));
  });
}

/**
 * Ends a read-only transaction without waiting a round trip for the answer: commands on a
 * connection run in order, so the ROLLBACK still runs before whatever the next borrower sends. A
 * failed ROLLBACK leaves nothing to undo (the transaction could not write); a connection that died
 * leaves the pool by itself, and the next query on this one would fail plainly.
 */
function queueRollback(connection: mysql.PoolConnection): void {
  connection.query('ROLLBACK', () => undefined);
}

/** Resolves with the error `work` failed with, or null: awaited later, it can never be an unhandled rejection. */
function settledError(work: Promise<unknown>): Promise<unknown> {
  return work.then(
    () => null,
    (error: unknown) => error,
  );
}

async function run(connection: mysql.PoolConnection, sql: string): Promise<void> {
  await query(connection, sql);
}

function endPool(pool: mysql.Pool): Promise<void> {
  return new Promise((resolve) => pool.end(() => resolve()));
}
