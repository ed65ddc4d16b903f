// A local server that speaks the REST API snowflake-sdk uses, executing on DuckDB:
//   POST /session/v1/login-request   authenticator SNOWFLAKE (LOGIN_NAME + PASSWORD) or OAUTH
//                                    (TOKEN: an Entra access token checked against the local
//                                    authority — signature, issuer, expiry, audience — whose upn is
//                                    the Snowflake user, as External OAuth maps it);
//   POST /queries/v1/query-request   `Authorization: Snowflake Token="…"`; the first rows inline,
//                                    the rest as result chunks served from GET /chunks/…;
//   POST /queries/v1/abort-request   cancels the running statement of that requestId;
//   POST /session?delete=true        ends the session.
// Failures come as Snowflake's JSON error bodies (success: false, code, message) with HTTP 200,
// as Snowflake sends them. STATEMENT_TIMEOUT_IN_SECONDS is honoured (code 000630), set by ALTER
// SESSION or in a query request's own `parameters`, which override the session's for that
// statement. SHOW GRANTS TO ROLE answers from `grants`. `sessionSetup(user)` runs on each session's
// own DuckDB connection (a per-user row filter). SELECT CURRENT_WAREHOUSE() answers the warehouse the
// login named (upper-cased, as Snowflake resolves an unquoted name; NULL when `warehouses` is given
// and does not list it), and SHOW WAREHOUSES LIKE '<pattern>' lists `warehouses` whose name matches
// (without case, % and _ as wildcards) with their size spelled as Snowflake prints it (`X-Small`). `resultParameters` are reported with each result,
// as Snowflake reports the session's output formats. INFORMATION_SCHEMA.TABLES and COLUMNS carry
// Snowflake's columns and type names, with comments from COMMENT ON (snowflake-catalog-views.ts).
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { gunzipSync } from 'node:zlib';
import { withSnowflakeCatalogViews } from './snowflake-catalog-views.js';
import { DuckDBInstance, DuckDBTimestampTZValue, DuckDBTimestampValue, type DuckDBConnection, type DuckDBResult } from '@duckdb/node-api';

const INLINE_ROWS = 1000;
const CHUNK_ROWS = 5000;

export interface FakeSnowflakeOptions {
  setup: string[];
  /** SNOWFLAKE authenticator: user -> password. */
  passwords?: Record<string, string>;
  /** OAUTH authenticator: verifies the token (the local Entra's verifyToken). */
  verifyToken?: (token: string) => Record<string, unknown> | undefined;
  /** The audience Snowflake's security integration expects (EXTERNAL_OAUTH_AUDIENCE_LIST). */
  oauthAudience?: string;
  /** Role name -> privileges SHOW GRANTS lists for it. */
  grants?: Record<string, string[]>;
  sessionSetup?: (user: string) => string[];
  /** Warehouse name -> size as SHOW WAREHOUSES prints it (`X-Small`, `Large`, `2X-Large`). */
  warehouses?: Record<string, string>;
  /** Session parameters reported with every result, as an account's settings are (DATE_OUTPUT_FORMAT …). */
  resultParameters?: Record<string, string>;
}

export interface SnowflakeLoginRecord {
  authenticator: string;
  user: string | undefined;
  accepted: boolean;
  role: string | undefined;
  database: string | undefined;
  warehouse: string | undefined;
}

export interface SnowflakeQueryRecord {
  user: string;
  sql: string;
  state: 'running' | 'succeeded' | 'failed' | 'cancelled' | 'timed out';
  chunksServed: number;
}

export interface FakeSnowflake {
  url: string;
  port: number;
  logins: SnowflakeLoginRecord[];
  queries: SnowflakeQueryRecord[];
  aborts: string[];
  inspect(sql: string): Promise<unknown[][]>;
  close(): Promise<void>;
}

interface Session {
  user: string;
  role: string;
  warehouse: string | undefined;
  connection: DuckDBConnection;
  statementTimeoutSeconds: number;
  /** Logged out; its DuckDB connection closes once no statement runs on it. */
  ended: boolean;
}

interface RowType {
  name: string;
  type: string;
  scale: number;
  precision: number;
  nullable: boolean;
  length: number | null;
  byteLength: number | null;
}

