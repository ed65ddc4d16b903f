// PostgreSQL adapter. Every query runs on a pooled client inside BEGIN READ ONLY ... ROLLBACK,
// with statement_timeout set for that transaction, and reaches the server through the extended
// query protocol (one statement only), reading at most rowCap + 1 rows from the portal.
import pg from 'pg';
import type { DatabaseConfig } from '../database-config.js';
import { connectionFailureDetail, type ConnectionTarget } from '../connection-failure-detail.js';
import { connectTimeoutError, connectTimeoutMsOf } from '../connect-deadline.js';
import { DatabaseUnavailableError, QueryFailedError, QueryTimeoutError, UserCredentialRequiredError } from '../errors.js';
import { normalizeValue } from '../normalize-value.js';
import { CappedPortalQuery, type CappedQueryField } from './postgres-capped-query.js';
import { postgresQueryError } from './postgres-errors.js';
import { postgresTextParser, postgresTypeParsers } from './postgres-type-parsers.js';
import { startQueryDeadline, cancellationError, openUnlessAborted } from '../query-deadline.js';
import { INTROSPECTION_ROW_CAP, INTROSPECTION_TIMEOUT_MS, schemaSummaryFromRows } from '../schema-summary.js';
import { UserPools } from '../user-pools.js';
import { dialectRules, type Dialect } from '../dialects.js';
import type { DatabaseAdapter, QueryColumn, QueryRows, RunQueryOptions, SchemaSummary, UserDatabaseCredential } from '../types.js';
import { absorbConnectionErrors } from '../../support/absorb-connection-errors.js';
import { errorMessage } from '../../support/errors.js';

const POOL_IDLE_MS = 30_000;
const SHARED_POOL_SIZE = 5;
const USER_POOL_SIZE = 2;
/** statement_timeout normally ends the query; the client-side cancel is only the backstop. */
const CANCEL_GRACE_MS = 1_000;

export const POSTGRES_INTROSPECTION_SQL = `
SELECT n.nspname, c.relname, a.attname, format_type(a.atttypid, a.atttypmod)
FROM pg_catalog.pg_class c
JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace
JOIN pg_catalog.pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
WHERE c.relkind IN ('r', 'v', 'm', 'p', 'f')
  AND NOT c.relispartition
  AND n.nspname NOT IN ('pg_catalog', 'information_schema')
  AND n.nspname NOT LIKE 'pg\\_toast%'
  AND n.nspname NOT LIKE 'pg\\_temp%'
  AND has_schema_privilege(n.oid, 'USAGE')
  AND has_table_privilege(c.oid, 'SELECT')
ORDER BY n.nspname, c.relname, a.attnum`;

const TYPE_NAMES_SQL = 'SELECT oid::int8, format_type(oid, NULL) FROM pg_catalog.pg_type WHERE oid = ANY($1::oid[])';

/** What differs between PostgreSQL and the databases that speak its protocol (Redshift). */
export interface PostgresFlavour {
  dialect: Dialect;
  /** Catalogue queries yielding (schema, table, column, type) rows, tried in order until one runs. */
  introspectionSql: readonly string[];
}

const POSTGRES_FLAVOUR: PostgresFlavour = { dialect: 'postgres', introspectionSql: [POSTGRES_INTROSPECTION_SQL] };

interface ProcessIdentified {
  processID: number;
}

export class PostgresAdapter implements DatabaseAdapter {
  readonly dialect: Dialect;
  readonly name: string;
  readonly allowsWrites: boolean;
  /** File readers are a DuckDB notion; PostgreSQL's server-side file functions stay refused. */
  readonly allowsFileAccess = false;
  readonly requiresUserCredential: boolean;
  private sharedPool: pg.Pool | undefined;
  private readonly userPools: UserPools<pg.Pool>;
  /** format_type names by type OID; OIDs are stable within one database. */
  private readonly typeNames = new Map<number, string>();
  private superuserChecked = false;

  constructor(
    private readonly config: DatabaseConfig,
    private readonly logger?: { warn(message: string): void },
    private readonly flavour: PostgresFlavour = POSTGRES_FLAVOUR,
  ) {
    this.dialect = flavour.dialect;
    this.name = config.name;
    this.allowsWrites = config.dangerously_allow_writes;
    this.requiresUserCredential = config.auth_mode === 'azure_entra_id';
    this.userPools = new UserPools<pg.Pool>((credential) => this.createPool(this.clientConfig(credential), USER_POOL_SIZE));
  }

