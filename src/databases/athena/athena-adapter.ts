// Amazon Athena adapter (@aws-sdk/client-athena). A query is started in the configured workgroup
// with its results written to s3_staging_dir, its state polled (quickly at first, then at most
// once a second) until it succeeds, fails or the time is up; then GetQueryResults reads pages of
// up to 1,000 rows until rowCap + 1 rows have arrived. A timeout or the caller's abort stops the
// query with StopQueryExecution, so Athena stops scanning (and billing). The bytes the query
// scanned are reported with the rows.
//
// Credentials come from the standard AWS chain (environment, shared config and SSO, web identity,
// ECS and EC2 roles) unless the config names keys or a profile. Read-only is the IAM policy's and
// the Lake Formation grants' job (README): Athena has no read-only session.
import { AthenaClient, GetQueryExecutionCommand, GetQueryResultsCommand, StartQueryExecutionCommand, StopQueryExecutionCommand, type AthenaClientConfig, type QueryExecution } from '@aws-sdk/client-athena';
import type { DatabaseConfig } from '../database-config.js';
import type { ConnectionTarget } from '../connection-failure-detail.js';
import { DatabaseUnavailableError, QueryFailedError, QueryTimeoutError } from '../errors.js';
import { connectTimeoutMsOf, FirstContact } from '../connect-deadline.js';
import { createStopSignal, cancellationError, startQueryDeadline } from '../query-deadline.js';
import { INTROSPECTION_ROW_CAP, INTROSPECTION_TIMEOUT_MS, schemaSummaryFromRows } from '../schema-summary.js';
import type { DatabaseAdapter, JsonValue, QueryColumn, QueryRows, RunQueryOptions, SchemaSummary } from '../types.js';
import { athenaApiError, athenaFailedQueryError } from './athena-errors.js';
import { listTableComments } from './athena-table-comments.js';
import { athenaValueConverter } from './athena-values.js';

/** GetQueryResults returns at most 1,000 rows per call. */
const PAGE_ROWS = 1_000;
const FIRST_POLL_MS = 100;
const MAX_POLL_MS = 1_000;
const DEFAULT_WORK_GROUP = 'primary';

const INTROSPECTION_SQL = `
SELECT table_schema, table_name, column_name, data_type
FROM information_schema.columns
WHERE table_schema <> 'information_schema'
ORDER BY table_schema, table_name, ordinal_position`;

export class AthenaAdapter implements DatabaseAdapter {
  readonly dialect = 'athena' as const;
  readonly name: string;
  readonly allowsWrites: boolean;
  readonly allowsFileAccess = false;
  readonly requiresUserCredential = false;
  private readonly client: AthenaClient;
  private readonly firstContact = new FirstContact(() => ({ databaseName: this.name, where: `${this.config.host ?? `athena.${this.config.region_name}.amazonaws.com`}${this.config.port ? `:${this.config.port}` : ''}`, timeoutMs: connectTimeoutMsOf(this.config) }));

  constructor(private readonly config: DatabaseConfig) {
    this.name = config.name;
    this.allowsWrites = config.dangerously_allow_writes;
    this.client = new AthenaClient(clientConfig(config));
  }

  async runQuery(sql: string, options: RunQueryOptions): Promise<QueryRows> {
    options.signal?.throwIfAborted();
    const startedAt = performance.now();
    let queryId: string | undefined;
    let finished = false;
    const stopQuery = (id: string): void => {
      void this.client.send(new StopQueryExecutionCommand({ QueryExecutionId: id })).catch(() => undefined);
    };
    const { stopped, stop } = createStopSignal();
    const deadline = startQueryDeadline({
      cancelAfterMs: options.timeoutMs,
      signal: options.signal,
      cancel: (reason) => {
        if (queryId && !finished) stopQuery(queryId);
        stop(cancellationError(reason, options.timeoutMs, options.signal));
      },
    });
    try {
      const start = new StartQueryExecutionCommand({
        QueryString: sql,
        WorkGroup: this.config.work_group ?? DEFAULT_WORK_GROUP,
        ResultConfiguration: { OutputLocation: this.config.s3_staging_dir },
        ...(this.config.schema_name || this.config.catalog ? { QueryExecutionContext: { Database: this.config.schema_name, Catalog: this.config.catalog } } : {}),
      });
      // The first request to Athena is bounded by connect_timeout (and aborted at it) until Athena has answered once.
      const starting = this.firstContact.run(
        (signal) => this.client.send(start, signal ? { abortSignal: signal } : {}),
        (late) => late.QueryExecutionId && stopQuery(late.QueryExecutionId),
      );
      // Stopped before Athena answered: stop the query as soon as its id is known.
      starting.then((late) => deadline.reason && !queryId && late.QueryExecutionId && stopQuery(late.QueryExecutionId), () => undefined);
      queryId = (await Promise.race([starting, stopped])).QueryExecutionId!;
      const execution = await this.waitForCompletion(queryId, stopped);
      const { columns, rows, truncated } = await this.readResults(queryId, options.rowCap, stopped);
      finished = true;
      const scanned = execution.Statistics?.DataScannedInBytes;
      return { columns, rows, rowCount: rows.length, truncated, durationMs: performance.now() - startedAt, ...(scanned === undefined ? {} : { bytesScanned: { bytes: scanned, estimated: false } }) };
    } catch (error) {
      if (deadline.reason) throw cancellationError(deadline.reason, options.timeoutMs, options.signal);
      if (error instanceof QueryFailedError || error instanceof QueryTimeoutError || error instanceof DatabaseUnavailableError) throw error;
      throw athenaApiError(error, this.name, this.target());
    } finally {
      deadline.clear();
    }
  }

