// What the model sees at warehouse scale: system prompt characters for warehouses of 10, 361 and
// 5,000 generated table files (with two small databases without files beside them), and what the
// ranked search costs — first index build, the per-search freshness walk with nothing changed, one
// query — each repeated, median and spread reported.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SchemaCatalog } from '../src/agent/schema-catalog.js';
import { buildSystemPrompt } from '../src/agent/system-prompt.js';
import { ContextFolder } from '../src/context-files/context-folder.js';
import { ContextSearchIndex } from '../src/context-files/context-search-index.js';
import { createDatabaseAdapter } from '../src/databases/create-database-adapter.js';
import type { DatabaseAdapter } from '../src/databases/types.js';
import { writeWarehouseContext } from '../test/context-search/warehouse-fixture.js';
import { warehouseTables } from '../test/context-search/warehouse-tables.js';
import { createDuckDbFile } from '../test/support/duckdb-fixture.js';

const SIZES = [10, 361, 5_000];
const REPEATS = 3;
const TOOLS = ['execute_sql', 'read_query_result', 'display_chart', 'clarification', 'suggest_follow_ups', 'read', 'list', 'search', 'grep'];
const BASE = { auth_mode: 'password' as const, ssl: false, dangerously_allow_writes: false, allow_file_access: false };

async function timed(action: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await action();
  return performance.now() - started;
}

function spread(samples: number[]): string {
  const sorted = [...samples].sort((left, right) => left - right);
  return `median ${sorted[Math.floor(sorted.length / 2)]!.toFixed(0)} ms (${sorted[0]!.toFixed(0)}–${sorted[sorted.length - 1]!.toFixed(0)})`;
}

async function promptCharacters(folder: ContextFolder, databases: DatabaseAdapter[]): Promise<number> {
  const catalog = new SchemaCatalog(() => new Date());
  const view = folder.forDatabases(databases.map((database) => database.name));
  const described = await Promise.all(
    databases.map(async (database) => ({
      name: database.name,
      dialect: database.dialect,
      federated: false,
      ...(await catalog.describe(database)),
      tableIndex: await catalog.tableIndexOf(database, view),
      contextPath: `/databases/${database.name}/`,
    })),
  );
  return buildSystemPrompt({ today: new Date(), platform: 'Slack', toolNames: TOOLS, databases: described }).length;
}

export async function runContextSearchBenchmark(): Promise<string> {
  const directory = await mkdtemp(join(tmpdir(), 'datathread-bench-context-'));
  const lines: string[] = [];
  try {
    await createDuckDbFile(join(directory, 'warehouse.duckdb'), ['CREATE TABLE placeholder (id INTEGER)']);
    await createDuckDbFile(join(directory, 'crm.duckdb'), ['CREATE TABLE accounts (account_id INTEGER, name VARCHAR, owner VARCHAR)', 'CREATE TABLE contacts (contact_id INTEGER, email VARCHAR)']);
    await createDuckDbFile(join(directory, 'events.duckdb'), ['CREATE TABLE page_views (viewed_at TIMESTAMP, path VARCHAR, user_id VARCHAR)']);
    const databases = await Promise.all(['warehouse', 'crm', 'events'].map((name) => createDatabaseAdapter({ ...BASE, name, type: 'duckdb', path: join(directory, `${name}.duckdb`) })));
    try {
      for (const size of SIZES) {
        const root = join(directory, `context-${size}`);
        await writeWarehouseContext(root, 'warehouse', warehouseTables(size));
        const folder = new ContextFolder(root);
        const builds: number[] = [];
        const rechecks: number[] = [];
        const queries: number[] = [];
        for (let repeat = 0; repeat < REPEATS; repeat += 1) {
          const index = new ContextSearchIndex(root);
          builds.push(await timed(() => index.refresh()));
          rechecks.push(await timed(() => index.refresh()));
          queries.push(await timed(() => index.query('net revenue by region last week', folder, 10)));
        }
        const characters = await promptCharacters(folder, databases);
        lines.push(
          `${size.toLocaleString('en-US')} tables: system prompt ${characters.toLocaleString('en-US')} characters (warehouse + 2 small databases); ` +
            `index build ${spread(builds)}, freshness walk ${spread(rechecks)}, query ${spread(queries)}`,
        );
      }
    } finally {
      await Promise.all(databases.map((database) => database.close()));
    }
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
  return lines.join('\n');
}