  async runQuery(sql: string, options: RunQueryOptions): Promise<QueryRows> {
    options.signal?.throwIfAborted();
    const clientConfig = this.clientConfigFor(options.credential);
    const pool = this.requiresUserCredential && options.credential ? this.userPools.poolFor(options.credential) : this.shared();
    const startedAt = performance.now();
    const client = await openUnlessAborted(options.signal, () => this.connect(pool, clientConfig), (opened) => opened.release());
    let discardClient = false;
    const stopAbsorbing = absorbConnectionErrors(client, () => {
      discardClient = true;
    });
    try {
      await this.warnIfSuperuser(client);
      await client.query(this.allowsWrites ? 'BEGIN' : 'BEGIN READ ONLY');
      try {
        await this.applyTransactionSettings(client, options.timeoutMs);
        const deadline = startQueryDeadline({
          cancelAfterMs: options.timeoutMs + CANCEL_GRACE_MS,
          signal: options.signal,
          cancel: () => {
            // A cancel may land on whatever runs next on this connection: never reuse it.
            discardClient = true;
            void cancelBackend(clientConfig, (client as unknown as ProcessIdentified).processID);
          },
        });
        let result: Awaited<CappedPortalQuery['done']>;
        try {
          const query = new CappedPortalQuery(sql, options.rowCap + 1);
          client.query(query as unknown as pg.Submittable);
          result = await query.done;
        } catch (error) {
          if (deadline.reason === 'abort') throw cancellationError('abort', options.timeoutMs, options.signal);
          throw postgresQueryError(error, this.name, options.timeoutMs, this.target(clientConfig));
        } finally {
          deadline.clear();
        }
        const columns = await this.columnsFor(client, result.fields);
        await client.query(this.allowsWrites ? 'COMMIT' : 'ROLLBACK');
        const truncated = result.rows.length > options.rowCap;
        const kept = truncated ? result.rows.slice(0, options.rowCap) : result.rows;
        const parsers = result.fields.map((field) => postgresTextParser(field.dataTypeID));
        const rows = kept.map((row) => row.map((text, index) => (text === null ? null : normalizeValue(parsers[index]!(text)))));
        return { columns, rows, rowCount: rows.length, truncated, durationMs: performance.now() - startedAt };
      } catch (error) {
        await client.query('ROLLBACK').catch(() => {
          discardClient = true;
        });
        throw error;
      }
    } catch (error) {
      const mapped = this.isSettled(error, options) ? error : postgresQueryError(error, this.name, options.timeoutMs, this.target(clientConfig));
      if (mapped instanceof DatabaseUnavailableError) discardClient = true;
      throw mapped;
    } finally {
      stopAbsorbing();
      client.release(discardClient);
    }
  }

  async introspect(): Promise<SchemaSummary> {
    // Federated databases are only ever read as a signed-in person; there is no one to ask as here.
    if (this.requiresUserCredential) throw new UserCredentialRequiredError(this.name);
    let lastError: unknown;
    for (const sql of this.flavour.introspectionSql) {
      try {
        const result = await this.runQuery(sql, { rowCap: INTROSPECTION_ROW_CAP, timeoutMs: INTROSPECTION_TIMEOUT_MS });
        return schemaSummaryFromRows(result.rows);
      } catch (error) {
        // A catalogue view this server lacks is a failed query; anything else ends the search.
        if (!(error instanceof QueryFailedError)) throw error;
        lastError = error;
      }
    }
    throw lastError;
  }

  async close(): Promise<void> {
    const pool = this.sharedPool;
    this.sharedPool = undefined;
    await Promise.all([pool?.end(), this.userPools.closeAll()]);
  }

  /**
   * A read-only transaction does not stop a superuser's COPY ... TO '/file' or pg_read_file();
   * only the SQL gate and a least-privilege role do. Say so once, loudly.
   */
  private async warnIfSuperuser(client: pg.PoolClient): Promise<void> {
    if (this.superuserChecked || !this.logger || this.allowsWrites) return;
    this.superuserChecked = true;
    const result = await client.query<{ superuser: string; role: string }>(`SELECT current_setting('is_superuser') AS superuser, current_user AS role`);
    const row = result.rows[0];
    if (row?.superuser === 'on') {
      this.logger.warn(
        `Database "${this.name}" connects as superuser "${row.role}". Read-only transactions do not stop a superuser from writing server files (COPY ... TO) or reading them (pg_read_file); only the SQL gate does. Connect with a role that has SELECT only.`,
      );
    }
  }

