// A local server that speaks Amazon Athena's AWS JSON 1.1 API (POST / with X-Amz-Target:
// AmazonAthena.<Operation>) and executes on DuckDB, so the real @aws-sdk/client-athena can be
// driven through its endpoint override:
// - StartQueryExecution needs a known workgroup and an output location (from the request or the
//   workgroup), answers at once with the QueryExecutionId and runs the query in the background;
// - GetQueryExecution reports QUEUED / RUNNING / SUCCEEDED / FAILED / CANCELLED with
//   StateChangeReason, AthenaError and Statistics.DataScannedInBytes;
// - GetQueryResults serves pages of at most MaxResults (≤ 1000) rows as VarCharValue text, the
//   first page of a SELECT starting with a header row, with NextToken while more remain (read on
//   demand from a streaming DuckDB result: pages must be read in order);
// - StopQueryExecution interrupts DuckDB and leaves the query CANCELLED.
// Every request must carry a SigV4 signature (service `athena`) that verifies with the configured
// key (test/fakes/aws-signature.ts); failures use the JSON 1.1 error shape (x-amzn-ErrorType,
// __type, Message). `readOnly` plays an IAM / Lake Formation grant of SELECT only: any other
// statement fails with an access-denied reason. The query succeeds once DuckDB has produced its
// first rows (Athena waits until the whole result is in S3).
//
// The catalog is DuckDB's in-memory database; Athena databases are its schemas. Column comments
// (COMMENT ON) show in information_schema.columns, table comments in ListTableMetadata's
// Parameters.comment (athena-catalog-views.ts).
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { DuckDBInstance, JsonDuckDBValueConverter, StatementType, type DuckDBConnection, type DuckDBResult } from '@duckdb/node-api';
import { listTableMetadata, withAthenaCatalogViews } from './athena-catalog-views.js';
import { checkSignature } from './aws-signature.js';
import { estimateScannedBytes } from './scan-estimate.js';

export interface FakeAthenaOptions {
  setup: string[];
  /** The IAM access keys the service knows: access key id -> secret. */
  accessKeys: Record<string, string>;
  /** Workgroups and the output location each enforces (when it has one). */
  workGroups?: Record<string, { outputLocation?: string }>;
  tableBytes?: Record<string, number>;
  readOnly?: boolean;
}

export interface RecordedAthenaRequest {
  operation: string;
  accessKeyId: string | null;
  body: Record<string, unknown>;
}

export interface AthenaQueryRecord {
  id: string;
  sql: string;
  workGroup: string;
  outputLocation: string;
  database: string | null;
  state: 'QUEUED' | 'RUNNING' | 'SUCCEEDED' | 'FAILED' | 'CANCELLED';
  reason: string | null;
  scannedBytes: number;
  rowsServed: number;
  pagesServed: number;
}

export interface FakeAthena {
  url: string;
  requests: RecordedAthenaRequest[];
  queries: AthenaQueryRecord[];
  inspect(sql: string): Promise<unknown[][]>;
  close(): Promise<void>;
}

interface Query {
  record: AthenaQueryRecord;
  connection?: DuckDBConnection;
  result?: DuckDBResult;
  columns?: { name: string; type: string }[];
  buffered: unknown[][];
  ended: boolean;
  offset: number;
  submittedAt: number;
  completedAt?: number;
  errorCategory?: number;
}

const MAX_PAGE_ROWS = 1000;
const DEFAULT_WORK_GROUPS = { primary: {} };
const USER_ERROR = 2;

class AthenaFault extends Error {
  constructor(readonly status: number, readonly type: string, message: string) {
    super(message);
  }
}

