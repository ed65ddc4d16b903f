// ClickHouse adapter over its HTTP interface (@clickhouse/client). Every query carries
// readonly=1 (the server refuses writes and setting changes for that query), or readonly=2 for a
// query whose own SETTINGS clause the statement gate has vetted (see readonlyLevel), and
// max_execution_time, gets its own query id, and streams its result: at most rowCap + 1 rows are
// read, and the server is told to stop producing rows past that (result_overflow_mode=break).
// A timeout or the caller's abort closes the request and sends KILL QUERY for that id.
import { randomUUID } from 'node:crypto';
import { createClient, ClickHouseLogLevel, type ClickHouseClient, type ResultSet } from '@clickhouse/client';
import type { DatabaseConfig } from '../database-config.js';
import type { ConnectionTarget } from '../connection-failure-detail.js';
import { connectTimeoutMsOf, FirstContact } from '../connect-deadline.js';
import { QueryFailedError, UserCredentialRequiredError } from '../errors.js';
import { checkReadOnly, initStatementGate } from '../../sql/statement-gate.js';
import { tokenizeSql } from '../../sql/sql-tokenizer.js';
import { clickhouseRules } from './clickhouse-rules.js';
import { cancellationError, startQueryDeadline } from '../query-deadline.js';
import { INTROSPECTION_ROW_CAP, INTROSPECTION_TIMEOUT_MS, schemaSummaryFromRows } from '../schema-summary.js';
import type { DatabaseAdapter, JsonValue, QueryColumn, QueryRows, RunQueryOptions, SchemaSummary, UserDatabaseCredential } from '../types.js';
import { clickhouseQueryError } from './clickhouse-errors.js';
import { clickhouseValueConverter } from './clickhouse-values.js';

const DEFAULT_HTTP_PORT = 8123;
const DEFAULT_HTTPS_PORT = 8443;
/** max_execution_time normally ends the query; closing the request is only the backstop. */
const CANCEL_GRACE_MS = 1_000;
const KILL_TIMEOUT_MS = 5_000;
/** Our own deadline ends queries; the client's request timeout must never come first. */
const REQUEST_TIMEOUT_MS = 24 * 60 * 60 * 1000;
const RESULT_FORMAT = 'JSONCompactEachRowWithNamesAndTypes';

const INTROSPECTION_SQL = `
SELECT database, table, name, type
FROM system.columns
WHERE database NOT IN ('system', 'INFORMATION_SCHEMA', 'information_schema')
ORDER BY database, table, position`;

export interface ClickHouseAdapterOptions {
  /** Query ids (ClickHouse's query_id); injected so tests can name the query they cancel. */
  createQueryId?: () => string;
}

export class ClickHouseAdapter implements DatabaseAdapter {
  readonly dialect = 'clickhouse' as const;
  readonly name: string;
  readonly allowsWrites: boolean;
  readonly allowsFileAccess = false;
  readonly requiresUserCredential: boolean;
  private client: ClickHouseClient | undefined;
  private readonly createQueryId: () => string;
  private readonly firstContact = new FirstContact(() => ({ databaseName: this.name, where: `${this.config.host}:${this.config.port ?? (this.config.ssl ? DEFAULT_HTTPS_PORT : DEFAULT_HTTP_PORT)}`, timeoutMs: connectTimeoutMsOf(this.config) }));

  constructor(
    private readonly config: DatabaseConfig,
    options: ClickHouseAdapterOptions = {},
  ) {
    this.name = config.name;
    this.allowsWrites = config.dangerously_allow_writes;
    this.requiresUserCredential = config.auth_mode === 'azure_entra_id';
    this.createQueryId = options.createQueryId ?? randomUUID;
  }

  async runQuery(sql: string, options: RunQueryOptions): Promise<QueryRows> {
    options.signal?.throwIfAborted();
    const auth = this.authFor(options.credential);
    const client = this.shared();
    const queryId = this.createQueryId();
    const readonly = this.allowsWrites ? undefined : await readonlyLevel(sql);
    // Plain HTTP keeps no connection to open: a /ping within connect_timeout stands for it, until the server has answered once.
    await this.firstContact.ensure(async (signal) => {
      const ping = await client.ping({ select: false, abort_signal: signal });
      if (!ping.success && !signal.aborted) throw clickhouseQueryError(ping.error, this.name, options.timeoutMs, this.target(options.credential), this.config.max_scan_bytes);
    });
    const startedAt = performance.now();
    const request = new AbortController();
    const deadline = startQueryDeadline({
      cancelAfterMs: options.timeoutMs + CANCEL_GRACE_MS,
      signal: options.signal,
      cancel: () => {
        request.abort();
        void this.killQuery(queryId, auth);
      },
    });
    let resultSet: ResultSet<typeof RESULT_FORMAT> | undefined;
    try {
      resultSet = await client.query({
        query: sql,
        format: RESULT_FORMAT,
        query_id: queryId,
        abort_signal: request.signal,
        auth,
        clickhouse_settings: {
          ...(readonly === undefined ? {} : { readonly }),
          max_execution_time: Math.max(1, Math.ceil(options.timeoutMs / 1000)),
          max_result_rows: String(options.rowCap + 1),
          // The engine stops a query that would read more than the database's cap (TOO_MANY_BYTES).
          ...(this.config.max_scan_bytes === undefined ? {} : { max_bytes_to_read: String(this.config.max_scan_bytes), read_overflow_mode: 'throw' as const }),
          result_overflow_mode: 'break',
          // 64-bit integers and decimals as text, so no digit is lost on the way through JSON.
          output_format_json_quote_64bit_integers: 1,
          output_format_json_quote_decimals: 1,
        },
      });
      return await readCapped(resultSet, options.rowCap, startedAt);
    } catch (error) {
      if (deadline.reason === 'abort') throw cancellationError('abort', options.timeoutMs, options.signal);
      if (deadline.reason === 'timeout') throw cancellationError('timeout', options.timeoutMs, options.signal);
      if (error instanceof QueryFailedError) throw error;
      throw clickhouseQueryError(error, this.name, options.timeoutMs, this.target(options.credential), this.config.max_scan_bytes);
    } finally {
      deadline.clear();
      resultSet?.close();
    }
  }

