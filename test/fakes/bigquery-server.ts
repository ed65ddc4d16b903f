// A local server that speaks BigQuery's REST API (v2) and executes on DuckDB, so the real
// `@google-cloud/bigquery` client can be driven end to end through its `apiEndpoint` option:
// - jobs.insert (POST /projects/{p}/jobs): a dry run answers at once with statistics.query
//   (statementType, totalBytesProcessed) and runs nothing; a real job starts and answers RUNNING.
//   configuration.query.maximumBytesBilled fails the job with bytesBilledLimitExceeded when the
//   estimate is over it; configuration.jobTimeoutMs fails it with `timeout`.
// - jobs.query (POST /projects/{p}/queries): the same job, answered with its first page when it
//   finishes within timeoutMs.
// - getQueryResults (GET /projects/{p}/queries/{jobId}): waits up to timeoutMs, answers
//   jobComplete false while the job runs, then pages of maxResults rows with a pageToken while
//   more remain (read on demand from a streaming DuckDB result: pages must be read in order).
// - jobs.get and jobs.cancel (POST /projects/{p}/jobs/{jobId}/cancel), which interrupts DuckDB.
//
// Every request needs `Authorization: Bearer <JWT>`: a self-signed service-account JWT (RS256)
// whose signature verifies with the configured service account's public key, issued by its
// client_email, with the BigQuery scope and not expired — what Google accepts in place of an
// OAuth access token. The byte estimate comes from test/fakes/scan-estimate.ts.
// `readOnly` plays the BigQuery Data Viewer role: a statement that is not a query is denied.
//
// The project is a DuckDB database attached under the project id; datasets are its schemas.
// Descriptions (COMMENT ON) show in INFORMATION_SCHEMA.TABLE_OPTIONS and COLUMN_FIELD_PATHS
// (bigquery-catalog-views.ts).
import { createPublicKey, createVerify, randomUUID, type KeyObject } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { DuckDBInstance, JsonDuckDBValueConverter, StatementType, type DuckDBConnection, type DuckDBResult } from '@duckdb/node-api';
import { withBigQueryCatalogViews } from './bigquery-catalog-views.js';
import { estimateScannedBytes } from './scan-estimate.js';
import { bigQueryCell, bigQueryField, type BigQueryField } from './bigquery-types.js';

export const BIGQUERY_SCOPE = 'https://www.googleapis.com/auth/bigquery';

export interface FakeBigQueryOptions {
  projectId: string;
  /** DuckDB statements run once at start inside the project (CREATE SCHEMA shop, CREATE TABLE shop.sales …). */
  setup: string[];
  /** The service account whose self-signed JWTs are accepted. */
  serviceAccount: { clientEmail: string; publicKeyPem: string };
  /** Bytes a table counts for in the estimate, by table name (a "huge" table without huge data). */
  tableBytes?: Record<string, number>;
  readOnly?: boolean;
  /** Rows per page when the request gives no maxResults. */
  pageRows?: number;
}

export interface RecordedBigQueryRequest {
  method: string;
  path: string;
  /** The JWT's issuer when it verified, else null. */
  principal: string | null;
  body: Record<string, unknown> | null;
}

export interface BigQueryJobRecord {
  jobId: string;
  sql: string;
  dryRun: boolean;
  state: 'PENDING' | 'RUNNING' | 'DONE';
  errorReason: string | null;
  maximumBytesBilled: string | null;
  estimatedBytes: number;
  rowsServed: number;
  pagesServed: number;
  cancelled: boolean;
}

export interface FakeBigQuery {
  url: string;
  requests: RecordedBigQueryRequest[];
  jobs: BigQueryJobRecord[];
  /** Runs SQL directly on the DuckDB behind the server (checking that data is unchanged). */
  inspect(sql: string): Promise<unknown[][]>;
  close(): Promise<void>;
}

interface JobError {
  reason: string;
  message: string;
  status: number;
}

interface Job {
  record: BigQueryJobRecord;
  location: string;
  defaultDataset: string | null;
  statementType: string;
  connection?: DuckDBConnection;
  result?: DuckDBResult;
  fields?: BigQueryField[];
  /** Rows read from DuckDB and not yet served. */
  buffered: unknown[][];
  ended: boolean;
  offset: number;
  error?: JobError;
  finished: Promise<void>;
  timer?: NodeJS.Timeout;
}

const DEFAULT_PAGE_ROWS = 10_000;
/** How long getQueryResults waits for a running job when the request names no timeoutMs. */
const DEFAULT_WAIT_MS = 10_000;