  /** Glue table comments of one database (for `datathread sync`): Athena has them through its API only. */
  async tableComments(database: string): Promise<Map<string, string>> {
    try {
      return await listTableComments(this.client, this.config.catalog, database);
    } catch (error) {
      throw athenaApiError(error, this.name, this.target());
    }
  }

  async introspect(): Promise<SchemaSummary> {
    const sql = this.config.schema_name
      ? INTROSPECTION_SQL.replace("WHERE table_schema <> 'information_schema'", `WHERE table_schema = '${this.config.schema_name.replaceAll("'", "''")}'`)
      : INTROSPECTION_SQL;
    const result = await this.runQuery(sql, { rowCap: INTROSPECTION_ROW_CAP, timeoutMs: INTROSPECTION_TIMEOUT_MS });
    return schemaSummaryFromRows(result.rows);
  }

  async close(): Promise<void> {
    this.client.destroy();
  }

  private async waitForCompletion(queryId: string, stopped: Promise<never>): Promise<QueryExecution> {
    let pollMs = FIRST_POLL_MS;
    while (true) {
      const { QueryExecution: execution } = await Promise.race([this.client.send(new GetQueryExecutionCommand({ QueryExecutionId: queryId })), stopped]);
      const state = execution?.Status?.State;
      if (state === 'SUCCEEDED') return execution!;
      if (state === 'FAILED') throw athenaFailedQueryError(execution?.Status?.StateChangeReason ?? execution?.Status?.AthenaError?.ErrorMessage, execution?.Status?.AthenaError?.ErrorCategory, this.name);
      if (state === 'CANCELLED') throw new QueryFailedError('Athena cancelled the query before it finished (someone stopped it, or the workgroup’s limits did).');
      await Promise.race([new Promise((resolve) => setTimeout(resolve, pollMs)), stopped]);
      pollMs = Math.min(pollMs * 2, MAX_POLL_MS);
    }
  }

  private async readResults(queryId: string, rowCap: number, stopped: Promise<never>): Promise<{ columns: QueryColumn[]; rows: JsonValue[][]; truncated: boolean }> {
    let columns: QueryColumn[] = [];
    let converters: ((text: string) => JsonValue)[] = [];
    const rows: JsonValue[][] = [];
    let nextToken: string | undefined;
    let first = true;
    while (true) {
      const page = await Promise.race([
        this.client.send(new GetQueryResultsCommand({ QueryExecutionId: queryId, MaxResults: Math.min(PAGE_ROWS, rowCap + 1 - rows.length + (first ? 1 : 0)), NextToken: nextToken })),
        stopped,
      ]);
      if (first) {
        columns = (page.ResultSet?.ResultSetMetadata?.ColumnInfo ?? []).map((column) => ({ name: column.Name ?? '', type: (column.Type ?? 'varchar').toLowerCase() }));
        converters = columns.map((column) => athenaValueConverter(column.type));
      }
      let cells = page.ResultSet?.Rows ?? [];
      // A SELECT's first page starts with a row of column names.
      if (first && cells.length > 0 && isHeaderRow(cells[0]?.Data, columns)) cells = cells.slice(1);
      first = false;
      for (const row of cells) {
        if (rows.length === rowCap) return { columns, rows, truncated: true };
        rows.push(columns.map((_, index) => {
          const text = row.Data?.[index]?.VarCharValue;
          return text === undefined ? null : converters[index]!(text);
        }));
      }
      if (!page.NextToken) return { columns, rows, truncated: false };
      nextToken = page.NextToken;
    }
  }

  private target(): ConnectionTarget {
    return { host: this.config.host ?? `athena.${this.config.region_name}.amazonaws.com`, port: this.config.port, secrets: [this.config.aws_secret_access_key, this.config.aws_session_token] };
  }
}

function isHeaderRow(data: { VarCharValue?: string }[] | undefined, columns: QueryColumn[]): boolean {
  return data !== undefined && data.length === columns.length && columns.every((column, index) => data[index]?.VarCharValue === column.name);
}

function clientConfig(config: DatabaseConfig): AthenaClientConfig {
  const client: AthenaClientConfig = { region: config.region_name };
  if (config.host) client.endpoint = `${config.ssl || !config.port ? 'https' : 'http'}://${config.host}${config.port ? `:${config.port}` : ''}`;
  if (config.aws_access_key_id && config.aws_secret_access_key) {
    client.credentials = { accessKeyId: config.aws_access_key_id, secretAccessKey: config.aws_secret_access_key, ...(config.aws_session_token ? { sessionToken: config.aws_session_token } : {}) };
  } else if (config.profile_name) {
    client.profile = config.profile_name;
  }
  return client;
}