  async introspect(): Promise<SchemaSummary> {
    if (this.requiresUserCredential) throw new UserCredentialRequiredError(this.name);
    const result = await this.runQuery(INTROSPECTION_SQL, { rowCap: INTROSPECTION_ROW_CAP, timeoutMs: INTROSPECTION_TIMEOUT_MS });
    return schemaSummaryFromRows(result.rows);
  }

  async close(): Promise<void> {
    const client = this.client;
    this.client = undefined;
    await client?.close();
  }

  /** KILL QUERY for our own query id, from a separate request; best effort (max_execution_time still applies). */
  private async killQuery(queryId: string, auth: { access_token: string } | undefined): Promise<void> {
    try {
      await this.shared().command({ query: `KILL QUERY WHERE query_id = '${queryId.replace(/[^A-Za-z0-9_-]/g, '')}'`, auth, clickhouse_settings: { max_execution_time: KILL_TIMEOUT_MS / 1000 } });
    } catch {
      // The request was already closed; the server ends the query at max_execution_time at the latest.
    }
  }

  private authFor(credential: UserDatabaseCredential | undefined): { access_token: string } | undefined {
    if (!this.requiresUserCredential) return undefined;
    // Never fall back to the configured user/password: the person's own token or nothing.
    if (!credential) throw new UserCredentialRequiredError(this.name);
    return { access_token: credential.accessToken };
  }

  private shared(): ClickHouseClient {
    this.client ??= createClient({
      url: `${this.config.ssl ? 'https' : 'http'}://${this.config.host}:${this.config.port ?? (this.config.ssl ? DEFAULT_HTTPS_PORT : DEFAULT_HTTP_PORT)}`,
      username: this.config.user ?? 'default',
      password: this.config.password ?? '',
      database: this.config.database ?? this.config.schema_name ?? 'default',
      application: 'datathread',
      compression: { request: false, response: false },
      request_timeout: REQUEST_TIMEOUT_MS,
      log: { level: ClickHouseLogLevel.OFF },
    });
    return this.client;
  }

  private target(credential: UserDatabaseCredential | undefined): ConnectionTarget {
    return { host: this.config.host, port: this.config.port ?? DEFAULT_HTTP_PORT, secrets: [this.config.password, credential?.accessToken] };
  }
}

/**
 * readonly=1 lets a query change no setting at all, so a query's own `SETTINGS max_threads = 1`
 * fails on the server; readonly=2 lets it change every setting but `readonly`, including the
 * limits this adapter sets, and lets file table functions run. So readonly=2 goes only with a
 * statement that the gate allows whole and in which it read at least one SETTINGS clause: every
 * clause, at any depth (subquery, CTE, UNION branch), names only harmless settings
 * (CLICKHOUSE_ALLOWED_QUERY_SETTINGS). The word alone (`AS settings`, `t.settings`) is no clause and
 * keeps readonly=1. The gate is asked here again, so a caller that skipped execute_sql's gate gets
 * the same answer; a statement with the word that the gate refuses never reaches the server.
 */
async function readonlyLevel(sql: string): Promise<'1' | '2'> {
  const tokens = tokenizeSql(sql, clickhouseRules.lexical).tokens;
  if (!tokens.some((token) => token.kind === 'word' && token.text.toUpperCase() === 'SETTINGS')) return '1';
  await initStatementGate();
  const verdict = checkReadOnly(sql, { dialect: 'clickhouse', allowFileAccess: false });
  if (!verdict.allowed) throw new QueryFailedError(`Refused before reaching the database: ${verdict.reason}`);
  if (verdict.statementCount > 1) throw new QueryFailedError('Refused before reaching the database: send one statement per query.');
  return (verdict.querySettingsClauses ?? 0) > 0 ? '2' : '1';
}

/** Reads names, types, then at most rowCap + 1 rows from the stream, and stops. */
async function readCapped(resultSet: ResultSet<typeof RESULT_FORMAT>, rowCap: number, startedAt: number): Promise<QueryRows> {
  let names: string[] | undefined;
  let columns: QueryColumn[] = [];
  let converters: ((value: unknown) => JsonValue)[] = [];
  const rows: JsonValue[][] = [];
  let truncated = false;
  reading: for await (const batch of resultSet.stream()) {
    for (const row of batch) {
      const values = row.json<unknown[]>();
      if (!names) {
        names = values.map(String);
        continue;
      }
      if (columns.length === 0 && names.length > 0) {
        columns = names.map((name, index) => ({ name, type: String(values[index]).toLowerCase() }));
        converters = columns.map((column) => clickhouseValueConverter(column.type));
        continue;
      }
      if (rows.length === rowCap) {
        truncated = true;
        break reading;
      }
      rows.push(values.map((value, index) => converters[index]!(value)));
    }
  }
  return { columns, rows, rowCount: rows.length, truncated, durationMs: performance.now() - startedAt };
}
