// execute_sql overhead: the tool's time (gate + adapter + normalisation + caching + persisting +
// rendering) divided by the raw driver's time for the same 10,000-row query, per dialect, measured
// in one run with the two interleaved so machine noise hits both alike.
//
// On a shared machine one median hides how much a figure moves, so the runs are cut into blocks:
// each block gives its own ratio of medians, and the line shows the median over all runs with the
// lowest and highest block ratio. Within an iteration the order of raw, adapter and tool rotates,
// and a young-generation collection runs before each timing (node --expose-gc, as npm run bench
// starts it), so the garbage one subject leaves is not collected inside the next one's timing; a
// subject's own allocations and collections still count. The raw driver also runs a second time as
// a subject of its own: its ratio to itself shows how much of any spread is the machine rather than
// the code.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import mysql from 'mysql2/promise';
import pg from 'pg';
import sqlite3 from 'sqlite3';
import { agentSettingsForBench, contextForBench } from './bench-context.js';
import { clickhouseSubject } from './clickhouse.js';
import { athenaSubject, bigquerySubject, databricksSubject } from './cloud-warehouse-subjects.js';
import { mssqlSubject, snowflakeSubject } from './sqlserver-snowflake-subjects.js';
import { formatMs, median, timeMilliseconds } from './bench-support.js';
import { createDatabaseAdapter } from '../src/databases/create-database-adapter.js';
import { duckDbResourceLimits } from '../src/databases/duckdb/duckdb-resource-limits.js';
import type { DatabaseAdapter } from '../src/databases/types.js';
import { executeSql } from '../src/tools/execute-sql.js';
import { initStatementGate } from '../src/sql/statement-gate.js';
import { openStore } from '../src/store/open-store.js';
import { encodeResultRows } from '../src/store/result-rows-encoding.js';
import type { Store } from '../src/store/types.js';
import { createScratchMariaDb, MARIADB_HOST, MARIADB_PORT, mariaDbAvailable } from '../test/support/mariadb-database.js';
import { startTestPostgres } from '../test/support/start-test-postgres.js';

const ROWS = 10_000;
const BLOCKS = 6;
const RUNS_PER_BLOCK = 10;
const STORE_WRITE_RUNS = 20;
const WARMUP = 5;
const SQL = 'SELECT id, name, amount, day FROM bench_rows ORDER BY id';

export interface DialectSubject {
  dialect: string;
  raw: () => Promise<unknown>;
  adapter: DatabaseAdapter;
  close: () => Promise<void>;
}

async function duckdbSubject(directory: string): Promise<DialectSubject> {
  const path = join(directory, 'bench.duckdb');
  const writer = await DuckDBInstance.create(path);
  const setup = await writer.connect();
  await setup.run(`CREATE TABLE bench_rows AS SELECT range::INTEGER AS id, 'customer ' || range AS name, (range * 1.25)::DOUBLE AS amount, DATE '2025-01-01' + (range % 365)::INTEGER AS day FROM range(${ROWS})`);
  setup.closeSync();
  writer.closeSync();
  // The raw driver gets the engine settings the adapter opens its instance with (a quarter of the
  // memory, half the cores): with DuckDB's own default (every core) the ratio would measure the
  // thread count, not the code between the engine and the model.
  const limits = duckDbResourceLimits({});
  const rawInstance = await DuckDBInstance.create(path, { access_mode: 'READ_ONLY', memory_limit: limits.memoryLimit, threads: String(limits.threads) });
  const rawConnection = await rawInstance.connect();
  const adapter = await createDatabaseAdapter({ name: 'duck', type: 'duckdb', path, auth_mode: 'password', ssl: false, dangerously_allow_writes: false, allow_file_access: false });
  return {
    dialect: 'duckdb',
    raw: async () => (await rawConnection.runAndReadAll(SQL)).getRows(),
    adapter,
    close: async () => {
      rawConnection.closeSync();
      rawInstance.closeSync();
      await adapter.close();
    },
  };
}

async function sqliteSubject(directory: string): Promise<DialectSubject> {
  const path = join(directory, 'bench.sqlite');
  const database = new sqlite3.Database(path);
  const run = (sql: string) => new Promise<void>((resolve, reject) => database.exec(sql, (error) => (error ? reject(error) : resolve())));
  await run(`CREATE TABLE bench_rows (id INTEGER, name TEXT, amount REAL, day TEXT);
    WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < ${ROWS - 1})
    INSERT INTO bench_rows SELECT i, 'customer ' || i, i * 1.25, date('2025-01-01', '+' || (i % 365) || ' days') FROM n;`);
  const adapter = await createDatabaseAdapter({ name: 'lite', type: 'sqlite', path, auth_mode: 'password', ssl: false, dangerously_allow_writes: false, allow_file_access: false });
  return {
    dialect: 'sqlite',
    raw: () => new Promise((resolve, reject) => database.all(SQL, (error, rows) => (error ? reject(error) : resolve(rows)))),
    adapter,
    close: async () => {
      await new Promise<void>((resolve) => database.close(() => resolve()));
      await adapter.close();
    },
  };
}

