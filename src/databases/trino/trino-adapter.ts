// Trino adapter over its client REST protocol (trino-client). A query is posted once and its
// result read page by page through nextUri until rowCap + 1 rows have arrived; then the query is
// cancelled (DELETE), so a ten-million-row result costs a few pages. query_max_execution_time is
// set per query, and with max_scan_bytes query_max_scan_physical_bytes too, so Trino itself fails
// a query that reads more; a timeout or the caller's abort cancels the query the same way. With
// auth_mode azure_entra_id the query runs as the asker: X-Trino-User is their name and their
// token is the Bearer credential on every request of the query.
//
// Unless writes are allowed, every query runs inside its own `START TRANSACTION READ ONLY`
// (trino-transaction.ts): Trino itself then refuses any write, on top of the statement gate and the
// Trino user's access control (see README). The ROLLBACK that ends it is sent after the result is
// in hand, off the answer's path.
import { Trino, type Iterator as TrinoPages, type QueryResult } from 'trino-client';
import type { DatabaseConfig } from '../database-config.js';
import type { ConnectionTarget } from '../connection-failure-detail.js';
import { DatabaseUnavailableError, QueryFailedError, QueryTimeoutError, UserCredentialRequiredError } from '../errors.js';
import { createStopSignal, cancellationError, openUnlessAborted, startQueryDeadline } from '../query-deadline.js';
import { connectTimeoutMsOf, FirstContact } from '../connect-deadline.js';
import { INTROSPECTION_ROW_CAP, INTROSPECTION_TIMEOUT_MS, schemaSummaryFromRows } from '../schema-summary.js';
import type { DatabaseAdapter, JsonValue, QueryColumn, QueryRows, RunQueryOptions, SchemaSummary, UserDatabaseCredential } from '../types.js';
import { trinoDataSize } from './trino-data-size.js';
import { trinoPageError, trinoTransportError } from './trino-errors.js';
import { parseTrinoResponse } from './trino-json.js';
import { rollbackTransaction, startReadOnlyTransaction, TRANSACTION_ID_HEADER, type TrinoEndpoint } from './trino-transaction.js';
import { trinoValueConverter } from './trino-values.js';

const DEFAULT_HTTP_PORT = 8080;
const DEFAULT_HTTPS_PORT = 443;
/** query_max_execution_time normally ends the query; the client-side cancel is only the backstop. */
const CANCEL_GRACE_MS = 1_000;
const ROLLBACK_TIMEOUT_MS = 10_000;

const INTROSPECTION_SQL = `
SELECT table_schema, table_name, column_name, data_type
FROM information_schema.columns
WHERE table_schema <> 'information_schema'
ORDER BY table_schema, table_name, ordinal_position`;

export class TrinoAdapter implements DatabaseAdapter {
  readonly dialect = 'trino' as const;
  readonly name: string;
  readonly allowsWrites: boolean;
  readonly allowsFileAccess = false;
  readonly requiresUserCredential: boolean;

  /** The first START TRANSACTION is bounded by connect_timeout until the server has answered once. */
  private readonly firstContact = new FirstContact(() => ({ databaseName: this.name, where: `${this.config.host}:${this.config.port ?? (this.config.ssl ? DEFAULT_HTTPS_PORT : DEFAULT_HTTP_PORT)}`, timeoutMs: connectTimeoutMsOf(this.config) }));

  constructor(private readonly config: DatabaseConfig) {
    this.name = config.name;
    this.allowsWrites = config.dangerously_allow_writes;
    this.requiresUserCredential = config.auth_mode === 'azure_entra_id';
  }

  async runQuery(sql: string, options: RunQueryOptions): Promise<QueryRows> {
    options.signal?.throwIfAborted();
    const endpoint = this.endpointFor(options.credential, options.timeoutMs);
    const startedAt = performance.now();
    let transactionId: string | undefined;
    if (!this.allowsWrites) {
      try {
        // A Stop while the transaction starts ends the query at once; the late transaction is rolled back.
        transactionId = await openUnlessAborted(
          options.signal,
          () => this.firstContact.run(() => startReadOnlyTransaction(endpoint, options.timeoutMs), (late) => rollbackTransaction(endpoint, late, ROLLBACK_TIMEOUT_MS)),
          (late) => rollbackTransaction(endpoint, late, ROLLBACK_TIMEOUT_MS),
        );
      } catch (error) {
        if (options.signal?.aborted && error === options.signal.reason) throw error;
        if (error instanceof QueryFailedError || error instanceof QueryTimeoutError || error instanceof DatabaseUnavailableError) throw error;
        throw trinoTransportError(error, this.name, this.target(options.credential));
      }
    }
    try {
      return await this.runInTransaction(sql, options, endpoint, transactionId, startedAt);
    } finally {
      if (transactionId) void rollbackTransaction(endpoint, transactionId, ROLLBACK_TIMEOUT_MS).catch(() => undefined);
    }
  }