export async function startFakeSnowflake(options: FakeSnowflakeOptions): Promise<FakeSnowflake> {
  const instance = await DuckDBInstance.create(':memory:');
  const admin = await instance.connect();
  for (const statement of options.setup) await admin.run(statement);
  const sessions = new Map<string, Session>();
  const running = new Map<string, { connection: DuckDBConnection; record: SnowflakeQueryRecord; cancelled: boolean }>();
  const chunkSources = new Map<string, { sql: string; session: Session; record: SnowflakeQueryRecord }>();
  const logins: SnowflakeLoginRecord[] = [];
  const queries: SnowflakeQueryRecord[] = [];
  const aborts: string[] = [];

  const reportedParameters = Object.entries(options.resultParameters ?? {}).map(([name, value]) => ({ name, value }));
  const statementResult = (queryId: string, rowtype: RowType[], rowset: unknown[][], total: number, chunks: unknown[]): unknown => resultBody(queryId, rowtype, rowset, total, chunks, reportedParameters);

  const sessionOf = (request: IncomingMessage): Session | undefined => {
    const match = /Snowflake Token="([^"]+)"/.exec(request.headers.authorization ?? '');
    return match ? sessions.get(match[1]!) : undefined;
  };

  const login = async (url: URL, body: Record<string, unknown>): Promise<unknown> => {
    const data = (body.data ?? {}) as Record<string, unknown>;
    const authenticator = String(data.AUTHENTICATOR ?? 'SNOWFLAKE').toUpperCase();
    const role = url.searchParams.get('roleName') ?? 'PUBLIC';
    const record: SnowflakeLoginRecord = { authenticator, user: undefined, accepted: false, role, database: url.searchParams.get('databaseName') ?? undefined, warehouse: url.searchParams.get('warehouse') ?? undefined };
    logins.push(record);
    let user: string | undefined;
    if (authenticator === 'OAUTH') {
      const claims = options.verifyToken?.(String(data.TOKEN ?? ''));
      if (!claims || (options.oauthAudience && claims.aud !== options.oauthAudience)) return failure('390303', 'Invalid OAuth access token. ');
      user = String(claims.upn ?? '');
    } else {
      const name = String(data.LOGIN_NAME ?? '');
      if (options.passwords?.[name] === undefined || options.passwords[name] !== data.PASSWORD) return failure('390100', 'Incorrect username or password was specified.');
      user = name;
    }
    record.user = user;
    record.accepted = true;
    const connection = await instance.connect();
    for (const statement of options.sessionSetup?.(user) ?? []) await connection.run(statement);
    const token = `session-${randomUUID()}`;
    sessions.set(token, { user, role, warehouse: record.warehouse, connection, statementTimeoutSeconds: 172_800, ended: false });
    return {
      success: true,
      code: null,
      message: null,
      data: {
        token,
        masterToken: `master-${randomUUID()}`,
        validityInSeconds: 3600,
        masterValidityInSeconds: 14_400,
        sessionId: Math.floor(Math.random() * 1e9),
        parameters: [],
        sessionInfo: { databaseName: record.database, schemaName: url.searchParams.get('schemaName'), warehouseName: record.warehouse, roleName: role },
      },
    };
  };

  const query = async (session: Session, requestId: string, sql: string, origin: string, parameters: Record<string, unknown>): Promise<unknown> => {
    const queryId = randomUUID();
    const timeout = /^ALTER SESSION SET STATEMENT_TIMEOUT_IN_SECONDS\s*=\s*(\d+)$/i.exec(sql.trim());
    if (timeout) {
      session.statementTimeoutSeconds = Number(timeout[1]);
      return statementResult(queryId, [{ name: 'status', type: 'text', scale: 0, precision: 0, nullable: false, length: 100, byteLength: 100 }], [['Statement executed successfully.']], 1, []);
    }
    if (/^SELECT CURRENT_ROLE\(\) AS role$/i.test(sql.trim())) {
      return statementResult(queryId, [{ name: 'ROLE', type: 'text', scale: 0, precision: 0, nullable: false, length: 100, byteLength: 100 }], [[session.role]], 1, []);
    }
    const text = (name: string) => ({ name, type: 'text', scale: 0, precision: 0, nullable: true, length: 100, byteLength: 100 });
    if (/^SELECT CURRENT_WAREHOUSE\(\) AS warehouse$/i.test(sql.trim())) {
      const current = session.warehouse?.toUpperCase();
      const known = options.warehouses === undefined || Object.keys(options.warehouses).some((name) => name.toUpperCase() === current);
      return statementResult(queryId, [text('WAREHOUSE')], [[known ? (current ?? null) : null]], 1, []);
    }
    const showWarehouses = /^SHOW WAREHOUSES LIKE '((?:[^']|'')*)'$/i.exec(sql.trim());
    if (showWarehouses) {
      const pattern = new RegExp(`^${showWarehouses[1]!.replaceAll("''", "'").replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replaceAll('%', '.*').replaceAll('_', '.')}$`, 'i');
      const rows = Object.entries(options.warehouses ?? {})
        .filter(([name]) => pattern.test(name))
        .map(([name, size]) => [name.toUpperCase(), 'STARTED', 'STANDARD', size]);
      return statementResult(queryId, [text('name'), text('state'), text('type'), text('size')], rows, rows.length, []);
    }
    const grantsFor = /^SHOW GRANTS TO ROLE "(.+)"$/i.exec(sql.trim());
    if (grantsFor) {
      const privileges = options.grants?.[grantsFor[1]!.replaceAll('""', '"')] ?? ['USAGE', 'SELECT'];
      return statementResult(queryId, [{ name: 'privilege', type: 'text', scale: 0, precision: 0, nullable: false, length: 100, byteLength: 100 }], privileges.map((privilege) => [privilege]), privileges.length, []);
    }
    const record: SnowflakeQueryRecord = { user: session.user, sql, state: 'running', chunksServed: 0 };
    queries.push(record);
    // The role's grants are the boundary, as in Snowflake: without a write privilege only reads run.
    const roleCanWrite = (options.grants?.[session.role] ?? []).some((privilege) => privilege !== 'USAGE' && privilege !== 'SELECT');
    if (!/^\s*(SELECT|WITH)\b/i.test(sql)) {
      if (!roleCanWrite) {
        record.state = 'failed';
        return failure('003001', `SQL access control error: Insufficient privileges to operate on schema 'PUBLIC' for role ${session.role}.`, queryId);
      }
      await session.connection.run(sql);
      record.state = 'succeeded';
      return statementResult(queryId, [{ name: 'status', type: 'text', scale: 0, precision: 0, nullable: false, length: 100, byteLength: 100 }], [['done']], 1, []);
    }
    const engineSql = withSnowflakeCatalogViews(sql);
    const entry = { connection: session.connection, record, cancelled: false };
    running.set(requestId, entry);
    const timeoutSeconds = Number(parameters.STATEMENT_TIMEOUT_IN_SECONDS ?? session.statementTimeoutSeconds);
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      session.connection.interrupt();
    }, timeoutSeconds * 1000);
    try {
      // Asked first: a statement prepared on the connection would end the pending result.
      const ownNames = await ownColumnNames(session.connection, engineSql);
      const result = await session.connection.stream(`SELECT * FROM (${engineSql}) LIMIT ${INLINE_ROWS}`);
      const rowtype = describe(result, ownNames);
      const inline = await readAll(result);
      let total = inline.length;
      const chunks: unknown[] = [];
      if (inline.length === INLINE_ROWS) {
        const counted = await session.connection.runAndReadAll(`SELECT count(*)::BIGINT FROM (${engineSql})`);
        total = Number(counted.getRows()[0]![0]);
        chunkSources.set(queryId, { sql: engineSql, session, record });
        for (let offset = INLINE_ROWS; offset < total; offset += CHUNK_ROWS) {
          const rowCount = Math.min(CHUNK_ROWS, total - offset);
          chunks.push({ url: `${origin}/chunks/${queryId}/${offset}/${rowCount}`, rowCount, uncompressedSize: rowCount * 16, compressedSize: rowCount * 8 });
        }
      }
      record.state = 'succeeded';
      return statementResult(queryId, rowtype, inline.map((row) => row.map(wireValue)), total, chunks);
    } catch (error) {
      if (entry.cancelled) {
        record.state = 'cancelled';
        return failure('000604', 'SQL execution canceled', queryId);
      }
      if (timedOut) {
        record.state = 'timed out';
        return failure('000630', `Statement reached its statement or warehouse timeout of ${timeoutSeconds} second(s) and was canceled.`, queryId);
      }
      record.state = 'failed';
      return failure('002003', `SQL compilation error: ${error instanceof Error ? error.message : String(error)}`, queryId);
    } finally {
      clearTimeout(timer);
      running.delete(requestId);
      if (session.ended) session.connection.closeSync();
    }
  };

  const server = createServer((request, response) => {
    void handle(request, response).catch((error: unknown) => send(response, 500, { success: false, message: String(error) }));
  });

  const handle = async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const origin = `http://127.0.0.1:${port}`;
    if (request.method === 'GET' && url.pathname.startsWith('/chunks/')) {
      const [, , queryId, offset, rowCount] = url.pathname.split('/');
      const source = chunkSources.get(queryId ?? '');
      if (!source) return send(response, 404, '');
      source.record.chunksServed += 1;
      const rows = (await source.session.connection.runAndReadAll(`SELECT * FROM (${source.sql}) LIMIT ${Number(rowCount)} OFFSET ${Number(offset)}`)).getRows();
      // Cloud storage serves chunks as bytes: rows separated by commas, without the outer brackets.
      response.writeHead(200, { 'content-type': 'application/octet-stream' });
      response.end(rows.map((row) => JSON.stringify(row.map(wireValue))).join(','));
      return;
    }
    const body = await readBody(request);
    if (url.pathname === '/session/v1/login-request') return send(response, 200, await login(url, body));
    if (url.pathname === '/session' && url.searchParams.get('delete') === 'true') {
      const session = sessionOf(request);
      const token = /Snowflake Token="([^"]+)"/.exec(request.headers.authorization ?? '')?.[1];
      if (session && token) {
        sessions.delete(token);
        session.ended = true;
        if (![...running.values()].some((entry) => entry.connection === session.connection)) session.connection.closeSync();
      }
      return send(response, 200, { success: true, code: null, message: null, data: null });
    }
    const session = sessionOf(request);
    if (!session) return send(response, 401, { success: false, code: '390112', message: 'Your session has expired. Please login again.' });
    if (url.pathname === '/queries/v1/query-request') {
      return send(response, 200, await query(session, url.searchParams.get('requestId') ?? randomUUID(), String(body.sqlText ?? ''), origin, (body.parameters ?? {}) as Record<string, unknown>));
    }
    if (url.pathname === '/queries/v1/abort-request') {
      const requestId = String(body.requestId ?? '');
      aborts.push(requestId);
      const entry = running.get(requestId);
      if (entry) {
        entry.cancelled = true;
        // DuckDB's interrupt only reaches a query already executing: repeat it until the statement ends.
        const interrupting = setInterval(() => (running.has(requestId) ? entry.connection.interrupt() : clearInterval(interrupting)), 20);
        entry.connection.interrupt();
      }
      return send(response, 200, { success: true, code: null, message: null, data: null });
    }
    send(response, 200, { success: true, code: null, message: null, data: {} });
  };

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('fake Snowflake: no port');
  const port = address.port;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    logins,
    queries,
    aborts,
    inspect: async (sql) => (await admin.runAndReadAll(sql)).getRows() as unknown[][],
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      for (const session of sessions.values()) session.connection.closeSync();
      admin.closeSync();
      instance.closeSync();
    },
  };
}

