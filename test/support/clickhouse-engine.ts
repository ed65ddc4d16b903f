// Starts the ClickHouse HTTP front (test/fakes/clickhouse-http-server.mjs) over a real chdb engine
// in its own process. chdb is about 550 MB, so it lives in test/engines (installed by .ci/run with
// `npm ci --prefix test/engines`), never in the install a user runs. Without it the tests that need
// it are skipped with a line saying how to install it, except in CI, where they fail.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { sep } from 'node:path';
import { fileURLToPath } from 'node:url';

/** A path under test/, from the source tree or from its compiled copy in dist/ (the bench runs there). */
function testPath(relative: string): string {
  return fileURLToPath(new URL(relative, import.meta.url)).replace(`${sep}dist${sep}test${sep}`, `${sep}test${sep}`);
}

const ENGINE_PACKAGE = testPath('../engines/node_modules/chdb/package.json');
const SERVER_SCRIPT = testPath('../fakes/clickhouse-http-server.mjs');
const START_TIMEOUT_MS = 60_000;

export const CLICKHOUSE_INSTALL_HINT = 'ClickHouse tests skipped: chdb is not installed. Run `npm ci --prefix test/engines` to run them.';

/** True when chdb is installed; in CI a missing engine is an error instead of a skip. */
export function clickhouseEngineAvailable(): boolean {
  const installed = existsSync(ENGINE_PACKAGE);
  if (!installed && process.env.CI === 'true') throw new Error('chdb is missing in CI: .ci/run must run `npm ci --prefix test/engines` before the tests.');
  if (!installed) console.warn(CLICKHOUSE_INSTALL_HINT);
  return installed;
}

export interface ClickHouseServerOptions {
  /** User name -> password. */
  users?: Record<string, string>;
  /** Bearer token -> user name. */
  tokens?: Record<string, string>;
  /** Statements run once before the server listens (tables, data). */
  setup?: string[];
}

/** What the server received for one query (its GET /_test/log). */
export interface ClickHouseLogEntry {
  queryId: string;
  user: string;
  settings: Record<string, string>;
  sql: string;
  bytesSent: number;
  outcome: string;
}

export interface ClickHouseServer {
  url: string;
  port: number;
  log(): Promise<ClickHouseLogEntry[]>;
  /** Process id of the server, for measuring its own memory apart from the client's. */
  pid: number;
  close(): Promise<void>;
}

export async function startClickHouseServer(options: ClickHouseServerOptions): Promise<ClickHouseServer> {
  const child = spawn(process.execPath, [SERVER_SCRIPT, JSON.stringify(options)], { stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('The ClickHouse test server did not start within 60 s.')), START_TIMEOUT_MS);
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening (\d+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`The ClickHouse test server exited with code ${code} before listening.`));
    });
  });
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    log: async () => (await (await fetch(`http://127.0.0.1:${port}/_test/log`)).json()) as ClickHouseLogEntry[],
    pid: child.pid ?? 0,
    close: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
