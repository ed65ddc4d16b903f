// A local server that speaks Trino's client REST protocol and executes on DuckDB, so the real
// `trino-client` package can be driven end to end: POST /v1/statement answers QUEUED with a
// nextUri, the first page carries columns and no data, later pages carry at most `pageRows` rows
// each and a nextUri while more remain; failures come as Trino error objects (errorName,
// errorType, errorCode, failureInfo) inside a FAILED page; DELETE on a nextUri or on
// /v1/query/{id} cancels. Requests must name a user (X-Trino-User); with `tokens` or `passwords`
// configured a request needs `Authorization: Bearer <token>` or Basic credentials whose principal
// is that user, as Trino's JWT and password authenticators without impersonation rules demand. The session property
// query_max_execution_time is enforced, and so is query_max_scan_physical_bytes (a data size, `10GB`):
// a query whose plan scans tables larger together than it fails with EXCEEDED_SCAN_LIMIT, as Trino
// fails a query once its physical input passes the limit. A table's size on storage is what
// `tableBytes` says (DuckDB's own in-memory size says nothing about a lake's files); unlisted
// tables count as empty. `readOnly` plays a read-only access-control rule: any
// statement DuckDB does not classify as a query is denied, as Trino's access control would.
//
// Transactions as Trino's protocol has them: `START TRANSACTION [READ ONLY | READ WRITE]` needs a
// client that sent `X-Trino-Transaction-Id` (NONE when it has none yet; without the header Trino
// answers "Client does not support transactions"); its last answer carries
// `X-Trino-Started-Transaction-Id`. A request that carries an id runs inside that transaction
// (an unknown id fails with UNKNOWN_TRANSACTION); in a read-only one anything but a query fails
// with READ_ONLY_VIOLATION, as Trino's transaction manager refuses a write to any catalog. COMMIT
// and ROLLBACK end it and answer `X-Trino-Clear-Transaction-Id`.
//
// Catalog `memory` is DuckDB's in-memory database; schemas and tables come from `setup`, their
// comments (COMMENT ON) show in Trino's catalog tables (trino-catalog-views.ts).
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { DuckDBInstance, StatementType, type DuckDBConnection, type DuckDBResult } from '@duckdb/node-api';
import { withTrinoCatalogViews } from './trino-catalog-views.js';
import { trinoColumn, trinoValue, type TrinoColumn } from './trino-types.js';

export interface FakeTrinoOptions {
  /** DuckDB statements run once at start (CREATE SCHEMA shop, CREATE TABLE shop.sales …). */
  setup: string[];
  /** Bearer token -> the user it authenticates (Trino's JWT authenticator). */
  tokens?: Record<string, string>;
  /** User -> password for Basic authentication (Trino's password authenticator). */
  passwords?: Record<string, string>;
  readOnly?: boolean;
  pageRows?: number;
  /** `schema.table` (`shop.sales`) -> its physical size in bytes, for query_max_scan_physical_bytes. */
  tableBytes?: Record<string, number>;
}

export interface RecordedTrinoRequest {
  method: string;
  path: string;
  user: string | undefined;
  authorization: string | undefined;
  session: string | undefined;
}

export interface TrinoTransactionRecord {
  id: string;
  readOnly: boolean;
  state: 'open' | 'committed' | 'rolled back';
}

export interface TrinoQueryRecord {
  id: string;
  /** The transaction the query ran in, when its request carried one. */
  transactionId?: string;
  sql: string;
  user: string;
  state: 'QUEUED' | 'RUNNING' | 'FINISHED' | 'FAILED';
  pagesServed: number;
  rowsServed: number;
  cancelled: boolean;
}

export interface FakeTrino {
  url: string;
  requests: RecordedTrinoRequest[];
  queries: TrinoQueryRecord[];
  transactions: TrinoTransactionRecord[];
  /** Runs SQL directly on the DuckDB behind the server (for checking that data is unchanged). */
  inspect(sql: string): Promise<unknown[][]>;
  close(): Promise<void>;
}

interface TrinoError {
  message: string;
  errorCode: number;
  errorName: string;
  errorType: 'USER_ERROR' | 'INTERNAL_ERROR' | 'INSUFFICIENT_RESOURCES';
}

