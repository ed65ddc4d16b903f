// Peak memory of execute_sql over a 10-million-row DuckDB query with the default row cap. Runs in
// its own process (see run-all.ts) so the peak RSS belongs to this query alone.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { agentSettingsForBench, contextForBench } from './bench-context.js';
import { createDatabaseAdapter } from '../src/databases/create-database-adapter.js';
import { executeSql } from '../src/tools/execute-sql.js';
import { openStore } from '../src/store/open-store.js';

export async function measureTenMillionRows(): Promise<{ rows: number; truncated: boolean; peakRssMb: number; durationMs: number }> {
  const directory = await mkdtemp(join(tmpdir(), 'datathread-bench-10m-'));
  const store = await openStore(`sqlite:${join(directory, 'state.db')}`);
  const adapter = createDatabaseAdapter({ name: 'memory', type: 'duckdb', path: ':memory:', auth_mode: 'password', ssl: false, dangerously_allow_writes: false, allow_file_access: false });
  try {
    const started = performance.now();
    const output = await executeSql({ sql_query: "SELECT range AS id, 'row ' || range AS label, range * 0.5 AS value FROM range(10000000)" }, contextForBench(store, [adapter], agentSettingsForBench()));
    if (output.status !== 'ok') throw new Error(JSON.stringify(output));
    return { rows: output.rowCount, truncated: output.truncated, peakRssMb: process.resourceUsage().maxRSS / 1024, durationMs: performance.now() - started };
  } finally {
    await adapter.close();
    await store.close();
    await rm(directory, { recursive: true, force: true });
  }
}

if (process.argv[2] === '--child') {
  measureTenMillionRows().then((result) => {
    process.stdout.write(JSON.stringify(result));
  });
}
