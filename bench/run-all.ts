// `npm run bench`: every hot-path benchmark, one after the other, printed as one report.
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { runChartRenderPoolBenchmark } from './chart-render-pool.js';
import { runChartBenchmarks } from './charts.js';
import { runClickHouseTenMillionRows } from './clickhouse.js';
import { runContextSearchBenchmark } from './context-search.js';
import { runEvalOverheadBenchmark } from './eval-overhead.js';
import { runContextSyncBenchmark } from './context-sync.js';
import { runExecuteSqlBenchmarks } from './execute-sql.js';
import { runMarkdownRenderingBenchmark } from './markdown-rendering.js';
import { runSandboxBenchmarks } from './sandbox.js';
import { runSchedulerBenchmarks } from './scheduler.js';
import { runSlackAckBenchmark } from './slack-ack.js';
import { runSlackAckUnderPythonBenchmark } from './slack-ack-under-python.js';
import { runSqlGateBenchmark } from './sql-gate.js';
import { runStreamingBenchmark } from './streaming.js';
import type { TenMillionRowsResult } from './ten-million-rows.js';
import { runTurnQueueBenchmarks } from './turn-queue.js';

const run = promisify(execFile);

async function tenMillionRowsReport(): Promise<string> {
  const script = fileURLToPath(new URL('./ten-million-rows.js', import.meta.url));
  const lines: string[] = [];
  for (const dialect of ['duckdb', 'mysql']) {
    try {
      const { stdout } = await run(process.execPath, [script, '--child', dialect], { maxBuffer: 1024 * 1024 });
      const result = JSON.parse(stdout) as TenMillionRowsResult;
      lines.push(
        `10M-row ${dialect} query through execute_sql: kept ${result.rows} rows, truncated ${result.truncated}, ${Math.round(result.durationMs)} ms, peak RSS ${result.peakRssMb.toFixed(0)} MB (target < 300 MB)`,
      );
    } catch (error) {
      lines.push(`10M-row ${dialect} query: FAILED (${(error as Error).message.split('\n')[0]})`);
    }
  }
  return lines.join('\n');
}

const benchmarks: Array<[string, () => Promise<string>]> = [
  // BENCH_DIALECTS=duckdb,mysql limits this one to some warehouses.
  ['execute_sql overhead', () => runExecuteSqlBenchmarks({ dialects: process.env.BENCH_DIALECTS?.split(',') })],
  ['10M-row memory', tenMillionRowsReport],
  ['ClickHouse 10M-row memory', runClickHouseTenMillionRows],
  ['SQL gate', runSqlGateBenchmark],
  ['charts', runChartBenchmarks],
  ['chart render pool', runChartRenderPoolBenchmark],
  ['Slack ack', runSlackAckBenchmark],
  ['Slack ack under Python', runSlackAckUnderPythonBenchmark],
  ['Markdown rendering', runMarkdownRenderingBenchmark],
  ['sandbox', runSandboxBenchmarks],
  ['turn queue', runTurnQueueBenchmarks],
  ['scheduler', runSchedulerBenchmarks],
  ['streaming', runStreamingBenchmark],
  ['context search', runContextSearchBenchmark],
  ['eval overhead', runEvalOverheadBenchmark],
  // BENCH_SYNC_REPEATS=3 repeats each warehouse (default 2); BENCH_SYNC_TABLES=5000 only that size (default 500,5000).
  ['context sync', runContextSyncBenchmark],
];

const only = process.argv[2];
for (const [name, benchmark] of benchmarks) {
  if (only && !name.toLowerCase().includes(only.toLowerCase())) continue;
  process.stdout.write(`\n== ${name} ==\n`);
  try {
    process.stdout.write(`${await benchmark()}\n`);
  } catch (error) {
    process.stdout.write(`FAILED: ${(error as Error).stack ?? String(error)}\n`);
    process.exitCode = 1;
  }
}