function failure(code: string, message: string, queryId?: string): unknown {
  return { success: false, code, message, data: { queryId, sqlState: code === '002003' ? '42000' : '57014', errorCode: code } };
}

function resultBody(queryId: string, rowtype: RowType[], rowset: unknown[][], total: number, chunks: unknown[], parameters: Array<{ name: string; value: string }>): unknown {
  return {
    success: true,
    code: null,
    message: null,
    data: { queryId, rowtype, rowset, total, returned: total, queryResultFormat: 'json', chunks, chunkHeaders: {}, parameters, statementTypeId: 4096 },
  };
}

async function readBody(request: IncomingMessage): Promise<Record<string, unknown>> {
  const parts: Buffer[] = [];
  for await (const part of request) parts.push(part as Buffer);
  if (parts.length === 0) return {};
  let raw = Buffer.concat(parts);
  if (request.headers['content-encoding'] === 'gzip') raw = gunzipSync(raw);
  return raw.length > 0 ? (JSON.parse(raw.toString('utf8')) as Record<string, unknown>) : {};
}

function send(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(typeof body === 'string' ? body : JSON.stringify(body));
}

async function readAll(result: DuckDBResult): Promise<unknown[][]> {
  const rows: unknown[][] = [];
  while (true) {
    const chunk = await result.fetchChunk();
    if (!chunk || chunk.rowCount === 0) return rows;
    rows.push(...(chunk.getRows() as unknown[][]));
  }
}

