// BigQuery adapter over the REST API (@google-cloud/bigquery). Every query is dry-run first: the
// dry run's statementType must be SELECT (the engine's own verdict, a second gate behind the
// statement gate) and its totalBytesProcessed must fit maximum_bytes_billed (10 GB unless
// configured) — a costly query is refused with its estimate before it runs or bills anything.
// The job then runs with maximumBytesBilled set (BigQuery enforces the budget itself too) and
// jobTimeoutMs; its result is read page by page until rowCap + 1 rows have arrived. A timeout or
// the caller's abort cancels the job (jobs.cancel), whose id is chosen here so even a job whose
// insert has not answered yet can be cancelled.
//
// Credentials: a service-account key (credentials_json / credentials_path) signs its own JWT for
// each request (no token endpoint round trip); any other credentials file (workload identity
// federation's external_account, authorized_user) or none (Application Default Credentials:
// GOOGLE_APPLICATION_CREDENTIALS, the metadata server on Google Cloud) goes through
// google-auth-library's standard chain. Read-only is the IAM role's job (README): BigQuery has
// no read-only session.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { BigQuery, type BigQueryOptions, type Job, type Query } from '@google-cloud/bigquery';
import { JWT } from 'google-auth-library';
import type { DatabaseConfig } from '../database-config.js';
import type { ConnectionTarget } from '../connection-failure-detail.js';
import { formatByteCount } from '../format-byte-count.js';
import { DatabaseUnavailableError, QueryFailedError, QueryTimeoutError } from '../errors.js';
import { connectTimeoutMsOf, FirstContact } from '../connect-deadline.js';
import { createStopSignal, cancellationError, startQueryDeadline } from '../query-deadline.js';
import { INTROSPECTION_ROW_CAP, INTROSPECTION_TIMEOUT_MS, schemaSummaryFromRows } from '../schema-summary.js';
import type { DatabaseAdapter, JsonValue, QueryColumn, QueryRows, RunQueryOptions, SchemaSummary } from '../types.js';
import { bigQueryError, bigQueryReason } from './bigquery-errors.js';
import { bigQueryRow, bigQueryTypeName, type BigQuerySchemaField } from './bigquery-values.js';

export const BIGQUERY_SCOPE = 'https://www.googleapis.com/auth/bigquery';
/** The default budget one query may scan: 10 GB (BigQuery's on-demand price is per TB scanned). */
export const DEFAULT_MAXIMUM_BYTES_BILLED = 10 * 1000 ** 3;
/** Rows asked for per results page; a page is also capped at 10 MB by BigQuery itself. */
const PAGE_ROWS = 10_000;
/** jobTimeoutMs normally ends the job; the client-side cancel is only the backstop. */
const CANCEL_GRACE_MS = 1_000;

interface ServiceAccountKey {
  type?: string;
  client_email?: string;
  private_key?: string;
  private_key_id?: string;
}

interface ResultsPage {
  jobComplete?: boolean;
  schema?: { fields?: BigQuerySchemaField[] };
  rows?: { f?: { v?: unknown }[] }[];
  pageToken?: string;
}

export class BigQueryAdapter implements DatabaseAdapter {
  readonly dialect = 'bigquery' as const;
  readonly name: string;
  readonly allowsWrites: boolean;
  readonly allowsFileAccess = false;
  readonly requiresUserCredential = false;
  private readonly client: BigQuery;
  private readonly maximumBytesBilled: number;
  private readonly firstContact = new FirstContact(() => ({ databaseName: this.name, where: this.config.host ? `${this.config.host}${this.config.port ? `:${this.config.port}` : ''}` : 'bigquery.googleapis.com', timeoutMs: connectTimeoutMsOf(this.config) }));

  constructor(private readonly config: DatabaseConfig) {
    this.name = config.name;
    this.allowsWrites = config.dangerously_allow_writes;
    this.maximumBytesBilled = config.max_scan_bytes ?? config.maximum_bytes_billed ?? DEFAULT_MAXIMUM_BYTES_BILLED;
    this.client = new BigQuery(clientOptions(config));
  }