export async function startFakeAthena(options: FakeAthenaOptions): Promise<FakeAthena> {
  const instance = await DuckDBInstance.create(':memory:');
  const admin = await instance.connect();
  for (const statement of options.setup) await admin.run(statement);
  const workGroups: Record<string, { outputLocation?: string }> = options.workGroups ?? DEFAULT_WORK_GROUPS;
  const requests: RecordedAthenaRequest[] = [];
  const queries = new Map<string, Query>();

  const finish = (query: Query): void => {
    query.connection?.closeSync();
    query.connection = undefined;
    query.completedAt ??= Date.now();
  };

  const fail = (query: Query, reason: string): void => {
    if (query.record.state !== 'CANCELLED') {
      query.record.state = 'FAILED';
      query.record.reason = reason;
      query.errorCategory = USER_ERROR;
    }
    finish(query);
  };

  const readChunk = async (query: Query): Promise<void> => {
    const chunk = await query.result!.fetchChunk();
    if (!chunk || chunk.rowCount === 0) {
      query.ended = true;
      finish(query);
      return;
    }
    for (const row of chunk.convertRows(JsonDuckDBValueConverter)) query.buffered.push(row);
  };

  const run = async (query: Query): Promise<void> => {
    const connection = await instance.connect();
    query.connection = connection;
    if (query.record.database) await connection.run(`USE "${query.record.database}"`);
    query.record.state = 'RUNNING';
    const prepared = await connection.prepare(withAthenaCatalogViews(query.record.sql));
    if (query.record.state !== 'RUNNING') return;
    if (options.readOnly && prepared.statementType !== StatementType.SELECT) {
      throw new Error(`Access denied when writing to table: the caller is granted SELECT only (${StatementType[prepared.statementType]} is not allowed)`);
    }
    query.result = await prepared.stream();
    query.columns = query.result.columnNames().map((name, index) => ({ name, type: athenaType(query.result!.columnTypes()[index]!.toString()) }));
    await readChunk(query);
    if (query.record.state === 'RUNNING') query.record.state = 'SUCCEEDED';
    query.completedAt = Date.now();
  };

  const execution = (query: Query) => ({
    QueryExecutionId: query.record.id,
    Query: query.record.sql,
    StatementType: 'DML',
    WorkGroup: query.record.workGroup,
    ResultConfiguration: { OutputLocation: `${query.record.outputLocation.replace(/\/?$/, '/')}${query.record.id}.csv` },
    QueryExecutionContext: query.record.database ? { Database: query.record.database, Catalog: 'awsdatacatalog' } : {},
    Status: {
      State: query.record.state,
      SubmissionDateTime: query.submittedAt / 1000,
      ...(query.completedAt ? { CompletionDateTime: query.completedAt / 1000 } : {}),
      ...(query.record.reason ? { StateChangeReason: query.record.reason } : {}),
      ...(query.record.state === 'FAILED' ? { AthenaError: { ErrorCategory: query.errorCategory ?? USER_ERROR, ErrorType: 1000, Retryable: false, ErrorMessage: query.record.reason } } : {}),
    },
    Statistics: { DataScannedInBytes: query.record.scannedBytes, EngineExecutionTimeInMillis: 1, TotalExecutionTimeInMillis: 1 },
    EngineVersion: { SelectedEngineVersion: 'AUTO', EffectiveEngineVersion: 'Athena engine version 3' },
  });

  const queryFor = (body: Record<string, unknown>): Query => {
    const query = queries.get(String(body.QueryExecutionId ?? ''));
    if (!query) throw new AthenaFault(400, 'InvalidRequestException', `QueryExecution ${String(body.QueryExecutionId)} was not found`);
    return query;
  };

  const operations: Record<string, (body: Record<string, unknown>) => Promise<unknown>> = {
    ListTableMetadata: (body) => listTableMetadata(admin, body, (message) => new AthenaFault(400, 'MetadataException', message)),
    StartQueryExecution: async (body) => {
      const workGroup = String(body.WorkGroup ?? 'primary');
      const group = workGroups[workGroup];
      if (!group) throw new AthenaFault(400, 'InvalidRequestException', `WorkGroup ${workGroup} is not found.`);
      const outputLocation = group.outputLocation ?? (body.ResultConfiguration as { OutputLocation?: string } | undefined)?.OutputLocation;
      if (!outputLocation) throw new AthenaFault(400, 'InvalidRequestException', 'No output location provided. An output location is required either through the Workgroup result configuration setting or as an API input.');
      const sql = String(body.QueryString ?? '');
      const context = (body.QueryExecutionContext ?? {}) as { Database?: string };
      const query: Query = {
        record: { id: randomUUID(), sql, workGroup, outputLocation, database: context.Database ?? null, state: 'QUEUED', reason: null, scannedBytes: await estimateScannedBytes(admin, 'memory', sql, options.tableBytes), rowsServed: 0, pagesServed: 0 },
        buffered: [],
        ended: false,
        offset: 0,
        submittedAt: Date.now(),
      };
      queries.set(query.record.id, query);
      run(query).catch((error: unknown) => fail(query, athenaReason(error)));
      return { QueryExecutionId: query.record.id };
    },
    GetQueryExecution: async (body) => ({ QueryExecution: execution(queryFor(body)) }),
    StopQueryExecution: async (body) => {
      const query = queryFor(body);
      if (query.record.state === 'QUEUED' || query.record.state === 'RUNNING') {
        query.record.state = 'CANCELLED';
        query.record.reason = 'Query was cancelled by user';
        query.connection?.interrupt();
        query.completedAt = Date.now();
      }
      return {};
    },
    GetQueryResults: async (body) => {
      const query = queryFor(body);
      if (query.record.state !== 'SUCCEEDED') throw new AthenaFault(400, 'InvalidRequestException', `Query has not yet finished. Current state: ${query.record.state}`);
      const offset = Number(body.NextToken ?? 0);
      if (offset !== query.offset) throw new AthenaFault(400, 'InvalidRequestException', `datathread test server: pages must be read in order (asked ${offset}, next is ${query.offset})`);
      const maxResults = Number(body.MaxResults ?? MAX_PAGE_ROWS);
      if (maxResults > MAX_PAGE_ROWS) throw new AthenaFault(400, 'InvalidRequestException', `1 validation error detected: Value '${maxResults}' at 'maxResults' failed to satisfy constraint: Member must have value less than or equal to 1000`);
      const columns = query.columns ?? [];
      const rows: unknown[][] = [];
      const header = offset === 0;
      while (rows.length < maxResults - (header ? 1 : 0)) {
        if (query.buffered.length === 0) {
          if (query.ended || !query.result) break;
          await readChunk(query);
          continue;
        }
        rows.push(...query.buffered.splice(0, maxResults - (header ? 1 : 0) - rows.length));
      }
      query.offset += rows.length;
      query.record.rowsServed += rows.length;
      query.record.pagesServed += 1;
      const more = query.buffered.length > 0 || !query.ended;
      const text = (value: unknown, index: number) => (value === null || value === undefined ? {} : { VarCharValue: athenaCell(value, columns[index]?.type ?? 'varchar') });
      return {
        ResultSet: {
          Rows: [...(header ? [{ Data: columns.map((column) => ({ VarCharValue: column.name })) }] : []), ...rows.map((row) => ({ Data: row.map((value, index) => text(value, index)) }))],
          ResultSetMetadata: { ColumnInfo: columns.map((column) => ({ CatalogName: 'hive', SchemaName: '', TableName: '', Name: column.name, Label: column.name, Type: column.type, Precision: 0, Scale: 0, Nullable: 'UNKNOWN', CaseSensitive: column.type === 'varchar' })) },
        },
        UpdateCount: 0,
        ...(more ? { NextToken: String(query.offset) } : {}),
      };
    },
  };

  const handle = async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    const rawBody = await readBody(request);
    const operation = String(request.headers['x-amz-target'] ?? '').replace(/^AmazonAthena\./, '');
    const body = rawBody ? (JSON.parse(rawBody) as Record<string, unknown>) : {};
    const signature = await checkSignature({ method: request.method ?? 'POST', url: request.url ?? '/', headers: request.headers, rawBody }, 'athena', (accessKeyId) => options.accessKeys[accessKeyId]);
    const valid = signature !== undefined && !('unknownKey' in signature) && signature.given === signature.expected;
    requests.push({ operation, accessKeyId: valid ? signature.accessKeyId : null, body });
    try {
      if (!signature) throw new AthenaFault(400, 'MissingAuthenticationTokenException', 'Missing Authentication Token');
      if ('unknownKey' in signature) throw new AthenaFault(400, 'UnrecognizedClientException', 'The security token included in the request is invalid.');
      if (!valid) throw new AthenaFault(400, 'InvalidSignatureException', 'The request signature we calculated does not match the signature you provided. Check your AWS Secret Access Key and signing method.');
      const handler = operations[operation];
      if (!handler) throw new AthenaFault(400, 'UnknownOperationException', `Unknown operation ${operation}`);
      const result = await handler(body);
      response.writeHead(200, { 'Content-Type': 'application/x-amz-json-1.1', 'x-amzn-RequestId': randomUUID() });
      response.end(JSON.stringify(result));
    } catch (error) {
      const fault = error instanceof AthenaFault ? error : new AthenaFault(500, 'InternalServerException', String(error));
      response.writeHead(fault.status, { 'Content-Type': 'application/x-amz-json-1.1', 'x-amzn-ErrorType': `${fault.type}:`, 'x-amzn-RequestId': randomUUID() });
      response.end(JSON.stringify({ __type: fault.type, Message: fault.message }));
    }
  };

  const server = createServer((request, response) => void handle(request, response));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

  return {
    url,
    requests,
    get queries() {
      return [...queries.values()].map((query) => query.record);
    },
    inspect: async (sql) => (await admin.runAndReadAll(sql)).getRowsJS() as unknown[][],
    close: async () => {
      for (const query of queries.values()) {
        query.connection?.interrupt();
        finish(query);
      }
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      admin.closeSync();
      instance.closeSync();
    },
  };
}

