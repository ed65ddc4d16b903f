// `datathread sync` at warehouse scale: DuckDB and PostgreSQL warehouses of 500 and 5,000 tables ×
// 20 columns, every table and column commented. Each sync runs in a child process so its peak RSS
// is the sync's alone: `node context-sync.js --child <config json> <context folder>`. Targets:
// 5,000 tables under 60 s and 400 MB; a re-sync with nothing changed under 10% of the first run.
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { DuckDBInstance } from '@duckdb/node-api';
import pg from 'pg';
import { runSync } from '../src/context-sync/run-sync.js';
import { createDatabaseAdapter } from '../src/databases/create-database-adapter.js';
import type { DatabaseConfig } from '../src/databases/database-config.js';
import { startTestPostgres } from '../test/support/start-test-postgres.js';

const run = promisify(execFile);
const COLUMNS_PER_TABLE = 20;
const SCHEMAS = 10;
// BENCH_SYNC_TABLES=5000 measures only some warehouse sizes.
const TABLE_COUNTS = process.env.BENCH_SYNC_TABLES?.split(',').map(Number) ?? [500, 5_000];
const REPEATS = Number(process.env.BENCH_SYNC_REPEATS ?? 2);
const TARGET_SECONDS = 60;
const BUILD_BATCH_STATEMENTS = 2_000;
const TARGET_RSS_MB = 400;
const TARGET_RESYNC_FRACTION = 0.1;

interface ChildResult {
  durationMs: number;
  peakRssMb: number;
  added: number;
  unchanged: number;
}

/** The DDL of table `index`: its schema, a table comment and one per column, in the engine's words. */
function warehouseStatements(tables: number): string[] {
  const statements = Array.from({ length: SCHEMAS }, (_, schema) => `CREATE SCHEMA bench_${schema}`);
  for (let index = 0; index < tables; index += 1) {
    const name = `bench_${index % SCHEMAS}.table_${index}`;
    const columns = Array.from({ length: COLUMNS_PER_TABLE }, (_, column) => `column_${column} ${column % 3 === 0 ? 'VARCHAR' : column % 3 === 1 ? 'INTEGER' : 'DATE'}`);
    statements.push(`CREATE TABLE ${name} (${columns.join(', ')})`);
    statements.push(`COMMENT ON TABLE ${name} IS 'Table ${index} of the bench warehouse: facts about area ${index % 97}, one row per event.'`);
    for (let column = 0; column < COLUMNS_PER_TABLE; column += 1) statements.push(`COMMENT ON COLUMN ${name}.column_${column} IS 'Column ${column} of table ${index}, measured in unit ${column % 7}'`);
  }
  return statements;
}

async function buildDuckDb(folder: string, tables: number): Promise<DatabaseConfig> {
  const path = join(folder, `warehouse-${tables}.duckdb`);
  const instance = await DuckDBInstance.create(path);
  const connection = await instance.connect();
  try {
    // In batches: one string of 100,000 statements makes DuckDB's parser hold gigabytes.
    const statements = warehouseStatements(tables);
    for (let start = 0; start < statements.length; start += BUILD_BATCH_STATEMENTS) {
      await connection.run(statements.slice(start, start + BUILD_BATCH_STATEMENTS).join(';\n'));
    }
  } finally {
    connection.closeSync();
    instance.closeSync();
  }
  return { name: 'bench', type: 'duckdb', path, auth_mode: 'password', ssl: false, dangerously_allow_writes: false, allow_file_access: false };
}