  async runQuery(sql: string, options: RunQueryOptions): Promise<QueryRows> {
    options.signal?.throwIfAborted();
    const startedAt = performance.now();
    const jobId = `datathread_${randomUUID().replaceAll('-', '')}`;
    let started = false;
    let finished = false;
    const { stopped, stop } = createStopSignal();
    const deadline = startQueryDeadline({
      cancelAfterMs: options.timeoutMs + CANCEL_GRACE_MS,
      signal: options.signal,
      cancel: (reason) => {
        if (started && !finished) void this.client.job(jobId, { location: this.config.location }).cancel().catch(() => undefined);
        stop(cancellationError(reason, options.timeoutMs, options.signal));
      },
    });
    try {
      // The dry run is the first request: bounded by connect_timeout until the API has answered once.
      const estimatedBytes = await Promise.race([this.firstContact.run(() => this.dryRun(sql)), stopped]);
      started = true;
      const [job] = await Promise.race([this.client.createQueryJob(this.queryRequest(sql, { jobId, jobTimeoutMs: options.timeoutMs, maximumBytesBilled: String(this.maximumBytesBilled) })), stopped]);
      const { columns, rows, truncated } = await this.readResults(job, options.rowCap, stopped);
      if (deadline.reason) throw cancellationError(deadline.reason, options.timeoutMs, options.signal);
      finished = true;
      return { columns, rows, rowCount: rows.length, truncated, durationMs: performance.now() - startedAt, bytesScanned: { bytes: estimatedBytes, estimated: true } };
    } catch (error) {
      if (deadline.reason) throw cancellationError(deadline.reason, options.timeoutMs, options.signal);
      if (error instanceof QueryFailedError || error instanceof QueryTimeoutError || error instanceof DatabaseUnavailableError) throw error;
      // A job BigQuery stopped for reasons of its own (not our cancel) is reported as it is.
      if (bigQueryReason(error) === 'stopped') throw new QueryFailedError('BigQuery cancelled the job before it finished.');
      throw bigQueryError(error, this.name, this.target(), options.timeoutMs);
    } finally {
      deadline.clear();
    }
  }

  async introspect(): Promise<SchemaSummary> {
    const project = this.config.project_id!;
    // One dataset's columns, or every dataset's in the configured location (region-qualified view).
    const view = this.config.dataset_id
      ? `\`${project}.${this.config.dataset_id}\`.INFORMATION_SCHEMA.COLUMNS`
      : `\`${project}\`.\`region-${(this.config.location ?? 'us').toLowerCase()}\`.INFORMATION_SCHEMA.COLUMNS`;
    const sql = `SELECT table_schema, table_name, column_name, data_type FROM ${view} ORDER BY table_schema, table_name, ordinal_position`;
    const result = await this.runQuery(sql, { rowCap: INTROSPECTION_ROW_CAP, timeoutMs: INTROSPECTION_TIMEOUT_MS });
    return schemaSummaryFromRows(result.rows);
  }

  async close(): Promise<void> {
    // The REST client keeps no connection open between requests.
  }

  /** The dry run's verdict: refuses anything but a SELECT and anything over budget; returns the bytes it would scan. */
  private async dryRun(sql: string): Promise<number> {
    const [job] = await this.client.createQueryJob(this.queryRequest(sql, { dryRun: true }));
    const statistics = job.metadata?.statistics?.query as { statementType?: string; totalBytesProcessed?: string } | undefined;
    const statementType = statistics?.statementType ?? 'UNKNOWN';
    const bytes = Number(statistics?.totalBytesProcessed ?? job.metadata?.statistics?.totalBytesProcessed ?? 0);
    if (!this.allowsWrites && statementType !== 'SELECT') {
      throw new QueryFailedError(`BigQuery's dry run reads this as a ${statementType} statement, not a SELECT, so it was not run. Only read-only queries are allowed: rewrite it as a single SELECT.`);
    }
    if (bytes > this.maximumBytesBilled) {
      throw new QueryFailedError(
        `BigQuery estimates this query would scan ${formatByteCount(bytes)}, over this database's maximum_bytes_billed of ${formatByteCount(this.maximumBytesBilled)}, so it was not run. Scan less: select only the columns needed, filter on partition or clustering columns, or aggregate over a narrower date range.`,
      );
    }
    return bytes;
  }

