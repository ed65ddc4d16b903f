// How long opening a connection may take (`connect_timeout` of a `databases:` entry, 10 s unless
// set). A host that drops packets or accepts and never answers otherwise holds `datathread check`,
// start-up and a person's question for as long as the driver keeps retrying (2 min 36 s measured
// for snowflake-sdk). Drivers with a connect timeout of their own get it (pg, mysql2, tedious) and
// their timeout error is named here; for the others the first exchange is raced against the
// deadline, and a connection that arrives late is closed.
import { DatabaseUnavailableError } from './errors.js';

const DEFAULT_CONNECT_TIMEOUT_SECONDS = 10;

export interface ConnectTarget {
  databaseName: string;
  /** `host:port`, or the file's path for an in-process engine. */
  where: string;
  timeoutMs: number;
}

export function connectTimeoutMsOf(config: { connect_timeout?: number | undefined }): number {
  return (config.connect_timeout ?? DEFAULT_CONNECT_TIMEOUT_SECONDS) * 1000;
}

export function connectTimeoutError(target: ConnectTarget, cause?: unknown): DatabaseUnavailableError {
  return new DatabaseUnavailableError(
    target.databaseName,
    `no connection to ${target.where} within ${target.timeoutMs / 1000} s (connect_timeout). Check the host, the port and that the network lets datathread reach it, or raise connect_timeout for this database in datathread.yaml`,
    cause === undefined ? undefined : { cause },
  );
}

/**
 * Runs `open` (a connect, a session, the first request to a server) within the connect deadline.
 * At the deadline `open`'s signal is aborted and the caller gets connectTimeoutError; a resource
 * that still arrives is handed to `discard`, so no connection outlives the failed attempt.
 */
export function openWithinConnectTimeout<Resource>(target: ConnectTarget, open: (signal: AbortSignal) => Promise<Resource>, discard: (late: Resource) => unknown = () => undefined): Promise<Resource> {
  const controller = new AbortController();
  return new Promise<Resource>((resolve, reject) => {
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort(connectTimeoutError(target));
      reject(connectTimeoutError(target));
    }, target.timeoutMs);
    open(controller.signal).then(
      async (resource) => {
        clearTimeout(timer);
        if (!timedOut) return resolve(resource);
        try {
          await discard(resource);
        } catch {
          // The caller already has the timeout error; a failed close of the late connection changes nothing for them.
        }
      },
      (error: unknown) => {
        clearTimeout(timer);
        if (!timedOut) reject(error);
      },
    );
  });
}

/**
 * For HTTP services that keep no connection of their own (ClickHouse, Trino, BigQuery, Athena): the
 * first exchange is bounded by connect_timeout until the server has answered once; after that,
 * the query timeout bounds each request.
 */
export class FirstContact {
  private reached = false;

  constructor(private readonly target: () => ConnectTarget) {}

  /** `exchange` itself is the first request (a dry run, a query start): bounded until the server answered once. */
  run<Result>(exchange: (signal: AbortSignal | undefined) => Promise<Result>, discard?: (late: Result) => unknown): Promise<Result> {
    if (this.reached) return exchange(undefined);
    return openWithinConnectTimeout(this.target(), exchange, discard).then((result) => {
      this.reached = true;
      return result;
    });
  }

  /** `probe` (a ping) is sent only until the server has answered once. */
  async ensure(probe: (signal: AbortSignal) => Promise<unknown>): Promise<void> {
    if (this.reached) return;
    await openWithinConnectTimeout(this.target(), probe);
    this.reached = true;
  }
}