/**
 * The query's own column names: wrapped in `SELECT * FROM (…) LIMIT`, DuckDB renames a repeated
 * name (id, id_1), while Snowflake reports both columns as `id`.
 */
async function ownColumnNames(connection: DuckDBConnection, sql: string): Promise<string[] | undefined> {
  try {
    const prepared = await connection.prepare(sql);
    try {
      return Array.from({ length: prepared.columnCount }, (_, index) => prepared.columnName(index));
    } finally {
      prepared.destroySync();
    }
  } catch {
    return undefined;
  }
}

/** Snowflake's row type for a DuckDB column: NUMBER is `fixed` with a scale, JSON is `variant`. */
function describe(result: DuckDBResult, ownNames: string[] | undefined): RowType[] {
  const wrappedNames = result.columnNames();
  const names = ownNames?.length === wrappedNames.length ? ownNames : wrappedNames;
  return names.map((name, index) => {
    const columnType = result.columnType(index);
    const alias = (columnType as { alias?: string }).alias;
    const duckdbType = (alias ?? columnType.toString()).toUpperCase();
    const base = { name, nullable: true, length: null, byteLength: null };
    const decimal = /^DECIMAL\((\d+),(\d+)\)$/.exec(duckdbType);
    if (decimal) return { ...base, type: 'fixed', precision: Number(decimal[1]), scale: Number(decimal[2]) };
    if (/^(TINYINT|SMALLINT|INTEGER|BIGINT|HUGEINT|UTINYINT|USMALLINT|UINTEGER|UBIGINT)$/.test(duckdbType)) return { ...base, type: 'fixed', precision: 38, scale: 0 };
    if (/^(FLOAT|DOUBLE)$/.test(duckdbType)) return { ...base, type: 'real', precision: 0, scale: 0 };
    if (duckdbType === 'BOOLEAN') return { ...base, type: 'boolean', precision: 0, scale: 0 };
    if (duckdbType === 'DATE') return { ...base, type: 'date', precision: 0, scale: 0 };
    // Snowflake's timestamps carry nanoseconds (scale 9) unless the column says otherwise.
    if (duckdbType === 'TIMESTAMP') return { ...base, type: 'timestamp_ntz', precision: 0, scale: 9 };
    if (duckdbType === 'TIMESTAMP WITH TIME ZONE') return { ...base, type: 'timestamp_tz', precision: 0, scale: 9 };
    if (duckdbType === 'JSON') return { ...base, type: 'variant', precision: 0, scale: 0, length: 16_777_216, byteLength: 16_777_216 };
    return { ...base, type: 'text', precision: 0, scale: 0, length: 16_777_216, byteLength: 16_777_216 };
  });
}

