// ClickHouse for the benchmarks: the 10,000-row subject execute-sql.ts compares with the raw
// @clickhouse/client, and the peak RSS of execute_sql over a 10-million-row query in a process of
// its own. The engine (chdb behind the HTTP front) runs in another process, so neither figure
// counts the server's memory or CPU.
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { createClient } from '@clickhouse/client';
import { agentSettingsForBench, contextForBench } from './bench-context.js';
import type { DialectSubject } from './execute-sql.js';
import { createDatabaseAdapter } from '../src/databases/create-database-adapter.js';
import type { DatabaseConfig } from '../src/databases/database-config.js';
import { initStatementGate } from '../src/sql/statement-gate.js';
import { openStore } from '../src/store/open-store.js';
import { executeSql } from '../src/tools/execute-sql.js';
import { clickhouseEngineAvailable, startClickHouseServer } from '../test/support/clickhouse-engine.js';

const TEN_MILLION_SQL = "SELECT number AS id, concat('row ', toString(number)) AS label, number * 0.5 AS value FROM numbers(10000000)";
function setupFor(rows: number): string[] {
  return [
    'CREATE TABLE bench_rows (id UInt32, name String, amount Float64, day Date) ENGINE = MergeTree ORDER BY id',
    `INSERT INTO bench_rows SELECT number, concat('customer ', toString(number)), number * 1.25, toDate('2025-01-01') + (number % 365) FROM numbers(${rows})`,
  ];
}

function configFor(port: number): DatabaseConfig {
  return { name: 'events', type: 'clickhouse', host: '127.0.0.1', port, user: 'default', password: '', auth_mode: 'password', ssl: false, dangerously_allow_writes: false, allow_file_access: false };
}

/** The subject for the execute_sql benchmark (`bench_rows` of `rows` rows); a sentence instead when chdb is missing. */
export async function clickhouseSubject(rows: number, sql: string): Promise<DialectSubject | string> {
  if (!clickhouseEngineAvailable()) return 'skipped: chdb is not installed (npm ci --prefix test/engines)';
  const server = await startClickHouseServer({ setup: setupFor(rows) });
  const raw = createClient({ url: server.url, compression: { request: false, response: false } });
  const adapter = await createDatabaseAdapter(configFor(server.port));
  return {
    dialect: 'clickhouse',
    raw: async () => {
      const read = await (await raw.query({ query: sql, format: 'JSONCompactEachRow', clickhouse_settings: { readonly: '1' } })).json();
      if (read.length !== rows) throw new Error(`raw driver returned ${read.length} rows`);
    },
    adapter,
    close: async () => {
      await raw.close();
      await adapter.close();
      await server.close();
    },
  };
}

/** Peak RSS of execute_sql over a 10-million-row ClickHouse query, in a process of its own. */
export async function runClickHouseTenMillionRows(): Promise<string> {
  if (!clickhouseEngineAvailable()) return 'skipped: chdb is not installed (npm ci --prefix test/engines)';
  const server = await startClickHouseServer({ setup: [] });
  try {
    const tenMillion = await tenMillionRowsInChild(server.port);
    return `10M-row ClickHouse query through execute_sql: kept ${tenMillion.rows} rows, truncated ${tenMillion.truncated}, ${Math.round(tenMillion.durationMs)} ms, peak RSS ${tenMillion.peakRssMb.toFixed(0)} MB (target < 300 MB)`;
  } finally {
    await server.close();
  }
}

interface TenMillionResult {
  rows: number;
  truncated: boolean;
  peakRssMb: number;
  durationMs: number;
}

async function tenMillionRowsInChild(port: number): Promise<TenMillionResult> {
  const script = fileURLToPath(import.meta.url);
  const { stdout } = await promisify(execFile)(process.execPath, [script, '--ten-million', String(port)], { maxBuffer: 1024 * 1024 });
  return JSON.parse(stdout) as TenMillionResult;
}

async function measureTenMillionRows(port: number): Promise<TenMillionResult> {
  await initStatementGate();
  const directory = await mkdtemp(join(tmpdir(), 'datathread-bench-clickhouse-10m-'));
  const store = await openStore(`sqlite:${join(directory, 'state.db')}`);
  const adapter = await createDatabaseAdapter(configFor(port));
  try {
    const started = performance.now();
    const output = await executeSql({ sql_query: TEN_MILLION_SQL }, contextForBench(store, [adapter], agentSettingsForBench()));
    if (output.status !== 'ok') throw new Error(JSON.stringify(output));
    return { rows: output.rowCount, truncated: output.truncated, peakRssMb: process.resourceUsage().maxRSS / 1024, durationMs: performance.now() - started };
  } finally {
    await adapter.close();
    await store.close();
    await rm(directory, { recursive: true, force: true });
  }
}

if (process.argv[2] === '--ten-million') {
  measureTenMillionRows(Number(process.argv[3])).then((result) => process.stdout.write(JSON.stringify(result)));
}