interface RunningQuery {
  record: TrinoQueryRecord;
  catalog: string;
  schema: string;
  session: Map<string, string>;
  connection?: DuckDBConnection;
  result?: DuckDBResult;
  columns?: TrinoColumn[];
  token: number;
  error?: TrinoError;
  timer?: NodeJS.Timeout;
  /** START TRANSACTION, COMMIT or ROLLBACK: answered by the server itself, never by DuckDB. */
  control?: TransactionControl;
  /** Headers for the answer that finishes the query (started or cleared transaction). */
  finishHeaders?: Record<string, string>;
  /** Bytes the plan's tables hold on storage (`tableBytes`), reported as `physicalInputBytes` once the query finished. */
  physicalInputBytes?: number;
  /** The value of X-Trino-Transaction-Id on the POST, if any. */
  transactionHeader?: string;
}

type TransactionControl = { kind: 'start'; readOnly: boolean } | { kind: 'end'; outcome: 'committed' | 'rolled back' };

const DEFAULT_PAGE_ROWS = 1000;
const QUERY_READS = new Set([StatementType.SELECT, StatementType.EXPLAIN]);

function transactionControl(sql: string): TransactionControl | undefined {
  const text = sql.trim().replace(/;$/, '').replace(/\s+/g, ' ').toUpperCase();
  const start = /^START TRANSACTION(?: (.*))?$/.exec(text);
  if (start) return { kind: 'start', readOnly: /\bREAD ONLY\b/.test(start[1] ?? '') };
  if (/^(?:COMMIT|ROLLBACK)(?: WORK)?$/.test(text)) return { kind: 'end', outcome: text.startsWith('COMMIT') ? 'committed' : 'rolled back' };
  return undefined;
}