const MICROSECONDS_PER_SECOND = 1_000_000n;
/** TIMESTAMP_TZ's offset travels as minutes + 1440, after the instant (result version 1). */
const UTC_OFFSET_INDEX = 1440;

/** Seconds since the epoch with nine fractional digits, as Snowflake sends TIMESTAMP_NTZ / _LTZ. */
function epochSecondsText(micros: bigint): string {
  const seconds = micros / MICROSECONDS_PER_SECOND - (micros % MICROSECONDS_PER_SECOND < 0n ? 1n : 0n);
  const fraction = micros - seconds * MICROSECONDS_PER_SECOND;
  return `${seconds}.${String(fraction).padStart(6, '0')}000`;
}

/**
 * Every value travels as text in Snowflake's JSON result format; DATE as days since the epoch,
 * timestamps as epoch seconds (and TIMESTAMP_TZ's offset index; DuckDB keeps the instant in UTC).
 */
function wireValue(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'boolean') return value ? '1' : '0';
  if (value instanceof DuckDBTimestampTZValue) return `${epochSecondsText(value.micros)} ${UTC_OFFSET_INDEX}`;
  if (value instanceof DuckDBTimestampValue) return epochSecondsText(value.micros);
  const days = (value as { days?: unknown }).days;
  if (typeof days === 'number') return String(days);
  return String(value);
}