  private async runInTransaction(sql: string, options: RunQueryOptions, endpoint: TrinoEndpoint, transactionId: string | undefined, startedAt: number): Promise<QueryRows> {
    const trino = Trino.create({
      server: endpoint.server,
      extraHeaders: transactionId ? { ...endpoint.headers, [TRANSACTION_ID_HEADER]: transactionId } : endpoint.headers,
    });
    keepBigIntegers(trino);
    let queryId: string | undefined;
    let finished = false;
    const cancel = (): void => {
      if (queryId && !finished) void trino.cancel(queryId).catch(() => undefined);
    };
    // A page request can hang while the server works; a timeout or a Stop must not wait for it.
    const { stopped, stop } = createStopSignal();
    const deadline = startQueryDeadline({
      cancelAfterMs: options.timeoutMs + CANCEL_GRACE_MS,
      signal: options.signal,
      cancel: (reason) => {
        cancel();
        stop(cancellationError(reason, options.timeoutMs, options.signal));
      },
    });
    try {
      const posted = trino.query(sql);
      // Stopped before the server answered the POST: cancel the query once its id is known.
      posted.then((late) => deadline.reason && !queryId && void trino.cancel(postedQueryId(late) ?? '').catch(() => undefined), () => undefined);
      const pages = await Promise.race([posted, stopped]);
      queryId = postedQueryId(pages);
      let columns: QueryColumn[] = [];
      let converters: ((value: unknown) => JsonValue)[] = [];
      const rows: JsonValue[][] = [];
      let truncated = false;
      let physicalInputBytes: number | undefined;
      reading: while (true) {
        const next = await Promise.race([pages.next(), stopped]);
        if (next.done) break;
        const page = next.value;
        queryId ??= page.id;
        if (deadline.reason) throw cancellationError(deadline.reason, options.timeoutMs, options.signal);
        if (page.error) throw trinoPageError(page.error, options.timeoutMs, this.config.max_scan_bytes);
        // The stats grow while the query runs; the last page's are the whole query's.
        if (typeof page.stats?.physicalInputBytes === 'number') physicalInputBytes = page.stats.physicalInputBytes;
        if (page.columns && columns.length === 0) {
          columns = page.columns.map((column) => ({ name: column.name, type: column.type.toLowerCase() }));
          converters = columns.map((column) => trinoValueConverter(column.type));
        }
        for (const row of page.data ?? []) {
          if (rows.length === options.rowCap) {
            truncated = true;
            break reading;
          }
          rows.push((row as unknown[]).map((value, index) => converters[index]!(value)));
        }
      }
      if (truncated) cancel();
      finished = true;
      // A query stopped at the row cap read only part of what it would: no figure is better than a wrong one.
      const scanned = !truncated && physicalInputBytes !== undefined && physicalInputBytes > 0 ? { bytesScanned: { bytes: physicalInputBytes, estimated: false } } : {};
      return { columns, rows, rowCount: rows.length, truncated, durationMs: performance.now() - startedAt, ...scanned };
    } catch (error) {
      if (deadline.reason) throw cancellationError(deadline.reason, options.timeoutMs, options.signal);
      if (error instanceof QueryFailedError || error instanceof QueryTimeoutError || error instanceof DatabaseUnavailableError) throw error;
      throw trinoTransportError(error, this.name, this.target(options.credential));
    } finally {
      deadline.clear();
    }
  }

  async introspect(): Promise<SchemaSummary> {
    if (this.requiresUserCredential) throw new UserCredentialRequiredError(this.name);
    const result = await this.runQuery(INTROSPECTION_SQL, { rowCap: INTROSPECTION_ROW_CAP, timeoutMs: INTROSPECTION_TIMEOUT_MS });
    return schemaSummaryFromRows(result.rows);
  }

  async close(): Promise<void> {
    // trino-client keeps no connections open between requests.
  }

  /** Where the statements go and every header they carry (the same for the query and its transaction). */
  private endpointFor(credential: UserDatabaseCredential | undefined, timeoutMs: number): TrinoEndpoint {
    if (this.requiresUserCredential && !credential) throw new UserCredentialRequiredError(this.name);
    const user = this.requiresUserCredential ? credential!.userName : (this.config.user ?? 'datathread');
    const session = [`query_max_execution_time=${Math.max(1, Math.ceil(timeoutMs / 1000))}s`];
    if (this.config.max_scan_bytes !== undefined) session.push(`query_max_scan_physical_bytes=${trinoDataSize(this.config.max_scan_bytes)}`);
    const headers: Record<string, string> = {
      'X-Trino-User': user,
      'X-Trino-Source': 'datathread',
      'X-Trino-Session': session.join(', '),
    };
    if (this.config.database) headers['X-Trino-Catalog'] = this.config.database;
    if (this.config.schema_name) headers['X-Trino-Schema'] = this.config.schema_name;
    if (this.requiresUserCredential) headers.Authorization = `Bearer ${credential!.accessToken}`;
    else if (this.config.password) headers.Authorization = `Basic ${Buffer.from(`${user}:${this.config.password}`).toString('base64')}`;
    return {
      server: `${this.config.ssl ? 'https' : 'http'}://${this.config.host}:${this.config.port ?? (this.config.ssl ? DEFAULT_HTTPS_PORT : DEFAULT_HTTP_PORT)}`,
      headers,
    };
  }

  private target(credential: UserDatabaseCredential | undefined): ConnectionTarget {
    return { host: this.config.host, port: this.config.port ?? DEFAULT_HTTP_PORT, secrets: [this.config.password, credential?.accessToken] };
  }
}


/**
 * Has trino-client parse each answer with parseTrinoResponse, so a BIGINT past 2^53 keeps its
 * digits. trino-client takes no option for it: the transform goes on the axios settings its
 * client keeps (and builds every request from); the contract suite checks the digits arrive.
 */
function keepBigIntegers(trino: Trino): void {
  const client = (trino as unknown as { client?: { clientConfig?: { transformResponse?: unknown } } }).client;
  if (client?.clientConfig) client.clientConfig.transformResponse = [parseTrinoResponse];
}

/**
 * The id Trino gave the query in its answer to the POST. trino-client keeps that answer inside its
 * iterator and yields only later pages, so without this a query could not be cancelled before its
 * first page arrives (a long aggregation sends none until it is done).
 */
function postedQueryId(pages: TrinoPages<QueryResult>): string | undefined {
  const inner = (pages as unknown as { iter?: { queryResult?: { id?: unknown } } }).iter;
  const id = inner?.queryResult?.id;
  return typeof id === 'string' ? id : undefined;
}