export async function startFakeTrino(options: FakeTrinoOptions): Promise<FakeTrino> {
  const instance = await DuckDBInstance.create(':memory:');
  const tableBytes = new Map(Object.entries(options.tableBytes ?? {}));
  const setupConnection = await instance.connect();
  for (const statement of options.setup) await setupConnection.run(statement);
  const requests: RecordedTrinoRequest[] = [];
  const queries = new Map<string, RunningQuery>();
  const transactions = new Map<string, TrinoTransactionRecord>();
  const pageRows = options.pageRows ?? DEFAULT_PAGE_ROWS;
  let counter = 0;
  let baseUrl = '';

  const stats = (state: string, physicalInputBytes = 0) => ({ state, queued: state === 'QUEUED', scheduled: state !== 'QUEUED', nodes: 1, totalSplits: 0, queuedSplits: 0, runningSplits: 0, completedSplits: 0, cpuTimeMillis: 0, wallTimeMillis: 0, queuedTimeMillis: 0, elapsedTimeMillis: 0, processedRows: 0, processedBytes: 0, physicalInputBytes, peakMemoryBytes: 0, spilledBytes: 0 });

  const failedPage = (query: RunningQuery, error: TrinoError) => {
    query.record.state = 'FAILED';
    return {
      id: query.record.id,
      infoUri: `${baseUrl}/ui/query.html?${query.record.id}`,
      stats: stats('FAILED'),
      warnings: [],
      error: { ...error, failureInfo: { type: 'io.trino.spi.TrinoException', message: error.message, suppressed: [], stack: [] } },
    };
  };

  const finish = (query: RunningQuery) => {
    if (query.timer) clearTimeout(query.timer);
    query.connection?.closeSync();
    query.connection = undefined;
  };

  /** What the transaction machinery answers for this query, or null when it may run. */
  const transactionCheck = (query: RunningQuery): TrinoError | null => {
    const { transactionHeader, control } = query;
    const transaction = transactionHeader && transactionHeader.toUpperCase() !== 'NONE' ? transactions.get(transactionHeader) : undefined;
    if (transactionHeader && transactionHeader.toUpperCase() !== 'NONE' && transaction?.state !== 'open') {
      return { message: `Unknown transaction ID: ${transactionHeader}. Possibly expired? Commands ignored until end of transaction block`, errorCode: 15, errorName: 'UNKNOWN_TRANSACTION', errorType: 'USER_ERROR' };
    }
    if (control?.kind === 'start') {
      if (transactionHeader === undefined) return { message: 'Client does not support transactions', errorCode: 65541, errorName: 'INCOMPATIBLE_CLIENT', errorType: 'INTERNAL_ERROR' };
      if (transaction) return { message: 'Nested transactions not supported', errorCode: 13, errorName: 'NOT_SUPPORTED', errorType: 'USER_ERROR' };
    }
    if (control?.kind === 'end' && !transaction) return { message: `No transaction in progress`, errorCode: 29, errorName: 'NOT_IN_TRANSACTION', errorType: 'USER_ERROR' };
    return null;
  };

  const runControl = (query: RunningQuery, control: TransactionControl): void => {
    if (control.kind === 'start') {
      const id = `fake-transaction-${transactions.size + 1}`;
      transactions.set(id, { id, readOnly: control.readOnly, state: 'open' });
      query.finishHeaders = { 'X-Trino-Started-Transaction-Id': id };
    } else {
      transactions.get(query.transactionHeader!)!.state = control.outcome;
      query.finishHeaders = { 'X-Trino-Clear-Transaction-Id': 'true' };
    }
  };

  const start = async (query: RunningQuery): Promise<void> => {
    const transactionFailure = transactionCheck(query);
    if (transactionFailure) throw transactionFailure;
    if (query.control) return runControl(query, query.control);
    const connection = await instance.connect();
    query.connection = connection;
    const limit = query.session.get('query_max_execution_time');
    if (limit) {
      const seconds = Number.parseFloat(limit) * (limit.endsWith('ms') ? 0.001 : limit.endsWith('m') ? 60 : 1);
      query.timer = setTimeout(() => {
        query.error = { message: `Query exceeded maximum time limit of ${seconds.toFixed(2)}s`, errorCode: 131075, errorName: 'EXCEEDED_TIME_LIMIT', errorType: 'INSUFFICIENT_RESOURCES' };
        connection.interrupt();
      }, seconds * 1000);
    }
    await connection.run(`USE "${query.catalog}"."${query.schema}"`);
    const prepared = await connection.prepare(withTrinoCatalogViews(query.record.sql));
    // An interrupt only stops a statement that is executing; a cancel that came earlier is checked here.
    if (query.record.cancelled || query.error) throw query.error ?? new Error('INTERRUPT Error: cancelled before execution');
    if (options.readOnly && !QUERY_READS.has(prepared.statementType)) {
      throw { message: `Access Denied: Cannot execute ${StatementType[prepared.statementType]} statements: catalog ${query.catalog} is read-only for ${query.record.user}`, errorCode: 4, errorName: 'PERMISSION_DENIED', errorType: 'USER_ERROR' } satisfies TrinoError;
    }
    // Access control is checked while the statement is analysed, before the transaction manager sees a write.
    if (query.record.transactionId && transactions.get(query.record.transactionId)?.readOnly && !QUERY_READS.has(prepared.statementType)) {
      throw { message: 'Cannot execute write in a read-only transaction', errorCode: 16, errorName: 'READ_ONLY_VIOLATION', errorType: 'USER_ERROR' } satisfies TrinoError;
    }
    const scanLimit = query.session.get('query_max_scan_physical_bytes');
    if (tableBytes.size > 0 && prepared.statementType === StatementType.SELECT) {
      const scanned = await scannedTables(connection, withTrinoCatalogViews(query.record.sql));
      const bytes = scanned.reduce((sum, table) => sum + (tableBytes.get(table) ?? 0), 0);
      if (scanLimit && bytes > parseDataSize(scanLimit)) throw { message: `Exceeded scan limit of ${scanLimit}`, errorCode: 131081, errorName: 'EXCEEDED_SCAN_LIMIT', errorType: 'INSUFFICIENT_RESOURCES' } satisfies TrinoError;
      query.physicalInputBytes = bytes;
    }
    query.result = await prepared.stream();
    const names = query.result.columnNames();
    const types = query.result.columnTypes();
    query.columns = names.map((name, index) => trinoColumn(name, types[index]!));
  };

  const nextPage = async (query: RunningQuery): Promise<Record<string, unknown>> => {
    const { record } = query;
    if (record.cancelled) return failedPage(query, { message: 'Query was canceled', errorCode: 3, errorName: 'USER_CANCELED', errorType: 'USER_ERROR' });
    try {
      if (!query.result) {
        record.state = 'RUNNING';
        await start(query);
        if (query.control) {
          record.state = 'FINISHED';
          return page(query, []);
        }
        return { ...page(query, []), nextUri: nextUri(query) };
      }
      const rows: unknown[][] = [];
      let ended = false;
      while (rows.length < pageRows) {
        const chunk = await query.result.fetchChunk();
        if (!chunk || chunk.rowCount === 0) {
          ended = true;
          break;
        }
        const signatures = query.columns!.map((column) => column.typeSignature);
        for (const row of chunk.getRows()) rows.push(row.map((value, index) => trinoValue(value, signatures[index]!)));
      }
      record.pagesServed += 1;
      record.rowsServed += rows.length;
      if (ended) {
        record.state = 'FINISHED';
        finish(query);
        return page(query, rows);
      }
      return { ...page(query, rows), nextUri: nextUri(query) };
    } catch (error) {
      finish(query);
      return failedPage(query, query.error ?? (record.cancelled ? { message: 'Query was canceled', errorCode: 3, errorName: 'USER_CANCELED', errorType: 'USER_ERROR' } : trinoErrorFor(error)));
    }
  };

  const page = (query: RunningQuery, rows: unknown[][]) => ({
    id: query.record.id,
    infoUri: `${baseUrl}/ui/query.html?${query.record.id}`,
    columns: query.columns,
    ...(rows.length > 0 ? { data: rows } : {}),
    // Like Trino, the figure is whole once the query finished.
    stats: stats(query.record.state, query.record.state === 'FINISHED' ? (query.physicalInputBytes ?? 0) : 0),
    warnings: [],
  });

  const nextUri = (query: RunningQuery) => {
    query.token += 1;
    return `${baseUrl}/v1/statement/executing/${query.record.id}/y${query.token}/${query.token}`;
  };

  const cancel = (query: RunningQuery | undefined) => {
    if (!query || query.record.state === 'FINISHED' || query.record.state === 'FAILED') return;
    query.record.cancelled = true;
    query.connection?.interrupt();
    if (query.record.state === 'QUEUED') finish(query);
  };

  const handle = async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    const path = new URL(request.url ?? '/', baseUrl).pathname;
    const user = header(request, 'x-trino-user');
    const authorization = header(request, 'authorization');
    requests.push({ method: request.method ?? 'GET', path, user, authorization, session: header(request, 'x-trino-session') });
    const body = await readBody(request);
    const authFailure = authenticate(options, user, authorization);
    if (authFailure) {
      response.writeHead(401, { 'Content-Type': 'text/plain', 'WWW-Authenticate': 'Bearer realm="Trino"' });
      return void response.end(authFailure);
    }
    if (request.method === 'POST' && path === '/v1/statement') {
      if (!body.trim()) return send(response, 400, 'SQL statement is empty');
      counter += 1;
      const id = `20261202_000000_${String(counter).padStart(5, '0')}_fakes`;
      const transactionHeader = header(request, 'x-trino-transaction-id');
      const joined = transactionHeader && transactionHeader.toUpperCase() !== 'NONE' ? transactionHeader : undefined;
      const record: TrinoQueryRecord = { id, sql: body, user: user!, state: 'QUEUED', pagesServed: 0, rowsServed: 0, cancelled: false, ...(joined ? { transactionId: joined } : {}) };
      const query: RunningQuery = {
        record,
        transactionHeader,
        control: transactionControl(body),
        catalog: header(request, 'x-trino-catalog') ?? 'memory',
        schema: header(request, 'x-trino-schema') ?? 'main',
        session: parseSession(header(request, 'x-trino-session')),
        token: 0,
      };
      queries.set(id, query);
      return sendJson(response, { id, infoUri: `${baseUrl}/ui/query.html?${id}`, nextUri: `${baseUrl}/v1/statement/queued/${id}/x0/0`, stats: stats('QUEUED'), warnings: [] });
    }
    const statement = /^\/v1\/statement\/(?:queued|executing)\/([^/]+)\//.exec(path);
    const queryResource = /^\/v1\/query\/([^/]+)$/.exec(path);
    const id = statement?.[1] ?? queryResource?.[1];
    const query = id ? queries.get(id) : undefined;
    if (!query) return send(response, 404, 'Query not found');
    if (query.record.user !== user) return send(response, 403, 'Access Denied: another user’s query');
    if (request.method === 'DELETE') {
      cancel(query);
      response.writeHead(204);
      return void response.end();
    }
    if (statement) {
      const body = await nextPage(query);
      return sendJson(response, body, query.record.state === 'FINISHED' ? query.finishHeaders : undefined);
    }
    return sendJson(response, { queryId: query.record.id, state: query.record.state, query: query.record.sql });
  };

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => send(response, 500, String(error)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

  return {
    url: baseUrl,
    requests,
    get queries() {
      return [...queries.values()].map((query) => query.record);
    },
    get transactions() {
      return [...transactions.values()];
    },
    inspect: async (sql) => (await setupConnection.runAndReadAll(sql)).getRowsJS() as unknown[][],
    close: async () => {
      for (const query of queries.values()) finish(query);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      setupConnection.closeSync();
      instance.closeSync();
    },
  };
}

