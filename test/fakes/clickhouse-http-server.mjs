// A thin HTTP front for a real ClickHouse engine (chdb, installed by `npm ci --prefix test/engines`),
// speaking the part of ClickHouse's HTTP interface that @clickhouse/client uses: the query in the
// POST body (or ?query=), a trailing FORMAT clause, settings and query_id as URL parameters, the
// three ways to authenticate (Basic, X-ClickHouse-User/Key, Bearer), streamed results, errors as
// ClickHouse writes them (status code, X-ClickHouse-Exception-Code, "Code: N. DB::Exception: …
// (NAME)" body; the __exception__ block once rows have been sent) and KILL QUERY.
//
// Runs as its own process (`node test/fakes/clickhouse-http-server.mjs`), like a real server, so a
// test or bench measuring the client's memory does not count the engine's. It prints
// `listening <port>` on stdout. Configuration comes from one JSON argument:
//   { "users": { "name": "password" }, "tokens": { "jwt": "name" }, "setup": ["CREATE TABLE …"] }
//
// GET /_test/log (not ClickHouse's) lists what arrived: query id, user, settings, SQL, bytes sent
// and how it ended, so tests can check what the client really sent.
//
// chdb runs one statement at a time per session, so requests wait in line (SHOW, DESCRIBE, EXISTS
// and EXPLAIN, which chdb does not stream, run whole); KILL QUERY is answered
// by the front itself (as ClickHouse's process list would) and stops the matching stream. With
// readonly >= 1 only reading statements reach the engine, each with `SETTINGS …, readonly=N`
// appended (the URL settings first, as ClickHouse applies them before the query's own clause) so the
// engine itself enforces it; anything else gets ClickHouse's READONLY error.
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const require = createRequire(fileURLToPath(new URL('../engines/package.json', import.meta.url)));
const { Session } = require('chdb');

const config = JSON.parse(process.argv[2] ?? '{}');
const users = config.users ?? { default: '' };
const tokens = config.tokens ?? {};
/** Two threads: the test machines have two cores, shared with the rest of the suite. */
const ENGINE_THREADS = 2;
const session = new Session(undefined, { connectionArgs: [`--max_threads=${ENGINE_THREADS}`] });
for (const statement of config.setup ?? []) session.query(statement);
const version = session.query('SELECT version()', 'TabSeparated').trim();

/** Error codes ClickHouse's HTTP handler answers with something other than 500. */
const HTTP_STATUS_FOR_CODE = { 62: 400, 60: 404, 81: 404, 164: 403, 516: 401, 497: 403 };
const READ_KEYWORDS = new Set(['SELECT', 'WITH', 'SHOW', 'DESCRIBE', 'DESC', 'EXPLAIN', 'EXISTS']);
/**
 * Statements chdb's streaming path refuses ("Streaming query is not supported"); a real server
 * answers them over HTTP like any query, so the front runs them whole and sends the result.
 */
const NON_STREAMING_KEYWORDS = new Set(['SHOW', 'DESCRIBE', 'DESC', 'EXPLAIN', 'EXISTS']);
/** URL parameters that are not settings. */
const NON_SETTINGS = new Set(['query', 'query_id', 'database', 'default_format', 'user', 'password', 'session_id', 'role']);

const running = new Map();
/** One entry per query request, for GET /_test/log. */
const log = [];
let queue = Promise.resolve();

class ClickHouseError extends Error {
  constructor(code, name, message) {
    super(`Code: ${code}. DB::Exception: ${message}. (${name}) (version ${version})`);
    this.code = code;
  }
}

function engineError(error) {
  const text = String(error?.message ?? error).replace(/^Query failed: /, '');
  const match = /Code: (\d+)\. DB::Exception: ([\s\S]*?)\s*\(([A-Z0-9_]+)\)(?: \(version [^)]*\))?\.?\s*(?:\([A-Z0-9_]+\))?\s*$/.exec(text);
  if (!match) return new ClickHouseError(1001, 'STD_EXCEPTION', text);
  return new ClickHouseError(Number(match[1]), match[3], match[2].replace(/^Code: \d+\. DB::Exception: /, '').replace(/\.$/, ''));
}