async function postgresSubject(): Promise<DialectSubject> {
  const server = await startTestPostgres();
  const url = new URL(server.adminUrl);
  const client = new pg.Client({ connectionString: server.adminUrl });
  await client.connect();
  await client.query('DROP TABLE IF EXISTS bench_rows');
  await client.query(`CREATE TABLE bench_rows AS SELECT g::INTEGER AS id, 'customer ' || g AS name, (g * 1.25)::DOUBLE PRECISION AS amount, DATE '2025-01-01' + (g % 365) AS day FROM generate_series(0, ${ROWS - 1}) g`);
  const adapter = await createDatabaseAdapter({
    name: 'pg', type: 'postgres', host: url.hostname, port: Number(url.port || 5432), database: url.pathname.slice(1) || 'postgres',
    user: decodeURIComponent(url.username), password: decodeURIComponent(url.password) || undefined,
    auth_mode: 'password', ssl: false, dangerously_allow_writes: false, allow_file_access: false,
  });
  return {
    dialect: 'postgres',
    raw: () => client.query(SQL),
    adapter,
    close: async () => {
      await client.query('DROP TABLE IF EXISTS bench_rows');
      await client.end();
      await adapter.close();
      await server.stop();
    },
  };
}

/** MariaDB through mysql2; a sentence saying why not when no server answers. */
async function mysqlSubject(): Promise<DialectSubject | string> {
  if (!(await mariaDbAvailable())) return `skipped: no MariaDB at ${MARIADB_HOST}:${MARIADB_PORT}`;
  const scratch = await createScratchMariaDb('dt_bench');
  await scratch.admin.query(
    `CREATE TABLE bench_rows AS SELECT CAST(seq AS INT) AS id, CONCAT('customer ', seq) AS name, CAST(seq * 1.25 AS DOUBLE) AS amount, DATE '2025-01-01' + INTERVAL (seq % 365) DAY AS day FROM seq_0_to_${ROWS - 1}`,
  );
  const raw = await mysql.createConnection({ host: MARIADB_HOST, port: MARIADB_PORT, user: 'root', password: '', database: scratch.name });
  const adapter = await createDatabaseAdapter({
    name: 'my', type: 'mysql', host: MARIADB_HOST, port: MARIADB_PORT, database: scratch.name, user: 'root', password: '',
    auth_mode: 'password', ssl: false, dangerously_allow_writes: false, allow_file_access: false,
  });
  return {
    dialect: 'mysql',
    raw: () => raw.query(SQL),
    adapter,
    close: async () => {
      await raw.end();
      await adapter.close();
      await scratch.drop();
    },
  };
}