  private queryRequest(sql: string, extra: Partial<Query>): Query {
    return {
      query: sql,
      useLegacySql: false,
      ...(this.config.location ? { location: this.config.location } : {}),
      ...(this.config.dataset_id ? { defaultDataset: { projectId: this.config.project_id, datasetId: this.config.dataset_id } } : {}),
      labels: { client: 'datathread' },
      ...extra,
    };
  }

  private async readResults(job: Job, rowCap: number, stopped: Promise<never>): Promise<{ columns: QueryColumn[]; rows: JsonValue[][]; truncated: boolean }> {
    let fields: BigQuerySchemaField[] = [];
    const rows: JsonValue[][] = [];
    let pageToken: string | undefined;
    while (true) {
      const wanted = Math.min(PAGE_ROWS, rowCap + 1 - rows.length);
      const [, , response] = await Promise.race([
        job.getQueryResults({ autoPaginate: false, skipParsing: true, maxResults: wanted, ...(pageToken ? { pageToken } : {}) }),
        stopped,
      ]);
      const page = (response ?? {}) as ResultsPage;
      if (page.jobComplete === false) continue;
      if (page.schema?.fields && fields.length === 0) fields = page.schema.fields;
      for (const row of page.rows ?? []) {
        if (rows.length === rowCap) return { columns: columnsOf(fields), rows, truncated: true };
        rows.push(bigQueryRow(row, fields));
      }
      if (!page.pageToken) return { columns: columnsOf(fields), rows, truncated: false };
      if (rows.length === rowCap) return { columns: columnsOf(fields), rows, truncated: true };
      pageToken = page.pageToken;
    }
  }

  private target(): ConnectionTarget {
    return { host: this.config.host ?? 'bigquery.googleapis.com', port: this.config.port, secrets: [serviceAccountKey(this.config)?.private_key] };
  }
}

function columnsOf(fields: readonly BigQuerySchemaField[]): QueryColumn[] {
  return fields.map((field) => ({ name: field.name, type: bigQueryTypeName(field) }));
}

/** The credentials JSON the config gives inline or by path, when it gives one. */
function credentialsJson(config: DatabaseConfig): Record<string, unknown> | undefined {
  if (config.credentials_json !== undefined) {
    return typeof config.credentials_json === 'string' ? (JSON.parse(config.credentials_json) as Record<string, unknown>) : config.credentials_json;
  }
  if (config.credentials_path) return JSON.parse(readFileSync(config.credentials_path, 'utf8')) as Record<string, unknown>;
  return undefined;
}

function serviceAccountKey(config: DatabaseConfig): ServiceAccountKey | undefined {
  const json = credentialsJson(config) as ServiceAccountKey | undefined;
  return json?.type === 'service_account' ? json : undefined;
}

function clientOptions(config: DatabaseConfig): BigQueryOptions {
  const options: BigQueryOptions = { projectId: config.project_id, ...(config.location ? { location: config.location } : {}) };
  if (config.host) options.apiEndpoint = `${config.ssl || !config.port ? 'https' : 'http'}://${config.host}${config.port ? `:${config.port}` : ''}`;
  const json = credentialsJson(config);
  const key = serviceAccountKey(config);
  if (key?.client_email && key.private_key) {
    // A self-signed JWT with the BigQuery scope, which Google accepts in place of an access token.
    const jwt = new JWT({ email: key.client_email, key: key.private_key, keyId: key.private_key_id, scopes: [BIGQUERY_SCOPE] });
    jwt.useJWTAccessWithScope = true;
    options.authClient = jwt;
  } else if (json) {
    options.credentials = json;
  }
  return options;
}