function authenticate(options: FakeTrinoOptions, user: string | undefined, authorization: string | undefined): string | null {
  let principal: string | undefined;
  if (authorization?.startsWith('Bearer ')) {
    principal = options.tokens?.[authorization.slice(7)];
    if (!principal) return 'Unauthorized: the Bearer token is not valid';
  } else if (authorization?.startsWith('Basic ')) {
    const decoded = Buffer.from(authorization.slice(6), 'base64').toString();
    const colon = decoded.indexOf(':');
    principal = decoded.slice(0, colon);
    if (options.passwords?.[principal] !== decoded.slice(colon + 1)) return 'Unauthorized: invalid credentials';
  } else if (options.tokens || options.passwords) {
    return 'Unauthorized: credentials are required';
  }
  if (!user) return 'Missing user: set the X-Trino-User header';
  if (principal && user !== principal) return `Access Denied: User ${principal} cannot impersonate user ${user}`;
  return null;
}

function trinoErrorFor(error: unknown): TrinoError {
  if (isTrinoError(error)) return error;
  const message = error instanceof Error ? error.message : String(error);
  const table = /Table with name (\S+) does not exist/.exec(message);
  if (table) return { message: `line 1:1: Table '${table[1]}' does not exist`, errorCode: 46, errorName: 'TABLE_NOT_FOUND', errorType: 'USER_ERROR' };
  const column = /Referenced column "?([^"\s]+)"? not found/.exec(message);
  if (column) return { message: `line 1:1: Column '${column[1]}' cannot be resolved`, errorCode: 47, errorName: 'COLUMN_NOT_FOUND', errorType: 'USER_ERROR' };
  if (/^Parser Error/.test(message)) return { message: `line 1:1: ${message.replace(/^Parser Error: /, '')}`, errorCode: 1, errorName: 'SYNTAX_ERROR', errorType: 'USER_ERROR' };
  return { message, errorCode: 65536, errorName: 'GENERIC_INTERNAL_ERROR', errorType: 'INTERNAL_ERROR' };
}

