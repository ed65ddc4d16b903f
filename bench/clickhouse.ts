// ClickHouse: execute_sql ÷ the raw @clickhouse/client on the same 10,000-row query (runs
// interleaved, so machine noise hits both alike), and the peak RSS of execute_sql over a
// 10-million-row query in a process of its own. The engine (chdb behind the HTTP front) runs in
// another process, so neither figure counts the server's memory or CPU.
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { createClient } from '@clickhouse/client';
import { agentSettingsForBench, contextForBench } from './bench-context.js';
import { formatMs, median, percentile, timeMilliseconds } from './bench-support.js';
import { createDatabaseAdapter } from '../src/databases/create-database-adapter.js';
import type { DatabaseConfig } from '../src/config/database-config.js';
import { initStatementGate } from '../src/sql/statement-gate.js';
import { openStore } from '../src/store/open-store.js';
import { executeSql } from '../src/tools/execute-sql.js';
import { clickhouseEngineAvailable, startClickHouseServer } from '../test/support/clickhouse-engine.js';

const ROWS = 10_000;
const RUNS = 40;
const WARMUP = 5;
const SQL = 'SELECT id, name, amount, day FROM bench_rows ORDER BY id';
const TEN_MILLION_SQL = "SELECT number AS id, concat('row ', toString(number)) AS label, number * 0.5 AS value FROM numbers(10000000)";
const SETUP = [
  'CREATE TABLE bench_rows (id UInt32, name String, amount Float64, day Date) ENGINE = MergeTree ORDER BY id',
  `INSERT INTO bench_rows SELECT number, concat('customer ', toString(number)), number * 1.25, toDate('2025-01-01') + (number % 365) FROM numbers(${ROWS})`,
];

function configFor(port: number): DatabaseConfig {
  return { name: 'events', type: 'clickhouse', host: '127.0.0.1', port, user: 'default', password: '', auth_mode: 'password', ssl: false, dangerously_allow_writes: false, allow_file_access: false };
}

export async function runClickHouseBenchmarks(): Promise<string> {
  if (!clickhouseEngineAvailable()) return 'skipped: chdb is not installed (npm ci --prefix test/engines)';
  await initStatementGate();
  const server = await startClickHouseServer({ setup: SETUP });
  const directory = await mkdtemp(join(tmpdir(), 'datathread-bench-clickhouse-'));
  const store = await openStore(`sqlite:${join(directory, 'state.db')}`);
  const raw = createClient({ url: server.url, compression: { request: false, response: false } });
  const adapter = createDatabaseAdapter(configFor(server.port));
  try {
    const settings = agentSettingsForBench({ rowCap: ROWS });
    const rawQuery = async () => {
      const rows = await (await raw.query({ query: SQL, format: 'JSONCompactEachRow', clickhouse_settings: { readonly: '1' } })).json();
      if (rows.length !== ROWS) throw new Error(`raw driver returned ${rows.length} rows`);
    };
    const adapterOnly = () => adapter.runQuery(SQL, { rowCap: ROWS, timeoutMs: 60_000 });
    const tool = async () => {
      const output = await executeSql({ sql_query: SQL }, contextForBench(store, [adapter], settings));
      if (output.status !== 'ok' || output.rowCount !== ROWS) throw new Error(`unexpected output ${JSON.stringify(output).slice(0, 200)}`);
    };
    for (let index = 0; index < WARMUP; index += 1) {
      await rawQuery();
      await adapterOnly();
      await tool();
    }
    const rawTimes: number[] = [];
    const adapterTimes: number[] = [];
    const toolTimes: number[] = [];
    for (let index = 0; index < RUNS; index += 1) {
      rawTimes.push(await timeMilliseconds(rawQuery));
      adapterTimes.push(await timeMilliseconds(adapterOnly));
      toolTimes.push(await timeMilliseconds(tool));
    }
    const rawMedian = median(rawTimes);
    const ratios = toolTimes.map((time, index) => time / rawTimes[index]!);
    const tenMillion = await tenMillionRowsInChild(server.port);
    return [
      `clickhouse execute_sql ÷ raw @clickhouse/client, ${ROWS.toLocaleString('en-US')}-row query, median of ${RUNS} interleaved runs (target ≤ 1.15):`,
      `  raw ${formatMs(rawMedian)} | adapter alone ${formatMs(median(adapterTimes))}, ratio ${(median(adapterTimes) / rawMedian).toFixed(2)} | execute_sql ${formatMs(median(toolTimes))}, ratio ${(median(toolTimes) / rawMedian).toFixed(2)} (per-run ratios p10 ${percentile(ratios, 0.1).toFixed(2)}, p90 ${percentile(ratios, 0.9).toFixed(2)})`,
      `10M-row ClickHouse query through execute_sql: kept ${tenMillion.rows} rows, truncated ${tenMillion.truncated}, ${Math.round(tenMillion.durationMs)} ms, peak RSS ${tenMillion.peakRssMb.toFixed(0)} MB (target < 300 MB)`,
    ].join('\n');
  } finally {
    await raw.close();
    await adapter.close();
    await store.close();
    await server.close();
    await rm(directory, { recursive: true, force: true });
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
  const adapter = createDatabaseAdapter(configFor(port));
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
