// A local server that plays a Databricks SQL warehouse for the real @databricks/sql driver: the
// HiveServer2 / TCLIService API as Thrift (binary protocol, buffered transport) over HTTPS POST to
// the warehouse's http_path, answered by the TCLIService server-side processor the driver package
// ships, executing on DuckDB. OpenSession, ExecuteStatement (run asynchronously, with
// queryTimeout), GetOperationStatus, GetResultSetMetadata, FetchResults (column-based row sets of
// at most maxRows rows, hasMoreRows while more remain, read on demand from a streaming result),
// CancelOperation, CloseOperation and CloseSession.
//
// Every request needs `Authorization: Bearer <token>`, checked as Databricks does: a personal
// access token from `tokens`, or a Microsoft Entra ID access token whose audience is the Azure
// Databricks resource (2ff814a6-3304-4ab8-85cb-cd0e6f879c1d), verified by `verifyEntraToken`.
// The identity a token maps to becomes the DuckDB variable `current_user` of the session's
// connection, so views defined with getvariable('current_user') filter rows per person, as Unity
// Catalog row filters on current_user() do. `readOnly` plays a SELECT-only grant.
//
// The Unity Catalog catalog is a DuckDB database attached under `catalog`; schemas are its schemas.
import { randomBytes, randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer } from 'node:https';
import { createRequire } from 'node:module';
import { createSelfSignedCertificate } from './entra-server.js';
import { DuckDBInstance, DuckDBTypeId, JsonDuckDBValueConverter, StatementType, type DuckDBConnection, type DuckDBResult, type DuckDBType } from '@duckdb/node-api';

export const AZURE_DATABRICKS_RESOURCE = '2ff814a6-3304-4ab8-85cb-cd0e6f879c1d';

const require = createRequire(import.meta.url);

interface ThriftTransportClass {
  new (buffer?: Buffer, onFlush?: (buffer: Buffer) => void): unknown;
  receiver(callback: (transport: { commitPosition(): void }) => void): (data: Buffer) => void;
}
interface ThriftModule {
  TBufferedTransport: ThriftTransportClass;
  TBinaryProtocol: new (transport: unknown) => unknown;
}
const thrift = require('thrift') as ThriftModule;
const { Processor } = require('@databricks/sql/thrift/TCLIService.js') as { Processor: new (handler: object) => { process(input: unknown, output: unknown): void } };
const Int64 = require('node-int64') as new (value: number | string) => unknown;

// Values of the TCLIService enums (thrift/TCLIService_types).
const STATUS = { SUCCESS: 0, ERROR: 3, INVALID_HANDLE: 4 } as const;
const STATE = { RUNNING: 1, FINISHED: 2, CANCELED: 3, CLOSED: 4, ERROR: 5, TIMEDOUT: 8 } as const;
const TYPE = { BOOLEAN: 0, TINYINT: 1, SMALLINT: 2, INT: 3, BIGINT: 4, FLOAT: 5, DOUBLE: 6, STRING: 7, TIMESTAMP: 8, BINARY: 9, ARRAY: 10, MAP: 11, STRUCT: 12, DECIMAL: 15, DATE: 17 } as const;
/** SPARK_CLI_SERVICE_PROTOCOL_V4: several catalogs, no Arrow metadata, so results come column-based. */
const SERVER_PROTOCOL_VERSION = 0xa504;
const COLUMN_BASED_SET = 1;

export interface FakeDatabricksOptions {
  catalog: string;
  /** DuckDB statements run once inside the catalog (CREATE SCHEMA, tables, row-filtered views). */
  setup: string[];
  /** The warehouse's HTTP path, e.g. /sql/1.0/warehouses/abc123. */
  httpPath: string;
  /** Personal access tokens (or OAuth tokens) -> the identity they authenticate. */
  tokens?: Record<string, string>;
  /** Verifies an Entra ID token; returns its claims when valid. */
  verifyEntraToken?: (token: string) => Record<string, unknown> | undefined;
  readOnly?: boolean;
}