function authenticate(request, params) {
  const header = request.headers.authorization ?? '';
  if (header.startsWith('Bearer ')) {
    const user = tokens[header.slice(7)];
    if (user) return user;
    throw new ClickHouseError(516, 'AUTHENTICATION_FAILED', 'Authentication failed: the access token is not valid');
  }
  let user = request.headers['x-clickhouse-user'] ?? params.get('user') ?? 'default';
  let password = request.headers['x-clickhouse-key'] ?? params.get('password') ?? '';
  if (header.startsWith('Basic ')) {
    const decoded = Buffer.from(header.slice(6), 'base64').toString();
    const colon = decoded.indexOf(':');
    user = decoded.slice(0, colon);
    password = decoded.slice(colon + 1);
  }
  if (users[user] !== password) {
    throw new ClickHouseError(516, 'AUTHENTICATION_FAILED', `${user}: Authentication failed: password is incorrect, or there is no user with such name`);
  }
  return user;
}

function withoutComments(sql) {
  return sql.replace(/--[^\n]*|\/\*[\s\S]*?\*\//g, ' ').trim();
}

/** Splits the trailing FORMAT clause off, as ClickHouse reads it, and drops a final semicolon. */
function splitFormat(sql, defaultFormat) {
  const match = /\s+FORMAT\s+(\w+)\s*;?\s*$/i.exec(sql);
  const body = (match ? sql.slice(0, match.index) : sql).replace(/;\s*$/, '');
  return { body, format: match ? match[1] : defaultFormat };
}

function settingsFrom(params) {
  const settings = {};
  for (const [key, value] of params) if (!NON_SETTINGS.has(key) && !key.startsWith('param_')) settings[key] = value;
  return settings;
}

function killQuery(sql, user, format) {
  const match = /^KILL\s+QUERY\s+WHERE\s+query_id\s*=\s*'([^']*)'/i.exec(withoutComments(sql));
  if (!match) throw new ClickHouseError(62, 'SYNTAX_ERROR', 'Only KILL QUERY WHERE query_id = \'…\' is understood here');
  const target = running.get(match[1]);
  if (target) target.kill();
  const row = target ? ['finished', match[1], user, target.sql] : null;
  if (!row) return '';
  if (/^JSON/i.test(format)) return `${JSON.stringify(row)}\n`;
  return `${row.join('\t')}\n`;
}

async function readBody(request) {
  const chunks = [];
  for await (const chunk of request) chunks.push(chunk);
  return Buffer.concat(chunks).toString();
}

function sendError(response, error) {
  const clickhouseError = error instanceof ClickHouseError ? error : engineError(error);
  response.writeHead(HTTP_STATUS_FOR_CODE[clickhouseError.code] ?? 500, {
    'Content-Type': 'text/plain; charset=UTF-8',
    'X-ClickHouse-Exception-Code': String(clickhouseError.code),
  });
  response.end(`${clickhouseError.message}\n`);
}