const STATEMENT_TYPES: Partial<Record<StatementType, string>> = {
  [StatementType.SELECT]: 'SELECT',
  [StatementType.INSERT]: 'INSERT',
  [StatementType.UPDATE]: 'UPDATE',
  [StatementType.DELETE]: 'DELETE',
  [StatementType.CREATE]: 'CREATE_TABLE',
  [StatementType.DROP]: 'DROP_TABLE',
  [StatementType.ALTER]: 'ALTER_TABLE',
  [StatementType.EXPLAIN]: 'SELECT',
};

export async function startFakeBigQuery(options: FakeBigQueryOptions): Promise<FakeBigQuery> {
  const instance = await DuckDBInstance.create(':memory:');
  const admin = await instance.connect();
  const project = options.projectId;
  await admin.run(`ATTACH ':memory:' AS "${project}"`);
  await admin.run(`USE "${project}"`);
  for (const statement of options.setup) await admin.run(statement);
  await admin.run(bigQueryTypeMacro(project));
  const publicKey = createPublicKey(options.serviceAccount.publicKeyPem);
  const requests: RecordedBigQueryRequest[] = [];
  const jobs = new Map<string, Job>();
  let baseUrl = '';

  const translate = (sql: string, job: Pick<Job, 'defaultDataset'>): string =>
    withBigQueryCatalogViews(sql, project, job.defaultDataset)
      .replace(/(?:`[^`.]+`\.)?`([^`]*)`\.INFORMATION_SCHEMA\.COLUMNS/gi, (_, qualifier: string) => columnsView(project, qualifier.split('.').at(-1)!))
      .replace(/(?:`[^`]+`\.)?INFORMATION_SCHEMA\.COLUMNS/gi, () => columnsView(project, job.defaultDataset ?? 'region'))
      .replace(/`([^`]*)`/g, (_, name: string) => name.split('.').map((part) => `"${part}"`).join('.'));

  const classify = async (sql: string, job: Pick<Job, 'defaultDataset'>): Promise<string> => {
    const connection = await instance.connect();
    try {
      await connection.run(`USE "${project}"${job.defaultDataset ? `."${job.defaultDataset}"` : ''}`);
      const extracted = await connection.extractStatements(translate(sql, job));
      if (extracted.count !== 1) return 'SCRIPT';
      const prepared = await extracted.prepare(0);
      return STATEMENT_TYPES[prepared.statementType] ?? 'SCRIPT';
    } finally {
      connection.closeSync();
    }
  };

  const finish = (job: Job): void => {
    if (job.timer) clearTimeout(job.timer);
    job.connection?.closeSync();
    job.connection = undefined;
  };

  const fail = (job: Job, error: JobError): void => {
    job.error ??= error;
    job.record.errorReason = job.error.reason;
    job.record.state = 'DONE';
    finish(job);
  };

  const run = async (job: Job): Promise<void> => {
    const connection = await instance.connect();
    job.connection = connection;
    await connection.run(`USE "${project}"${job.defaultDataset ? `."${job.defaultDataset}"` : ''}`);
    const prepared = await connection.prepare(translate(job.record.sql, job));
    if (job.record.cancelled || job.error) return;
    if (options.readOnly && prepared.statementType !== StatementType.SELECT) {
      throw { reason: 'accessDenied', status: 403, message: `Access Denied: Project ${project}: User does not have permission to run ${job.statementType} statements (the role is BigQuery Data Viewer).` } satisfies JobError;
    }
    job.result = await prepared.stream();
    job.fields = job.result.columnNames().map((name, index) => bigQueryField(name, job.result!.columnTypes()[index]!));
    // The job is DONE once the engine produced its first rows (or knows there are none).
    await readChunk(job);
    job.record.state = 'DONE';
  };

  const readChunk = async (job: Job): Promise<void> => {
    const chunk = await job.result!.fetchChunk();
    if (!chunk || chunk.rowCount === 0) {
      job.ended = true;
      finish(job);
      return;
    }
    for (const row of chunk.convertRows(JsonDuckDBValueConverter)) job.buffered.push(row);
  };

  const createJob = async (body: Record<string, unknown>, dryRunOverride?: boolean): Promise<Job> => {
    const configuration = (body.configuration ?? {}) as Record<string, unknown>;
    const query = (configuration.query ?? body) as Record<string, unknown>;
    const reference = (body.jobReference ?? {}) as Record<string, unknown>;
    const defaultDataset = (query.defaultDataset as { datasetId?: string } | undefined)?.datasetId ?? null;
    const sql = String(query.query ?? '');
    const dryRun = dryRunOverride ?? configuration.dryRun === true;
    const job: Job = {
      record: {
        jobId: typeof reference.jobId === 'string' ? reference.jobId : `job_${randomUUID().replaceAll('-', '')}`,
        sql,
        dryRun,
        state: 'PENDING',
        errorReason: null,
        maximumBytesBilled: query.maximumBytesBilled === undefined ? null : String(query.maximumBytesBilled),
        estimatedBytes: 0,
        rowsServed: 0,
        pagesServed: 0,
        cancelled: false,
      },
      location: typeof reference.location === 'string' ? reference.location : typeof body.location === 'string' ? body.location : 'US',
      defaultDataset,
      statementType: 'SELECT',
      buffered: [],
      ended: false,
      offset: 0,
      finished: Promise.resolve(),
    };
    jobs.set(job.record.jobId, job);
    if (query.useLegacySql !== false) {
      fail(job, { reason: 'invalidQuery', status: 400, message: 'datathread test server: only GoogleSQL (useLegacySql: false) is modelled' });
      return job;
    }
    try {
      job.statementType = await classify(sql, job);
      job.record.estimatedBytes = await estimateScannedBytes(admin, project, sql, options.tableBytes);
    } catch (error) {
      fail(job, invalidQuery(error));
      return job;
    }
    if (dryRun) {
      job.record.state = 'DONE';
      return job;
    }
    const limit = job.record.maximumBytesBilled;
    if (limit !== null && job.record.estimatedBytes > Number(limit)) {
      fail(job, { reason: 'bytesBilledLimitExceeded', status: 400, message: `Query exceeded limit for bytes billed: ${limit}. ${job.record.estimatedBytes} or higher required.` });
      return job;
    }
    job.record.state = 'RUNNING';
    const timeoutMs = Number(configuration.jobTimeoutMs ?? 0);
    if (timeoutMs > 0) {
      job.timer = setTimeout(() => {
        if (job.record.state === 'DONE') return;
        job.error = { reason: 'timeout', status: 400, message: `Job execution was cancelled: Job timed out after ${timeoutMs / 1000} sec` };
        job.connection?.interrupt();
      }, timeoutMs);
    }
    job.finished = run(job).catch((error: unknown) => fail(job, job.error ?? (isJobError(error) ? error : job.record.cancelled ? cancelledError() : invalidQuery(error))));
    return job;
  };

  const jobResource = (job: Job) => ({
    kind: 'bigquery#job',
    id: `${project}:${job.location}.${job.record.jobId}`,
    jobReference: { projectId: project, jobId: job.record.jobId, location: job.location },
    configuration: { jobType: 'QUERY', dryRun: job.record.dryRun, query: { query: job.record.sql, useLegacySql: false, ...(job.record.maximumBytesBilled ? { maximumBytesBilled: job.record.maximumBytesBilled } : {}) } },
    status: { state: job.record.state, ...(job.error ? { errorResult: { reason: job.error.reason, message: job.error.message }, errors: [{ reason: job.error.reason, message: job.error.message }] } : {}) },
    statistics: {
      totalBytesProcessed: String(job.record.estimatedBytes),
      query: {
        statementType: job.statementType,
        totalBytesProcessed: String(job.record.estimatedBytes),
        ...(job.record.dryRun ? {} : { totalBytesBilled: String(job.record.estimatedBytes) }),
        ...(job.fields ? { schema: { fields: job.fields } } : {}),
      },
    },
  });

  const waitFor = async (job: Job, waitMs: number): Promise<void> => {
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([job.finished, new Promise<void>((resolve) => (timer = setTimeout(resolve, waitMs)))]);
    clearTimeout(timer);
  };

  const resultsPage = async (job: Job, query: URLSearchParams): Promise<[number, unknown]> => {
    await waitFor(job, Number(query.get('timeoutMs') ?? DEFAULT_WAIT_MS));
    if (job.error) return [job.error.status, errorBody(job.error)];
    const reference = { projectId: project, jobId: job.record.jobId, location: job.location };
    if (job.record.state !== 'DONE') return [200, { kind: 'bigquery#getQueryResultsResponse', jobReference: reference, jobComplete: false }];
    const offset = Number(query.get('pageToken') ?? query.get('startIndex') ?? 0);
    if (offset !== job.offset) return [400, errorBody({ reason: 'invalid', status: 400, message: `datathread test server: pages must be read in order (asked ${offset}, next is ${job.offset})` })];
    const maxResults = Number(query.get('maxResults') ?? options.pageRows ?? DEFAULT_PAGE_ROWS);
    const int64Timestamps = query.get('formatOptions.useInt64Timestamp') === 'true';
    const rows: unknown[][] = [];
    try {
      while (rows.length < maxResults) {
        if (job.buffered.length === 0) {
          if (job.ended || !job.result) break;
          await readChunk(job);
          continue;
        }
        rows.push(...job.buffered.splice(0, maxResults - rows.length));
      }
    } catch (error) {
      fail(job, job.error ?? (job.record.cancelled ? cancelledError() : invalidQuery(error)));
      return [job.error!.status, errorBody(job.error!)];
    }
    job.offset += rows.length;
    job.record.rowsServed += rows.length;
    job.record.pagesServed += 1;
    const more = job.buffered.length > 0 || !job.ended;
    const fields = job.fields ?? [];
    return [200, {
      kind: 'bigquery#getQueryResultsResponse',
      jobReference: reference,
      jobComplete: true,
      schema: { fields },
      ...(rows.length > 0 ? { rows: rows.map((row) => ({ f: row.map((value, index) => bigQueryCell(value, fields[index]!, int64Timestamps)) })) } : {}),
      ...(more ? { pageToken: String(job.offset) } : { totalRows: String(job.offset) }),
      totalBytesProcessed: String(job.record.estimatedBytes),
      cacheHit: false,
    }];
  };

  const authenticate = (request: IncomingMessage): string | null => {
    const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    if (!token) return null;
    return verifyServiceAccountJwt(token, publicKey, options.serviceAccount.clientEmail);
  };

  const handle = async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    const url = new URL(request.url ?? '/', baseUrl);
    const path = url.pathname.replace(/^\/bigquery\/v2/, '');
    const text = await readBody(request);
    const body = text ? (JSON.parse(text) as Record<string, unknown>) : null;
    const principal = authenticate(request);
    requests.push({ method: request.method ?? 'GET', path, principal, body });
    if (!principal) {
      return sendJson(response, 401, { error: { code: 401, message: 'Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential.', errors: [{ reason: 'authError', message: 'Invalid Credentials' }], status: 'UNAUTHENTICATED' } });
    }
    const route = /^\/projects\/([^/]+)\/(jobs|queries)(?:\/([^/]+))?(\/cancel)?$/.exec(path);
    if (!route || route[1] !== project) return sendJson(response, 404, errorBody({ reason: 'notFound', status: 404, message: `Not found: ${path}` }));
    const [, , collection, jobId, cancel] = route;
    if (request.method === 'POST' && collection === 'jobs' && !jobId) {
      const job = await createJob(body ?? {});
      // A query BigQuery cannot read (or a dry run of one) is rejected by the insert itself.
      if (job.error && job.record.state === 'DONE' && !job.record.cancelled && job.error.reason !== 'timeout') return sendJson(response, job.error.status, errorBody(job.error));
      return sendJson(response, 200, jobResource(job));
    }
    if (request.method === 'POST' && collection === 'queries' && !jobId) {
      const job = await createJob(body ?? {}, body?.dryRun === true);
      if (job.record.dryRun) return sendJson(response, 200, { kind: 'bigquery#queryResponse', jobReference: jobResource(job).jobReference, jobComplete: true, totalBytesProcessed: String(job.record.estimatedBytes) });
      const params = new URLSearchParams({ timeoutMs: String(body?.timeoutMs ?? DEFAULT_WAIT_MS) });
      if (body?.maxResults) params.set('maxResults', String(body.maxResults));
      if ((body?.formatOptions as { useInt64Timestamp?: boolean } | undefined)?.useInt64Timestamp) params.set('formatOptions.useInt64Timestamp', 'true');
      const [status, page] = await resultsPage(job, params);
      return sendJson(response, status, status === 200 ? { ...(page as object), kind: 'bigquery#queryResponse' } : page);
    }
    const job = jobId ? jobs.get(jobId) : undefined;
    if (!job) return sendJson(response, 404, errorBody({ reason: 'notFound', status: 404, message: `Not found: Job ${project}:${jobId}` }));
    if (request.method === 'POST' && cancel) {
      if (job.record.state !== 'DONE') {
        job.record.cancelled = true;
        job.error = cancelledError();
        job.connection?.interrupt();
      }
      return sendJson(response, 200, { kind: 'bigquery#jobCancelResponse', job: jobResource(job) });
    }
    if (request.method === 'GET' && collection === 'jobs') return sendJson(response, 200, jobResource(job));
    if (request.method === 'GET' && collection === 'queries') {
      const [status, page] = await resultsPage(job, url.searchParams);
      return sendJson(response, status, page);
    }
    return sendJson(response, 405, errorBody({ reason: 'invalid', status: 405, message: 'method not allowed' }));
  };

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => sendJson(response, 500, errorBody({ reason: 'backendError', status: 500, message: String(error) })));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

  return {
    url: baseUrl,
    requests,
    get jobs() {
      return [...jobs.values()].map((job) => job.record);
    },
    inspect: async (sql) => (await admin.runAndReadAll(sql)).getRowsJS() as unknown[][],
    close: async () => {
      for (const job of jobs.values()) {
        job.connection?.interrupt();
        finish(job);
      }
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      admin.closeSync();
      instance.closeSync();
    },
  };
}

/** INFORMATION_SCHEMA.COLUMNS as BigQuery shows it, over DuckDB's catalog, for one dataset or the whole region. */
function columnsView(project: string, datasetOrRegion: string): string {
  const scope = datasetOrRegion.toLowerCase().startsWith('region') ? '' : ` AND table_schema = '${datasetOrRegion.replaceAll("'", "''")}'`;
  return `(SELECT table_catalog, table_schema, table_name, column_name, ordinal_position, is_nullable, "${project}".main.bigquery_type(data_type) AS data_type FROM information_schema.columns WHERE table_catalog = '${project}' AND table_schema NOT IN ('information_schema', 'pg_catalog')${scope})`;
}

/** The DuckDB-to-BigQuery type-name mapping the columns view uses (one level of ARRAY is enough here). */
function bigQueryTypeMacro(project: string): string {
  const scalar = (column: string) => `CASE
    WHEN ${column} IN ('INTEGER', 'BIGINT', 'SMALLINT', 'TINYINT') THEN 'INT64'
    WHEN ${column} IN ('DOUBLE', 'FLOAT') THEN 'FLOAT64'
    WHEN ${column} = 'VARCHAR' THEN 'STRING'
    WHEN ${column} = 'BOOLEAN' THEN 'BOOL'
    WHEN ${column} = 'TIMESTAMP' THEN 'DATETIME'
    WHEN ${column} = 'TIMESTAMP WITH TIME ZONE' THEN 'TIMESTAMP'
    WHEN ${column} LIKE 'DECIMAL%' THEN 'NUMERIC'
    ELSE ${column} END`;
  return `CREATE MACRO "${project}".main.bigquery_type(t) AS CASE WHEN t LIKE '%[]' THEN 'ARRAY<' || (${scalar("replace(t, '[]', '')")}) || '>' ELSE (${scalar('t')}) END`;
}

function verifyServiceAccountJwt(token: string, publicKey: KeyObject, clientEmail: string): string | null {
  const [header, payload, signature] = token.split('.');
  if (!header || !payload || !signature) return null;
  const verifier = createVerify('RSA-SHA256');
  verifier.update(`${header}.${payload}`);
  if (!verifier.verify(publicKey, Buffer.from(signature, 'base64url'))) return null;
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as { iss?: string; scope?: string; aud?: string; exp?: number };
  if (claims.iss !== clientEmail) return null;
  const scoped = (claims.scope ?? '').split(' ').includes(BIGQUERY_SCOPE) || (claims.aud ?? '').startsWith('https://bigquery.googleapis.com');
  if (!scoped || !claims.exp || claims.exp * 1000 < Date.now()) return null;
  return claims.iss;
}

function cancelledError(): JobError {
  return { reason: 'stopped', status: 400, message: 'Job execution was cancelled: User requested cancellation' };
}

function invalidQuery(error: unknown): JobError {
  const message = error instanceof Error ? error.message : String(error);
  const table = /Table with name (\S+) does not exist/.exec(message);
  if (table) return { reason: 'notFound', status: 404, message: `Not found: Table ${table[1]} was not found` };
  const column = /Referenced column "?([^"\s]+)"? not found/.exec(message);
  if (column) return { reason: 'invalidQuery', status: 400, message: `Unrecognized name: ${column[1]} at [1:8]` };
  return { reason: 'invalidQuery', status: 400, message: message.replace(/^(Parser|Binder|Catalog) Error: /, 'Syntax error: ') };
}

function isJobError(error: unknown): error is JobError {
  return typeof error === 'object' && error !== null && 'reason' in error && 'status' in error;
}

function errorBody(error: JobError) {
  return { error: { code: error.status, message: error.message, errors: [{ reason: error.reason, message: error.message, domain: 'global' }], status: error.status === 404 ? 'NOT_FOUND' : error.status === 403 ? 'PERMISSION_DENIED' : 'INVALID_ARGUMENT' } };
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function sendJson(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'Content-Type': 'application/json; charset=UTF-8' });
  response.end(JSON.stringify(body));
}
