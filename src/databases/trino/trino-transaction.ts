// Trino's client protocol has one read-only guarantee the server enforces: an explicit
// transaction started with `START TRANSACTION READ ONLY`. The client must say it supports
// transactions (`X-Trino-Transaction-Id: NONE` on that request); the server answers with
// `X-Trino-Started-Transaction-Id` once the statement has finished, and every later request that
// carries that id runs inside the transaction, where Trino refuses any write to a catalog
// ("Cannot execute write in a read-only transaction", READ_ONLY_VIOLATION) whatever the user's
// rights. ROLLBACK with the id ends it (`X-Trino-Clear-Transaction-Id`).
//
// trino-client gives no access to response headers, so these two statements are sent with fetch,
// following nextUri to the end as the protocol requires.
import { QueryFailedError } from '../errors.js';
import { trinoPageError, type TrinoErrorObject } from './trino-errors.js';

export const TRANSACTION_ID_HEADER = 'X-Trino-Transaction-Id';
const STARTED_TRANSACTION_HEADER = 'x-trino-started-transaction-id';

export interface TrinoEndpoint {
  server: string;
  /** Every header a statement request carries: user, source, catalog, schema, session, auth. */
  headers: Record<string, string>;
}

interface StatementPage {
  nextUri?: string;
  error?: TrinoErrorObject;
}

/** Starts a read-only transaction and returns its id. */
export async function startReadOnlyTransaction(endpoint: TrinoEndpoint, timeoutMs: number): Promise<string> {
  const headers = await runControlStatement(endpoint, 'START TRANSACTION READ ONLY', 'NONE', timeoutMs);
  const id = headers.get(STARTED_TRANSACTION_HEADER);
  if (!id) throw new QueryFailedError('Trino did not start a read-only transaction (no X-Trino-Started-Transaction-Id in its answer), so the query was not run.');
  return id;
}

/** Ends the transaction. Nothing was written in it; an unfinished one Trino aborts when idle. */
export async function rollbackTransaction(endpoint: TrinoEndpoint, transactionId: string, timeoutMs: number): Promise<void> {
  await runControlStatement(endpoint, 'ROLLBACK', transactionId, timeoutMs);
}

/** Posts a statement that returns no rows and follows nextUri until it is done; the last answer's headers. */
async function runControlStatement(endpoint: TrinoEndpoint, sql: string, transactionId: string, timeoutMs: number): Promise<Headers> {
  const signal = AbortSignal.timeout(timeoutMs);
  const headers = { ...endpoint.headers, [TRANSACTION_ID_HEADER]: transactionId };
  let response = await fetch(`${endpoint.server}/v1/statement`, { method: 'POST', headers, body: sql, signal });
  while (true) {
    if (!response.ok) throw await httpFailure(response);
    const page = (await response.json()) as StatementPage;
    if (page.error) throw trinoPageError(page.error, timeoutMs);
    if (!page.nextUri) return response.headers;
    response = await fetch(page.nextUri, { headers, signal });
  }
}

/** Shaped like the HTTP errors trino-client throws, so trinoTransportError sorts both alike. */
async function httpFailure(response: Response): Promise<Error> {
  const body = await response.text();
  return Object.assign(new Error(`HTTP ${response.status}: ${body.split('\n')[0]}`), { response: { status: response.status, data: body } });
}
