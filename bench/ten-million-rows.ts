// Peak memory of execute_sql over a 10-million-row query with the default row cap, per dialect
// (DuckDB in memory; MySQL on the local MariaDB). Runs in its own process (see run-all.ts) so the
// peak RSS belongs to this query alone: `node ten-million-rows.js --child duckdb|mysql`.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { agentSettingsForBench, contextForBench } from './bench-context.js';
import type { DatabaseConfig } from '../src/databases/database-config.js';
import { createDatabaseAdapter } from '../src/databases/create-database-adapter.js';
import { executeSql } from '../src/tools/execute-sql.js';
import { openStore } from '../src/store/open-store.js';
import { createScratchMariaDb, MARIADB_HOST, MARIADB_PORT } from '../test/support/mariadb-database.js';

export interface TenMillionRowsResult {
  rows: number;
  truncated: boolean;
  peakRssMb: number;
  durationMs: number;
}

const DEFAULTS = { auth_mode: 'password', ssl: false, dangerously_allow_writes: false, allow_file_access: false } as const;

interface Subject {
  config: DatabaseConfig;
  sql: string;
  close(): Promise<void>;
}

async function subjectFor(dialect: string): Promise<Subject> {
  if (dialect === 'mysql') {
    const scratch = await createScratchMariaDb('dt_bench_10m');
    return {
      config: { ...DEFAULTS, name: 'my', type: 'mysql', host: MARIADB_HOST, port: MARIADB_PORT, user: 'root', password: '', database: scratch.name },
      sql: "SELECT seq AS id, CONCAT('row ', seq) AS label, seq * 0.5 AS value FROM seq_0_to_9999999",
      close: () => scratch.drop(),
    };
  }
  return {
    config: { ...DEFAULTS, name: 'memory', type: 'duckdb', path: ':memory:' },
    sql: "SELECT range AS id, 'row ' || range AS label, range * 0.5 AS value FROM range(10000000)",
    close: async () => undefined,
  };
}

export async function measureTenMillionRows(dialect: string): Promise<TenMillionRowsResult> {
  const directory = await mkdtemp(join(tmpdir(), 'datathread-bench-10m-'));
  const store = await openStore(`sqlite:${join(directory, 'state.db')}`);
  const subject = await subjectFor(dialect);
  const adapter = await createDatabaseAdapter(subject.config);
  try {
    const started = performance.now();
    const output = await executeSql({ sql_query: subject.sql }, contextForBench(store, [adapter], agentSettingsForBench()));
    if (output.status !== 'ok') throw new Error(JSON.stringify(output));
    return { rows: output.rowCount, truncated: output.truncated, peakRssMb: process.resourceUsage().maxRSS / 1024, durationMs: performance.now() - started };
  } finally {
    await adapter.close();
    await subject.close();
    await store.close();
    await rm(directory, { recursive: true, force: true });
  }
}

if (process.argv[2] === '--child') {
  measureTenMillionRows(process.argv[3] ?? 'duckdb').then((result) => {
    process.stdout.write(JSON.stringify(result));
  });
}