/** Athena's (Trino's) type name for a DuckDB column type, as ColumnInfo.Type carries it. */
function athenaType(duckdbType: string): string {
  if (duckdbType.endsWith('[]')) return 'array';
  if (duckdbType.startsWith('DECIMAL')) return 'decimal';
  if (duckdbType.startsWith('STRUCT')) return 'row';
  if (duckdbType.startsWith('MAP')) return 'map';
  const names: Record<string, string> = { INTEGER: 'integer', BIGINT: 'bigint', SMALLINT: 'smallint', TINYINT: 'tinyint', DOUBLE: 'double', FLOAT: 'float', VARCHAR: 'varchar', BOOLEAN: 'boolean', DATE: 'date', TIMESTAMP: 'timestamp', 'TIMESTAMP WITH TIME ZONE': 'timestamp with time zone', BLOB: 'varbinary' };
  return names[duckdbType] ?? 'varchar';
}

/**
 * One cell as Athena's (Trino's) text: timestamps with their three fractional digits
 * (`2024-01-02 03:04:05.000`) and a zoned one with its zone name (`… UTC`); arrays and rows as below.
 */
function athenaCell(value: unknown, type: string): string {
  if (typeof value === 'object' && value !== null) return athenaText(value);
  const text = String(value);
  const timestamp = /^(\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2})(?:\.(\d+))?(\+00)?$/.exec(text);
  if (!timestamp || !type.startsWith('timestamp')) return text;
  const milliseconds = (timestamp[2] ?? '').padEnd(3, '0').slice(0, 3);
  return `${timestamp[1]}.${milliseconds}${type === 'timestamp with time zone' ? ' UTC' : ''}`;
}

/** Athena renders arrays and rows in Trino's text form: `[a, b]`, `{name=Ann, vip=true}`. */
function athenaText(value: object): string {
  if (Array.isArray(value)) return `[${value.map((item) => (item !== null && typeof item === 'object' ? athenaText(item) : String(item))).join(', ')}]`;
  return `{${Object.entries(value).map(([key, item]) => `${key}=${item !== null && typeof item === 'object' ? athenaText(item) : String(item)}`).join(', ')}}`;
}

function athenaReason(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const table = /Table with name (\S+) does not exist/.exec(message);
  if (table) return `TABLE_NOT_FOUND: line 1:15: Table 'awsdatacatalog.${table[1]}' does not exist`;
  const column = /Referenced column "?([^"\s]+)"? not found/.exec(message);
  if (column) return `COLUMN_NOT_FOUND: line 1:8: Column '${column[1]}' cannot be resolved`;
  if (/^Access denied/.test(message)) return `PERMISSION_DENIED: ${message}`;
  return `GENERIC_USER_ERROR: ${message}`;
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