function isTrinoError(error: unknown): error is TrinoError {
  return typeof error === 'object' && error !== null && 'errorName' in error;
}

const DATA_SIZE_UNITS: Record<string, number> = { B: 1, kB: 1024, MB: 1024 ** 2, GB: 1024 ** 3, TB: 1024 ** 4, PB: 1024 ** 5 };

/** Trino's data-size format: a number and a binary unit (`10GB`, `1.5TB`, `512B`). */
function parseDataSize(text: string): number {
  const match = /^(\d+(?:\.\d+)?)\s*(B|kB|MB|GB|TB|PB)$/.exec(text.trim());
  if (!match) throw { message: `Invalid data size: '${text}'`, errorCode: 0, errorName: 'INVALID_SESSION_PROPERTY', errorType: 'USER_ERROR' } satisfies TrinoError;
  return Number(match[1]) * DATA_SIZE_UNITS[match[2]!]!;
}

/** The tables (`schema.table`) a query's plan scans, from DuckDB's JSON plan. */
async function scannedTables(connection: DuckDBConnection, sql: string): Promise<string[]> {
  const plan = await connection.runAndReadAll(`EXPLAIN (FORMAT json) ${sql}`);
  const tables: string[] = [];
  const visit = (node: { name?: string; children?: unknown[]; extra_info?: { Table?: string } }) => {
    // The plan names a table `catalog.schema.table`.
    if (node.name?.trim() === 'SEQ_SCAN' && node.extra_info?.Table) tables.push(node.extra_info.Table.split('.').slice(-2).join('.'));
    for (const child of node.children ?? []) visit(child as typeof node);
  };
  for (const row of plan.getRows()) for (const node of JSON.parse(String(row[1])) as unknown[]) visit(node as Parameters<typeof visit>[0]);
  return tables;
}

function parseSession(text: string | undefined): Map<string, string> {
  const session = new Map<string, string>();
  for (const pair of (text ?? '').split(',')) {
    const [key, value] = pair.split('=');
    if (key && value) session.set(key.trim(), decodeURIComponent(value.trim()));
  }
  return session;
}

function header(request: IncomingMessage, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value || undefined;
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function send(response: ServerResponse, status: number, text: string): void {
  response.writeHead(status, { 'Content-Type': 'text/plain' });
  response.end(text);
}

const BIGINT_MARK = 'trino-fake-bigint:';

/** JSON as Trino writes it: a BIGINT (a bigint here) as a bare integer with every digit. */
function trinoJson(body: unknown): string {
  const text = JSON.stringify(body, (_key, value: unknown) => (typeof value === 'bigint' ? `${BIGINT_MARK}${value}` : value));
  return text.replace(new RegExp(`"${BIGINT_MARK}(-?\\d+)"`, 'g'), '$1');
}

function sendJson(response: ServerResponse, body: unknown, headers: Record<string, string> = {}): void {
  response.writeHead(200, { 'Content-Type': 'application/json', ...headers });
  response.end(trinoJson(body));
}
