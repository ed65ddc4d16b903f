// Runs in its own process so libuv's threadpool has the size UV_THREADPOOL_SIZE gives it at start
// (the test sets 4, libuv's default). Starts four long DuckDB queries (as many as the pool has
// threads), then writes to a SQLite state store, and prints how long the write took and when the
// first query ended, both from the start of the write. Mode "adapter" queries through
// DuckDBAdapter (threadpool slots); mode "driver" calls the DuckDB driver directly, which is what
// the slots guard against.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { createJiti } from 'jiti';

const jiti = createJiti(import.meta.url);
const { openSqliteStore } = await jiti.import('../../src/store/sqlite-store.ts');
const { DuckDBAdapter } = await jiti.import('../../src/databases/duckdb/duckdb-adapter.ts');
const { databaseConfigSchema } = await jiti.import('../../src/databases/database-config.ts');

const QUERIES = 4;
const LONG_QUERY = 'SELECT count(*) FROM range(300000000) t(i) WHERE i % 7 = 3';
const mode = process.argv[2];

const store = await openSqliteStore(join(mkdtempSync(join(tmpdir(), 'threadpool-')), 'state.db'));
await store.migrate();

const queryEnds = [];
let closeWarehouse;
let queries;
if (mode === 'adapter') {
  const adapter = new DuckDBAdapter(databaseConfigSchema.parse({ name: 'warehouse', type: 'duckdb', path: ':memory:', threads: 1 }));
  queries = Array.from({ length: QUERIES }, () => adapter.runQuery(LONG_QUERY, { rowCap: 10, timeoutMs: 600_000 }));
  closeWarehouse = () => adapter.close();
} else {
  const instance = await DuckDBInstance.create(':memory:', { threads: '1' });
  const connections = await Promise.all(Array.from({ length: QUERIES }, () => instance.connect()));
  queries = connections.map((connection) => connection.run(LONG_QUERY));
  closeWarehouse = () => instance.closeSync();
}
for (const query of queries) query.then(() => queryEnds.push(performance.now()));
// Let every query reach the threadpool before the write asks for a thread.
await new Promise((resolve) => setTimeout(resolve, 500));
const writeStartedAt = performance.now();
await store.ensureConversation('slack:C1:1.1', 'slack', new Date());
const writeMs = performance.now() - writeStartedAt;
await Promise.all(queries);
await closeWarehouse();
await store.close();
const firstQueryEndedMs = Math.min(...queryEnds) - writeStartedAt;
process.stdout.write(`${JSON.stringify({ writeMs: Math.round(writeMs), firstQueryEndedMs: Math.round(firstQueryEndedMs) })}\n`);