  /** Errors already in datathread's terms (or the caller's own abort reason) pass through. */
  private isSettled(error: unknown, options: RunQueryOptions): boolean {
    if (options.signal?.aborted && error === options.signal.reason) return true;
    return error instanceof QueryTimeoutError || error instanceof QueryFailedError || error instanceof DatabaseUnavailableError;
  }

  private async applyTransactionSettings(client: pg.PoolClient, timeoutMs: number): Promise<void> {
    // set_config(..., true) is SET LOCAL: it ends with the transaction, so a pooled connection
    // never carries one question's settings into the next.
    const settings: [string, string][] = [['statement_timeout', String(Math.max(1, Math.round(timeoutMs)))]];
    if (this.config.schema_name) settings.push(['search_path', `${pg.escapeIdentifier(this.config.schema_name)}, public`]);
    const calls = settings.map((_, index) => `set_config($${index * 2 + 1}, $${index * 2 + 2}, true)`);
    await client.query({ text: `SELECT ${calls.join(', ')}`, values: settings.flat() });
  }

  private async columnsFor(client: pg.PoolClient, fields: CappedQueryField[]): Promise<QueryColumn[]> {
    const unknown = [...new Set(fields.map((field) => field.dataTypeID))].filter((oid) => !this.typeNames.has(oid));
    if (unknown.length > 0) {
      const result = await client.query({ text: TYPE_NAMES_SQL, values: [unknown], rowMode: 'array' });
      for (const [oid, typeName] of result.rows as [number | string, string][]) this.typeNames.set(Number(oid), typeName);
    }
    return fields.map((field) => ({ name: field.name, type: (this.typeNames.get(field.dataTypeID) ?? 'unknown').toLowerCase() }));
  }

  private clientConfigFor(credential: UserDatabaseCredential | undefined): pg.ClientConfig {
    if (!this.requiresUserCredential) return this.clientConfig(undefined);
    // Never fall back to the configured user/password: the person's own identity or nothing.
    if (!credential) throw new UserCredentialRequiredError(this.name);
    return this.clientConfig(credential);
  }

  private clientConfig(credential: UserDatabaseCredential | undefined): pg.ClientConfig {
    return {
      host: this.config.host,
      port: this.config.port ?? dialectRules(this.dialect).defaultPort,
      database: this.config.database,
      user: credential ? credential.userName : this.config.user,
      password: credential ? credential.accessToken : this.config.password,
      ssl: this.config.ssl ? true : undefined,
      // pg's own connect timeout (also the wait for a pooled client): its error is named in connect().
      connectionTimeoutMillis: connectTimeoutMsOf(this.config),
      application_name: 'datathread',
      types: postgresTypeParsers,
    };
  }

  private shared(): pg.Pool {
    this.sharedPool ??= this.createPool(this.clientConfig(undefined), SHARED_POOL_SIZE);
    return this.sharedPool;
  }

  private createPool(clientConfig: pg.ClientConfig, size: number): pg.Pool {
    const pool = new pg.Pool({ ...clientConfig, max: size, idleTimeoutMillis: POOL_IDLE_MS, allowExitOnIdle: true });
    // An idle client dying (server restart) must not crash the process; the next query reconnects.
    pool.on('error', () => undefined);
    return pool;
  }

  private async connect(pool: pg.Pool, clientConfig: pg.ClientConfig): Promise<pg.PoolClient> {
    try {
      return await pool.connect();
    } catch (error) {
      // pg-pool: "timeout exceeded when trying to connect"; pg: "Connection terminated due to connection timeout".
      if (/timeout/i.test(errorMessage(error))) throw connectTimeoutError({ databaseName: this.name, where: `${clientConfig.host}:${clientConfig.port}`, timeoutMs: connectTimeoutMsOf(this.config) }, error);
      throw new DatabaseUnavailableError(this.name, connectionFailureDetail(error, this.target(clientConfig)), { cause: error });
    }
  }

  private target(clientConfig: pg.ClientConfig): ConnectionTarget {
    const password = typeof clientConfig.password === 'string' ? clientConfig.password : undefined;
    return { host: clientConfig.host, port: clientConfig.port, secrets: [password, this.config.password] };
  }
}

/** Asks the server to cancel whatever a backend runs, from a separate short-lived connection. */
async function cancelBackend(clientConfig: pg.ClientConfig, processId: number): Promise<void> {
  const canceller = new pg.Client(clientConfig);
  absorbConnectionErrors(canceller);
  try {
    await canceller.connect();
    await canceller.query('SELECT pg_cancel_backend($1)', [processId]);
  } catch {
    // Best effort: statement_timeout still ends the query on the server.
  } finally {
    await canceller.end().catch(() => undefined);
  }
}