async function runStatement(request, response, sql, queryId, settings, format) {
  const entry = { queryId, user: request.user, settings, sql, bytesSent: 0, outcome: 'running' };
  log.push(entry);
  const readonly = Number(settings.readonly ?? 0);
  const statement = withoutComments(sql);
  const keyword = /^\(*\s*([A-Za-z]+)/.exec(statement)?.[1]?.toUpperCase() ?? '';
  let engineSql = sql;
  if (readonly >= 1) {
    if (!READ_KEYWORDS.has(keyword)) {
      entry.outcome = 'refused: readonly';
      throw new ClickHouseError(164, 'READONLY', `${request.user}: Cannot execute query in readonly mode`);
    }
    const extra = Object.entries(settings).filter(([key]) => key !== 'readonly' && key !== 'enable_http_compression' && key !== 'wait_end_of_query');
    const clause = [...extra.map(([key, value]) => `${key} = ${/^[0-9.]+$/.test(value) ? value : `'${value.replace(/'/g, "\\'")}'`}`), `readonly = ${readonly}`];
    engineSql = `${sql}\nSETTINGS ${clause.join(', ')}`;
  }
  const abort = new AbortController();
  let killed = false;
  running.set(queryId, { sql, kill: () => { killed = true; abort.abort(); } });
  response.on('close', () => abort.abort());
  const exceptionTag = randomUUID().replace(/-/g, '').slice(0, 16);
  let headersSent = false;
  try {
    const stream = NON_STREAMING_KEYWORDS.has(keyword) ? wholeResult(engineSql, format) : session.queryStream(engineSql, { format, signal: abort.signal });
    const repeatedHeaderLines = headerLinesOf(format);
    for await (const chunk of stream) {
      // chdb formats each block on its own, header included; ClickHouse sends the header once.
      const bytes = headersSent ? withoutLeadingLines(chunk.raw(), repeatedHeaderLines) : chunk.raw();
      if (!headersSent) {
        headersSent = true;
        response.writeHead(200, headersFor(queryId, format, exceptionTag));
      }
      entry.bytesSent += bytes.byteLength;
      if (!response.write(bytes) && !response.destroyed) await drained(response, abort.signal);
      if (abort.signal.aborted) break;
    }
    if (killed) throw new ClickHouseError(394, 'QUERY_WAS_CANCELLED', 'Query was cancelled');
    if (!headersSent) response.writeHead(200, headersFor(queryId, format, exceptionTag));
    response.end();
    entry.outcome = abort.signal.aborted ? 'client closed' : 'finished';
  } catch (error) {
    const failure = killed ? new ClickHouseError(394, 'QUERY_WAS_CANCELLED', 'Query was cancelled') : error;
    entry.outcome = killed ? 'killed' : abort.signal.aborted ? 'client closed' : `failed: ${String(error?.message ?? error).slice(0, 200)}`;
    if (!headersSent) return sendError(response, failure);
    const message = `${(failure instanceof ClickHouseError ? failure : engineError(failure)).message}\n`;
    response.end(`\r\n__exception__\r\n${exceptionTag}\r\n${message}${Buffer.byteLength(message)} ${exceptionTag}\r\n__exception__\r\n`);
  } finally {
    running.delete(queryId);
    if (entry.outcome !== 'finished') drainLeftover();
  }
}

/** The whole result of a statement chdb cannot stream, as one chunk shaped like a streamed one. */
async function* wholeResult(sql, format) {
  const bytes = Buffer.from(session.query(sql, format));
  yield { raw: () => bytes };
}

/** How many header lines a row format starts with: names, and types. */
function headerLinesOf(format) {
  if (/WithNamesAndTypes$/.test(format)) return 2;
  return /WithNames$/.test(format) ? 1 : 0;
}

function withoutLeadingLines(bytes, count) {
  let start = 0;
  for (let line = 0; line < count; line += 1) start = bytes.indexOf(0x0a, start) + 1;
  return bytes.subarray(start);
}

/**
 * chdb keeps output a failed or stopped stream had produced (its header) and hands it to the next
 * query on the session; a throwaway query takes it, so each response carries only its own rows.
 */
function drainLeftover() {
  try {
    session.query('SELECT 1', 'Null');
  } catch {
    // Nothing left to drain.
  }
}

/** Waits until the client has read what was written, or has gone away. */
function drained(response, signal) {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const done = () => {
      response.off('drain', done);
      signal.removeEventListener('abort', done);
      resolve();
    };
    response.on('drain', done);
    signal.addEventListener('abort', done);
  });
}

function headersFor(queryId, format, exceptionTag) {
  return {
    'Content-Type': /^JSON/i.test(format) ? 'application/json; charset=UTF-8' : 'text/plain; charset=UTF-8',
    'X-ClickHouse-Query-Id': queryId,
    'X-ClickHouse-Format': format,
    'X-ClickHouse-Timezone': 'UTC',
    'X-ClickHouse-Exception-Tag': exceptionTag,
    'X-ClickHouse-Summary': JSON.stringify({ read_rows: '0', read_bytes: '0', written_rows: '0', written_bytes: '0' }),
  };
}

const server = createServer(async (request, response) => {
  const url = new URL(request.url ?? '/', 'http://localhost');
  if (url.pathname === '/ping') return response.end('Ok.\n');
  if (url.pathname === '/_test/log') return response.end(JSON.stringify(log));
  try {
    const body = request.method === 'POST' ? await readBody(request) : '';
    request.user = authenticate(request, url.searchParams);
    const text = [url.searchParams.get('query'), body].filter(Boolean).join('\n');
    const queryId = url.searchParams.get('query_id') ?? randomUUID();
    const { body: sql, format } = splitFormat(text, url.searchParams.get('default_format') ?? 'TabSeparated');
    const settings = settingsFrom(url.searchParams);
    if (/^KILL\s+QUERY\b/i.test(withoutComments(sql))) {
      if (Number(settings.readonly ?? 0) >= 1) throw new ClickHouseError(164, 'READONLY', `${request.user}: Cannot execute query in readonly mode`);
      log.push({ queryId, user: request.user, settings, sql, bytesSent: 0, outcome: 'kill' });
      response.writeHead(200, headersFor(queryId, format, 'none'));
      return response.end(killQuery(sql, request.user, format));
    }
    const turn = queue.then(() => runStatement(request, response, sql, queryId, settings, format));
    queue = turn.catch(() => undefined);
    await turn;
  } catch (error) {
    if (!response.headersSent) sendError(response, error);
    else response.destroy();
  }
});

server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`listening ${server.address().port}\n`);
});
process.on('SIGTERM', () => {
  server.close();
  session.close();
  process.exit(0);
});