export interface RecordedDatabricksRequest {
  path: string;
  authorization: string | undefined;
  identity: string | null;
}

export interface DatabricksStatementRecord {
  id: string;
  sql: string;
  identity: string;
  state: 'RUNNING' | 'FINISHED' | 'CANCELED' | 'ERROR' | 'TIMEDOUT';
  queryTimeoutSeconds: number;
  rowsServed: number;
  fetches: number;
  cancelled: boolean;
}

export interface FakeDatabricks {
  url: string;
  host: string;
  port: number;
  /** The self-signed certificate the server speaks TLS with (the driver always uses https). */
  certificatePem: string;
  requests: RecordedDatabricksRequest[];
  statements: DatabricksStatementRecord[];
  /** Sessions opened, with the identity each runs as. */
  sessions: { identity: string; closed: boolean }[];
  /** From now on the warehouse refuses this token (revoked, or expired on its clock). */
  refuseToken(token: string): void;
  inspect(sql: string): Promise<unknown[][]>;
  close(): Promise<void>;
}

interface Session {
  id: string;
  identity: string;
  closed: boolean;
  catalog: string;
  schema: string;
}

interface Statement {
  record: DatabricksStatementRecord;
  connection?: DuckDBConnection;
  result?: DuckDBResult;
  types?: DuckDBType[];
  names?: string[];
  buffered: unknown[][];
  ended: boolean;
  error?: { message: string; sqlState: string };
  timer?: NodeJS.Timeout;
}

interface Handle {
  guid: Buffer;
  secret: Buffer;
}