async function buildPostgres(adminUrl: string, tables: number): Promise<{ config: DatabaseConfig; drop: () => Promise<void> }> {
  const name = `dt_bench_sync_${tables}_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name}`);
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  const statements = warehouseStatements(tables);
  for (let start = 0; start < statements.length; start += BUILD_BATCH_STATEMENTS) {
    await client.query(statements.slice(start, start + BUILD_BATCH_STATEMENTS).join(';\n'));
  }
  await client.end();
  return {
    config: {
      name: 'bench', type: 'postgres', host: url.hostname, port: Number(url.port || 5432), database: name,
      user: decodeURIComponent(url.username), password: decodeURIComponent(url.password) || undefined,
      auth_mode: 'password', ssl: false, dangerously_allow_writes: false, allow_file_access: false,
    },
    drop: async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

async function syncInChild(config: DatabaseConfig, context: string): Promise<ChildResult> {
  const script = fileURLToPath(import.meta.url);
  const { stdout } = await run(process.execPath, [script, '--child', JSON.stringify(config), context], { maxBuffer: 1024 * 1024 });
  return JSON.parse(stdout) as ChildResult;
}

function verdict(ok: boolean): string {
  return ok ? 'ok' : 'MISSED';
}

async function measure(engine: string, tables: number, config: DatabaseConfig): Promise<string[]> {
  const lines: string[] = [];
  for (let repeat = 1; repeat <= REPEATS; repeat += 1) {
    const context = await mkdtemp(join(tmpdir(), 'datathread-bench-sync-'));
    try {
      const first = await syncInChild(config, context);
      const again = await syncInChild(config, context);
      const fraction = again.durationMs / first.durationMs;
      lines.push(
        `${engine} ${tables.toLocaleString('en-US')} tables × ${COLUMNS_PER_TABLE} columns, run ${repeat}: first sync ${(first.durationMs / 1000).toFixed(2)} s (${first.added} files, target < ${TARGET_SECONDS} s: ${verdict(first.durationMs < TARGET_SECONDS * 1000)}), peak RSS ${first.peakRssMb.toFixed(0)} MB (target < ${TARGET_RSS_MB} MB: ${verdict(first.peakRssMb < TARGET_RSS_MB)}); ` +
          `re-sync unchanged ${(again.durationMs / 1000).toFixed(2)} s = ${(fraction * 100).toFixed(1)}% of the first (${again.unchanged} unchanged, target < ${TARGET_RESYNC_FRACTION * 100}%: ${verdict(fraction < TARGET_RESYNC_FRACTION)}), peak RSS ${again.peakRssMb.toFixed(0)} MB`,
      );
      // Shown as it comes: a later warehouse that fails must not take these figures with it.
      process.stderr.write(`${lines.at(-1)}\n`);
    } finally {
      await rm(context, { recursive: true, force: true });
    }
  }
  return lines;
}

export async function runContextSyncBenchmark(): Promise<string> {
  const folder = await mkdtemp(join(tmpdir(), 'datathread-bench-warehouse-'));
  const postgres = await startTestPostgres();
  const lines: string[] = [];
  try {
    for (const tables of TABLE_COUNTS) {
      process.stderr.write(`context sync bench: building ${tables} tables\n`);
      lines.push(...(await measure('DuckDB', tables, await buildDuckDb(folder, tables))));
      const warehouse = await buildPostgres(postgres.adminUrl, tables);
      try {
        lines.push(...(await measure('PostgreSQL', tables, warehouse.config)));
      } finally {
        await warehouse.drop();
      }
    }
  } finally {
    await postgres.stop();
    await rm(folder, { recursive: true, force: true });
  }
  return lines.join('\n');
}

async function childSync(config: DatabaseConfig, context: string): Promise<ChildResult> {
  const started = performance.now();
  const result = await runSync({ contextPath: context, databases: [config], dryRun: false, createAdapter: (database) => createDatabaseAdapter(database) });
  const durationMs = performance.now() - started;
  const database = result.databases[0]!;
  if (database.status !== 'synced' || !database.outcome) throw new Error(`sync ${database.status}: ${database.reason}`);
  return { durationMs, peakRssMb: process.resourceUsage().maxRSS / 1024, added: database.outcome.added.length, unchanged: database.outcome.unchanged };
}

if (process.argv[2] === '--child') {
  childSync(JSON.parse(process.argv[3]!) as DatabaseConfig, process.argv[4]!).then(
    (result) => process.stdout.write(JSON.stringify(result)),
    (error: unknown) => {
      process.stderr.write(`${(error as Error).stack}\n`);
      process.exit(1);
    },
  );
}