/** `dialects` limits the run to some subjects (a quicker look at one warehouse). */
export async function runExecuteSqlBenchmarks(options: { dialects?: string[] } = {}): Promise<string> {
  await initStatementGate();
  const directory = await mkdtemp(join(tmpdir(), 'datathread-bench-sql-'));
  const store = await openStore(`sqlite:${join(directory, 'state.db')}`);
  const lines = [`execute_sql ÷ raw driver, ${ROWS.toLocaleString('en-US')}-row query, median of ${BLOCKS * RUNS_PER_BLOCK} interleaved runs, (lowest–highest of ${BLOCKS} blocks of ${RUNS_PER_BLOCK}) (target ≤ 1.15; ≤ 1.3 with the store write):`];
  try {
    const subjects: Array<[string, () => Promise<DialectSubject | string>]> = [
      ['duckdb', () => duckdbSubject(directory)],
      ['postgres', () => postgresSubject()],
      ['sqlite', () => sqliteSubject(directory)],
      ['mysql', () => mysqlSubject()],
      ['clickhouse', () => clickhouseSubject(ROWS, SQL)],
      // The cloud warehouses, on their local servers.
      ['bigquery', () => bigquerySubject(ROWS, SQL)],
      ['athena', () => athenaSubject(ROWS, SQL)],
      ['databricks', () => databricksSubject(ROWS, SQL, directory)],
      ['mssql', () => mssqlSubject(ROWS, SQL)],
      ['snowflake', () => snowflakeSubject(ROWS, SQL)],
    ];
    for (const [name, makeSubject] of subjects) {
      if (options.dialects && !options.dialects.includes(name)) continue;
      const subject = await makeSubject();
      if (typeof subject === 'string') {
        lines.push(`  ${name.padEnd(10)} ${subject}`);
        continue;
      }
      try {
        const settings = agentSettingsForBench({ rowCap: ROWS });
        let context = contextForBench(store, [subject.adapter], settings);
        const tool = async () => {
          context = contextForBench(store, [subject.adapter], settings);
          const output = await executeSql({ sql_query: SQL }, context);
          if (output.status !== 'ok' || output.rowCount !== ROWS) throw new Error(`unexpected output ${JSON.stringify(output).slice(0, 200)}`);
        };
        // The result and audit row are written to the store in the background (the engine flushes
        // before the turn ends); the flush is timed separately so both figures are visible.
        const flush = async () => {
          const errors = await context.flush();
          if (errors.length > 0) throw errors[0];
        };
        for (let index = 0; index < WARMUP; index += 1) {
          await subject.raw();
          await tool();
          await flush();
        }
        const adapterOnly = () => subject.adapter.runQuery(SQL, { rowCap: ROWS, timeoutMs: 60_000 });
        const times = { raw: [] as number[], rawAgain: [] as number[], adapter: [] as number[], tool: [] as number[], total: [] as number[] };
        const measurements: Array<() => Promise<void>> = [
          async () => {
            times.raw.push(await timeMilliseconds(subject.raw));
          },
          // The raw driver once more, as if it were a subject of its own: how far a ratio moves on
          // this machine when both sides do the same work (the noise floor of every figure).
          async () => {
            times.rawAgain.push(await timeMilliseconds(subject.raw));
          },
          async () => {
            times.adapter.push(await timeMilliseconds(adapterOnly));
          },
          async () => {
            const toolTime = await timeMilliseconds(tool);
            times.tool.push(toolTime);
            times.total.push(toolTime + (await timeMilliseconds(flush)));
          },
        ];
        for (let index = 0; index < BLOCKS * RUNS_PER_BLOCK; index += 1) {
          for (let step = 0; step < measurements.length; step += 1) {
            // Garbage left by the previous subject is collected here, not inside the next one's timing.
            collectGarbage();
            await measurements[(index + step) % measurements.length]!();
          }
        }
        const ratio = (subjectTimes: number[]) => ratioWithSpread(subjectTimes, times.raw);
        const storeWrite = await storeWriteBreakdown(store, subject.adapter);
        lines.push(
          `  ${subject.dialect.padEnd(10)} raw ${formatMs(median(times.raw))} | adapter alone ${formatMs(median(times.adapter))}, ratio ${ratio(times.adapter)}` +
            ` | execute_sql ${formatMs(median(times.tool))}, ratio ${ratio(times.tool)}` +
            ` | with the background store write ${formatMs(median(times.total))}, ratio ${ratio(times.total)}`,
          `           noise floor (raw ÷ raw) ${ratio(times.rawAgain)}; store write alone ${formatMs(storeWrite.save)}: encoding the rows ${formatMs(storeWrite.serialise)} (${(storeWrite.bytes / 1024).toFixed(0)} KiB; as JSON ${formatMs(storeWrite.json)}), the rest the SQLite insert`,
        );
      } finally {
        await subject.close();
      }
    }
  } finally {
    await store.close();
    await rm(directory, { recursive: true, force: true });
  }
  return lines.join('\n');
}

/**
 * Where the store write's time goes, for the same rows execute_sql stores: encoding them (and, for
 * comparison, JSON of them, the format before columns-v1), and the whole saveQueryResult (encoding
 * + the insert into the SQLite state store).
 */
async function storeWriteBreakdown(store: Store, adapter: DatabaseAdapter): Promise<{ serialise: number; json: number; save: number; bytes: number }> {
  const result = await adapter.runQuery(SQL, { rowCap: ROWS, timeoutMs: 60_000 });
  const serialise: number[] = [];
  const json: number[] = [];
  const save: number[] = [];
  for (let index = 0; index < STORE_WRITE_RUNS; index += 1) {
    serialise.push(await timeMilliseconds(async () => encodeResultRows(result.rows, result.columns.length)));
    json.push(await timeMilliseconds(async () => JSON.stringify(result.rows)));
    save.push(
      await timeMilliseconds(() =>
        store.saveQueryResult({ threadId: 'bench:store-write', queryId: `q${index}`, databaseName: 'bench', sql: SQL, columns: result.columns, rows: result.rows, rowCount: result.rowCount, truncated: false, createdAt: new Date() }),
      ),
    );
  }
  return { serialise: median(serialise), json: median(json), save: median(save), bytes: encodeResultRows(result.rows, result.columns.length).data.length };
}

/** A young-generation collection between timings, when node runs with --expose-gc (npm run bench does). */
function collectGarbage(): void {
  (globalThis as { gc?: (options: { type: 'minor' }) => void }).gc?.({ type: 'minor' });
}

/** "1.08 (1.02–1.15)": the ratio of medians over all runs, then the lowest and highest block's. */
function ratioWithSpread(subjectTimes: number[], rawTimes: number[]): string {
  const blockRatios: number[] = [];
  for (let block = 0; block < BLOCKS; block += 1) {
    const from = block * RUNS_PER_BLOCK;
    blockRatios.push(median(subjectTimes.slice(from, from + RUNS_PER_BLOCK)) / median(rawTimes.slice(from, from + RUNS_PER_BLOCK)));
  }
  return `${(median(subjectTimes) / median(rawTimes)).toFixed(2)} (${Math.min(...blockRatios).toFixed(2)}–${Math.max(...blockRatios).toFixed(2)})`;
}