export async function startFakeDatabricks(options: FakeDatabricksOptions): Promise<FakeDatabricks> {
  const instance = await DuckDBInstance.create(':memory:');
  const admin = await instance.connect();
  await admin.run(`ATTACH ':memory:' AS "${options.catalog}"`);
  await admin.run(`USE "${options.catalog}"`);
  for (const statement of options.setup) await admin.run(statement);
  const requests: RecordedDatabricksRequest[] = [];
  const sessions = new Map<string, Session>();
  const statements = new Map<string, Statement>();

  await admin.run(databricksTypeMacro(options.catalog));
  const ok = { statusCode: STATUS.SUCCESS };
  // The driver prints handles as UUIDs and checks they are well-formed ones.
  const handle = (): Handle => ({ guid: Buffer.from(randomUUID().replaceAll('-', ''), 'hex'), secret: randomBytes(16) });
  const key = (value: { guid: Buffer } | undefined) => value?.guid.toString('hex') ?? '';

  const finish = (statement: Statement): void => {
    if (statement.timer) clearTimeout(statement.timer);
    statement.connection?.closeSync();
    statement.connection = undefined;
  };

  const readChunk = async (statement: Statement): Promise<void> => {
    const chunk = await statement.result!.fetchChunk();
    if (!chunk || chunk.rowCount === 0) {
      statement.ended = true;
      finish(statement);
      return;
    }
    for (const row of chunk.convertRows(JsonDuckDBValueConverter)) statement.buffered.push(row);
  };

  const run = async (statement: Statement, session: Session): Promise<void> => {
    const connection = await instance.connect();
    statement.connection = connection;
    await connection.run(`USE "${session.catalog}"."${session.schema}"`);
    await connection.run(`SET VARIABLE current_user = '${session.identity.replaceAll("'", "''")}'`);
    const prepared = await connection.prepare(translate(statement.record.sql, options.catalog));
    if (statement.record.cancelled || statement.error) return;
    if (options.readOnly && prepared.statementType !== StatementType.SELECT) {
      throw new Error(`PERMISSION_DENIED: User ${session.identity} does not have MODIFY on the table (the warehouse grants SELECT only).`);
    }
    statement.result = await prepared.stream();
    statement.names = statement.result.columnNames();
    statement.types = statement.result.columnTypes();
    await readChunk(statement);
    if (statement.record.state === 'RUNNING') statement.record.state = 'FINISHED';
  };

  const statementFor = (operationHandle: { operationId?: { guid: Buffer } } | undefined, currentIdentity: string): Statement => {
    const statement = statements.get(key(operationHandle?.operationId));
    if (!statement || statement.record.identity !== currentIdentity) throw Object.assign(new Error('Invalid OperationHandle'), { invalidHandle: true });
    return statement;
  };

  const failure = (error: unknown) => ({ statusCode: (error as { invalidHandle?: boolean }).invalidHandle ? STATUS.INVALID_HANDLE : STATUS.ERROR, errorMessage: error instanceof Error ? error.message : String(error) });

  // One handler per request, bound to the identity that request authenticated as. Every method
  // takes exactly one parameter: the processor treats one-parameter methods as promise-returning.
  const handlerFor = (currentIdentity: string) => ({
    OpenSession: async (request: { initialNamespace?: { catalogName?: string; schemaName?: string } }) => {
      const sessionHandle = { sessionId: handle() };
      const namespace = request.initialNamespace ?? {};
      sessions.set(key(sessionHandle.sessionId), { id: key(sessionHandle.sessionId), identity: currentIdentity, closed: false, catalog: namespace.catalogName ?? options.catalog, schema: namespace.schemaName ?? 'main' });
      return { status: ok, serverProtocolVersion: SERVER_PROTOCOL_VERSION, sessionHandle, configuration: {} };
    },
    CloseSession: async (request: { sessionHandle?: { sessionId?: { guid: Buffer } } }) => {
      const session = sessions.get(key(request.sessionHandle?.sessionId));
      if (session) session.closed = true;
      return { status: ok };
    },
    ExecuteStatement: async (request: { sessionHandle?: { sessionId?: { guid: Buffer } }; statement: string; queryTimeout?: { toNumber(): number } }) => {
      const session = sessions.get(key(request.sessionHandle?.sessionId));
      if (!session || session.closed || session.identity !== currentIdentity) return { status: { statusCode: STATUS.INVALID_HANDLE, errorMessage: 'Invalid SessionHandle' } };
      const operationHandle = { operationId: handle(), operationType: 0, hasResultSet: true };
      const timeoutSeconds = request.queryTimeout ? request.queryTimeout.toNumber() : 0;
      const statement: Statement = {
        record: { id: key(operationHandle.operationId), sql: request.statement, identity: session.identity, state: 'RUNNING', queryTimeoutSeconds: timeoutSeconds, rowsServed: 0, fetches: 0, cancelled: false },
        buffered: [],
        ended: false,
      };
      statements.set(statement.record.id, statement);
      if (timeoutSeconds > 0) {
        statement.timer = setTimeout(() => {
          if (statement.record.state !== 'RUNNING') return;
          statement.record.state = 'TIMEDOUT';
          statement.error = { message: `Query has been timed out after ${timeoutSeconds} seconds (statement_timeout).`, sqlState: 'HYT00' };
          statement.connection?.interrupt();
        }, timeoutSeconds * 1000);
      }
      run(statement, session).catch((error: unknown) => {
        if (statement.record.state === 'RUNNING') {
          statement.record.state = 'ERROR';
          statement.error = databricksError(error);
        }
        finish(statement);
      });
      return { status: ok, operationHandle };
    },
    GetOperationStatus: async (request: { operationHandle?: { operationId?: { guid: Buffer } } }) => {
      try {
        const statement = statementFor(request.operationHandle, currentIdentity);
        const state = STATE[statement.record.state];
        return { status: ok, operationState: state, ...(statement.error ? { errorMessage: statement.error.message, displayMessage: statement.error.message, sqlState: statement.error.sqlState } : {}), hasResultSet: true };
      } catch (error) {
        return { status: failure(error) };
      }
    },
    GetResultSetMetadata: async (request: { operationHandle?: { operationId?: { guid: Buffer } } }) => {
      try {
        const statement = statementFor(request.operationHandle, currentIdentity);
        const columns = (statement.names ?? []).map((name, index) => ({ columnName: name, position: index + 1, typeDesc: { types: [{ primitiveEntry: primitiveEntry(statement.types![index]!) }] } }));
        return { status: ok, schema: { columns }, resultFormat: COLUMN_BASED_SET };
      } catch (error) {
        return { status: failure(error) };
      }
    },
    FetchResults: async (request: { operationHandle?: { operationId?: { guid: Buffer } }; maxRows: { toNumber(): number } }) => {
      try {
        const statement = statementFor(request.operationHandle, currentIdentity);
        if (statement.record.state !== 'FINISHED') return { status: { statusCode: STATUS.ERROR, errorMessage: `The operation is ${statement.record.state}` } };
        const maxRows = request.maxRows.toNumber();
        const rows: unknown[][] = [];
        while (rows.length < maxRows) {
          if (statement.buffered.length === 0) {
            if (statement.ended || !statement.result) break;
            await readChunk(statement);
            continue;
          }
          rows.push(...statement.buffered.splice(0, maxRows - rows.length));
        }
        const offset = statement.record.rowsServed;
        statement.record.rowsServed += rows.length;
        statement.record.fetches += 1;
        const types = statement.types ?? [];
        return {
          status: ok,
          hasMoreRows: statement.buffered.length > 0 || !statement.ended,
          results: { startRowOffset: new Int64(offset), rows: [], columns: types.map((type, index) => column(type, rows.map((row) => row[index]))) },
        };
      } catch (error) {
        return { status: failure(error) };
      }
    },
    CancelOperation: async (request: { operationHandle?: { operationId?: { guid: Buffer } } }) => {
      try {
        const statement = statementFor(request.operationHandle, currentIdentity);
        statement.record.cancelled = true;
        if (statement.record.state === 'RUNNING') {
          statement.record.state = 'CANCELED';
          statement.connection?.interrupt();
        }
        return { status: ok };
      } catch (error) {
        return { status: failure(error) };
      }
    },
    CloseOperation: async (request: { operationHandle?: { operationId?: { guid: Buffer } } }) => {
      try {
        finish(statementFor(request.operationHandle, currentIdentity));
        return { status: ok };
      } catch (error) {
        return { status: failure(error) };
      }
    },
    GetInfo: async (_request: unknown) => ({ status: ok, infoValue: { stringValue: 'Databricks SQL (datathread test server)' } }),
  });

  const refused = new Set<string>();
  const authenticate = (authorization: string | undefined): string | null => {
    const token = /^Bearer (.+)$/.exec(authorization ?? '')?.[1];
    if (!token || refused.has(token)) return null;
    const personal = options.tokens?.[token];
    if (personal) return personal;
    const claims = options.verifyEntraToken?.(token);
    if (!claims || claims.aud !== AZURE_DATABRICKS_RESOURCE) return null;
    return String(claims.upn ?? claims.preferred_username ?? claims.unique_name ?? '') || null;
  };

  const serve = async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const path = new URL(request.url ?? '/', 'http://localhost').pathname;
    const identity = authenticate(request.headers.authorization);
    requests.push({ path, authorization: request.headers.authorization, identity });
    if (!identity) {
      response.writeHead(401, { 'Content-Type': 'text/plain', 'WWW-Authenticate': 'Bearer' });
      return void response.end('Credential was not sent or was of an unsupported type for this API. [ErrorId=datathread-test]');
    }
    if (request.method !== 'POST' || path !== options.httpPath) {
      response.writeHead(404, { 'Content-Type': 'text/plain' });
      return void response.end(`No SQL warehouse at ${path}`);
    }
    await new Promise<void>((resolve) => {
      thrift.TBufferedTransport.receiver((transport) => {
        const input = new thrift.TBinaryProtocol(transport);
        const output = new thrift.TBinaryProtocol(new thrift.TBufferedTransport(undefined, (buffer) => {
          response.writeHead(200, { 'Content-Type': 'application/x-thrift' });
          response.end(buffer);
          resolve();
        }));
        new Processor(handlerFor(identity)).process(input, output);
        transport.commitPosition();
      })(Buffer.concat(chunks));
    });
  };

  const tls = createSelfSignedCertificate();
  const server = createServer({ key: tls.keyPem, cert: tls.certificatePem }, (request, response) => {
    serve(request, response).catch((error: unknown) => {
      response.writeHead(500, { 'Content-Type': 'text/plain' });
      response.end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;

  return {
    url: `https://127.0.0.1:${port}${options.httpPath}`,
    certificatePem: tls.certificatePem,
    host: '127.0.0.1',
    port,
    requests,
    get statements() {
      return [...statements.values()].map((statement) => statement.record);
    },
    get sessions() {
      return [...sessions.values()].map(({ identity, closed }) => ({ identity, closed }));
    },
    refuseToken: (token) => refused.add(token),
    inspect: async (sql) => (await admin.runAndReadAll(sql)).getRowsJS() as unknown[][],
    close: async () => {
      for (const statement of statements.values()) {
        statement.connection?.interrupt();
        finish(statement);
      }
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      admin.closeSync();
      instance.closeSync();
    },
  };
}

/**
 * Databricks SQL as DuckDB reads it: `…` names become "…"; information_schema.columns shows
 * Databricks type names, nullability and comments, information_schema.tables Unity Catalog's
 * table types (MANAGED, VIEW) and comments, both from DuckDB's catalog (COMMENT ON).
 */
function translate(sql: string, catalog: string): string {
  return sql
    .replace(
      /(?:`?\w+`?\.)?information_schema\.columns/gi,
      () =>
        `(SELECT table_catalog, table_schema, table_name, column_name, ordinal_position, "${catalog}".main.databricks_type(data_type) AS data_type, lower("${catalog}".main.databricks_type(data_type)) AS full_data_type, is_nullable, column_comment AS comment FROM information_schema.columns WHERE table_catalog = '${catalog}')`,
    )
    .replace(
      /(?:`?\w+`?\.)?information_schema\.tables/gi,
      () =>
        `(SELECT table_catalog, table_schema, table_name, CASE WHEN table_type = 'VIEW' THEN 'VIEW' ELSE 'MANAGED' END AS table_type, TABLE_COMMENT AS comment FROM information_schema.tables WHERE table_catalog = '${catalog}')`,
    )
    .replace(/`([^`]*)`/g, '"$1"');
}

/** The DuckDB-to-Databricks type-name mapping the columns view uses. */
function databricksTypeMacro(catalog: string): string {
  return `CREATE MACRO "${catalog}".main.databricks_type(t) AS CASE
    WHEN t = 'INTEGER' THEN 'INT' WHEN t = 'VARCHAR' THEN 'STRING' WHEN t = 'DOUBLE' THEN 'DOUBLE'
    WHEN t LIKE 'MAP(%' THEN 'MAP<STRING,INT>' WHEN t LIKE '%[]' THEN 'ARRAY<' || replace(replace(t, '[]', ''), 'VARCHAR', 'STRING') || '>'
    ELSE t END`;
}

function primitiveEntry(type: DuckDBType): { type: number; typeQualifiers?: unknown } {
  switch (type.typeId) {
    case DuckDBTypeId.BOOLEAN:
      return { type: TYPE.BOOLEAN };
    case DuckDBTypeId.TINYINT:
      return { type: TYPE.TINYINT };
    case DuckDBTypeId.SMALLINT:
      return { type: TYPE.SMALLINT };
    case DuckDBTypeId.INTEGER:
      return { type: TYPE.INT };
    case DuckDBTypeId.BIGINT:
      return { type: TYPE.BIGINT };
    case DuckDBTypeId.FLOAT:
      return { type: TYPE.FLOAT };
    case DuckDBTypeId.DOUBLE:
      return { type: TYPE.DOUBLE };
    case DuckDBTypeId.DECIMAL: {
      const { width, scale } = type as unknown as { width: number; scale: number };
      return { type: TYPE.DECIMAL, typeQualifiers: { qualifiers: { precision: { i32Value: width }, scale: { i32Value: scale } } } };
    }
    case DuckDBTypeId.DATE:
      return { type: TYPE.DATE };
    case DuckDBTypeId.TIMESTAMP:
    case DuckDBTypeId.TIMESTAMP_TZ:
      return { type: TYPE.TIMESTAMP };
    case DuckDBTypeId.LIST:
      return { type: TYPE.ARRAY };
    case DuckDBTypeId.MAP:
      return { type: TYPE.MAP };
    case DuckDBTypeId.STRUCT:
      return { type: TYPE.STRUCT };
    default:
      return { type: TYPE.STRING };
  }
}

/** One TColumn: typed values plus a null bitmap, as Spark's column-based row set sends them. */
function column(type: DuckDBType, values: unknown[]): Record<string, unknown> {
  const nulls = Buffer.alloc(Math.ceil(values.length / 8));
  values.forEach((value, index) => {
    if (value === null || value === undefined) nulls[Math.floor(index / 8)]! |= 1 << (index % 8);
  });
  const entry = primitiveEntry(type).type;
  const filled = <T>(convert: (value: unknown) => T, empty: T) => ({ values: values.map((value) => (value === null || value === undefined ? empty : convert(value))), nulls });
  switch (entry) {
    case TYPE.BOOLEAN:
      return { boolVal: filled(Boolean, false) };
    case TYPE.TINYINT:
      return { byteVal: filled(Number, 0) };
    case TYPE.SMALLINT:
      return { i16Val: filled(Number, 0) };
    case TYPE.INT:
      return { i32Val: filled(Number, 0) };
    case TYPE.BIGINT:
      return { i64Val: filled(int64, new Int64(0)) };
    case TYPE.FLOAT:
    case TYPE.DOUBLE:
      return { doubleVal: filled(Number, 0) };
    case TYPE.ARRAY:
    case TYPE.MAP:
    case TYPE.STRUCT:
      // Complex values travel as JSON text in column-based results.
      return { stringVal: filled((value) => JSON.stringify(type.typeId === DuckDBTypeId.MAP ? mapObject(value) : value), '') };
    case TYPE.TIMESTAMP:
      return { stringVal: filled((value) => String(value).replace(/([+-]\d\d)$/, ''), '') };
    default:
      return { stringVal: filled(String, '') };
  }
}

/** A BIGINT exactly, past 2^53 too: node-int64 takes 64 bits as hex (two's complement). */
function int64(value: unknown): unknown {
  const big = BigInt(String(value));
  return new Int64((big < 0n ? (1n << 64n) + big : big).toString(16).padStart(16, '0'));
}

/** DuckDB's JSON form of a MAP is a list of {key, value}; Databricks sends {"key": value}. */
function mapObject(value: unknown): Record<string, unknown> {
  if (!Array.isArray(value)) return value as Record<string, unknown>;
  return Object.fromEntries(value.map((entry: { key: unknown; value: unknown }) => [String(entry.key), entry.value]));
}

function databricksError(error: unknown): { message: string; sqlState: string } {
  const message = error instanceof Error ? error.message : String(error);
  const table = /Table with name (\S+) does not exist/.exec(message);
  if (table) return { message: `[TABLE_OR_VIEW_NOT_FOUND] The table or view \`${table[1]}\` cannot be found. SQLSTATE: 42P01`, sqlState: '42P01' };
  if (message.startsWith('PERMISSION_DENIED')) return { message: `[INSUFFICIENT_PERMISSIONS] ${message}`, sqlState: '42501' };
  return { message: `[PARSE_SYNTAX_ERROR] ${message}`, sqlState: '42601' };
}
