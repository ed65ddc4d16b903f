// execute_sandboxed_code on the real bubblewrap backend: a cold start (a new sandbox: folders,
// namespaces, Python with pandas and matplotlib imported, matplotlib's font cache built), a warm
// call reusing the sandbox_id, and the pandas round trip on a 10,000-row DuckDB result (CSV into
// the sandbox, group by, a CSV back as a result). Each repeated; median and spread printed.
import { execFile } from 'node:child_process';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { agentSettingsForBench, contextForBench } from './bench-context.js';
import { formatMs, median, percentile, timeMilliseconds } from './bench-support.js';
import { createDatabaseAdapter } from '../src/databases/create-database-adapter.js';
import { probeBubblewrap } from '../src/sandbox/sandbox-availability.js';
import { DEFAULT_SANDBOX_LIMITS } from '../src/sandbox/sandbox-limits.js';
import { SandboxPool } from '../src/sandbox/sandbox-pool.js';
import { openStore } from '../src/store/open-store.js';
import { randomIdFactory } from '../src/support/clock-and-ids.js';
import { executeSandboxedCode } from '../src/tools/execute-sandboxed-code.js';
import { executeSql } from '../src/tools/execute-sql.js';

const RUNS = 6;
const runFile = promisify(execFile);
const ROWS = 10_000;
const IMPORTS = 'import pandas, numpy, matplotlib.pyplot as plt\nplt.figure()';

function spread(label: string, timings: number[]): string {
  return `${label}: median ${formatMs(median(timings))}, min ${formatMs(Math.min(...timings))}, p90 ${formatMs(percentile(timings, 0.9))} (${timings.length} runs)`;
}

export async function runSandboxBenchmarks(): Promise<string> {
  const availability = await probeBubblewrap();
  if (!availability.available) return `skipped: ${availability.reason}`;
  const directory = await mkdtemp(join(tmpdir(), 'datathread-bench-sandbox-'));
  // The unprivileged sandbox user must be able to pass through to its folders.
  await chmod(directory, 0o711);
  const pool = new SandboxPool({
    backend: availability.backend,
    root: join(directory, 'sandboxes'),
    limits: DEFAULT_SANDBOX_LIMITS,
    networkAllowlist: [],
    ttlMs: 300_000,
    maxConcurrent: 2,
    now: () => new Date(),
    createId: randomIdFactory,
  });
  await pool.start();
  const store = await openStore('sqlite::memory:');
  const duckdb = await createDatabaseAdapter({ name: 'duck', type: 'duckdb', path: ':memory:', auth_mode: 'password', ssl: false, dangerously_allow_writes: false, allow_file_access: false });
  try {
    const context = contextForBench(store, [duckdb], agentSettingsForBench({ rowCap: ROWS }));
    const call = (code: string, sandboxId?: string, dataFiles?: string[]) =>
      executeSandboxedCode({ language: 'python', code, sandbox_id: sandboxId, data_files: dataFiles }, context, { pool, limits: DEFAULT_SANDBOX_LIMITS });

    // Baselines: the same imports in the host's Python without a sandbox, and a trivial program
    // in a new sandbox (the sandbox's own cost).
    const host: number[] = [];
    const empty: number[] = [];
    for (let run = 0; run < RUNS; run += 1) {
      host.push(await timeMilliseconds(() => runFile('/usr/bin/python3', ['-c', IMPORTS], { env: { MPLBACKEND: 'Agg', HOME: directory } })));
      empty.push(await timeMilliseconds(() => call('print(1)')));
    }
    const cold: number[] = [];
    const warm: number[] = [];
    for (let run = 0; run < RUNS; run += 1) {
      let sandboxId = '';
      cold.push(
        await timeMilliseconds(async () => {
          const output = await call(IMPORTS);
          if (output.status !== 'ran' || output.exitCode !== 0) throw new Error(JSON.stringify(output));
          sandboxId = output.sandboxId;
        }),
      );
      warm.push(await timeMilliseconds(() => call(IMPORTS, sandboxId)));
    }

    const sql = `SELECT range::INTEGER AS id, 'region ' || (range % 12) AS region, (range * 1.25)::DOUBLE AS amount FROM range(${ROWS})`;
    const result = await executeSql({ sql_query: sql }, context);
    if (result.status !== 'ok') throw new Error(JSON.stringify(result));
    const roundTripCode = [
      'import pandas as pd',
      `frame = pd.read_csv("/sandbox/data/${result.queryId}.csv")`,
      'frame.groupby("region")["amount"].agg(["sum", "mean", "count"]).reset_index().to_csv("by_region.csv", index=False)',
    ].join('\n');
    const first = await call(roundTripCode, undefined, [result.queryId]);
    if (first.status !== 'ran' || !first.files.some((file) => file.kind === 'table')) throw new Error(JSON.stringify(first));
    const roundTrips: number[] = [];
    for (let run = 0; run < RUNS; run += 1) roundTrips.push(await timeMilliseconds(() => call(roundTripCode, first.sandboxId, [result.queryId])));

    return [
      `backend: ${availability.backend.description}`,
      spread('baseline: the same imports in host Python, no sandbox', host),
      spread('new sandbox running print(1)', empty),
      spread('cold start (new sandbox, import pandas + matplotlib)', cold),
      spread('warm reuse (same sandbox_id, same imports)', warm),
      spread(`pandas round trip on ${ROWS.toLocaleString('en')} rows (CSV in, group by, CSV back as a result)`, roundTrips),
    ].join('\n');
  } finally {
    await pool.close();
    await duckdb.close();
    await store.close();
    await rm(directory, { recursive: true, force: true });
  }
}
