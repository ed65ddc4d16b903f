// The system prompt for databases with generated context files: a bounded index instead of the
// column dump, ranked by the query audit, the same size at 361 and 5,000 tables, under 16,000
// characters with several databases; without generated files the column dump stays.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SchemaCatalog } from '../../src/agent/schema-catalog.js';
import { buildSystemPrompt, type PromptDatabase } from '../../src/agent/system-prompt.js';
import { ContextFolder } from '../../src/context-files/context-folder.js';
import { createDatabaseAdapter } from '../../src/databases/create-database-adapter.js';
import type { DatabaseAdapter } from '../../src/databases/types.js';
import { openStore } from '../../src/store/open-store.js';
import type { Store } from '../../src/store/types.js';
import { createDuckDbFile } from '../support/duckdb-fixture.js';
import { writeWarehouseContext } from './warehouse-fixture.js';
import { warehouseTables } from './warehouse-tables.js';

const TODAY = new Date('2026-12-03T12:00:00Z');
const TOOLS = ['execute_sql', 'read_query_result', 'display_chart', 'clarification', 'suggest_follow_ups', 'read', 'list', 'search', 'grep'];
const BASE = { auth_mode: 'password' as const, ssl: false, dangerously_allow_writes: false, allow_file_access: false };

let directory: string;
let store: Store;
let warehouse: DatabaseAdapter;
let crm: DatabaseAdapter;
let events: DatabaseAdapter;

beforeAll(async () => {
  directory = await mkdtemp(join(tmpdir(), 'datathread-prompt-index-'));
  // The warehouse itself is a small DuckDB file: the index comes from the generated files.
  await createDuckDbFile(join(directory, 'warehouse.duckdb'), ['CREATE TABLE placeholder (id INTEGER)']);
  await createDuckDbFile(join(directory, 'crm.duckdb'), [
    'CREATE TABLE accounts (account_id INTEGER, name VARCHAR, owner VARCHAR, created_at TIMESTAMP)',
    'CREATE TABLE contacts (contact_id INTEGER, account_id INTEGER, email VARCHAR)',
  ]);
  await createDuckDbFile(join(directory, 'events.duckdb'), ['CREATE TABLE page_views (viewed_at TIMESTAMP, path VARCHAR, user_id VARCHAR)']);
  warehouse = await createDatabaseAdapter({ ...BASE, name: 'warehouse', type: 'duckdb', path: join(directory, 'warehouse.duckdb') });
  crm = await createDatabaseAdapter({ ...BASE, name: 'crm', type: 'duckdb', path: join(directory, 'crm.duckdb') });
  events = await createDatabaseAdapter({ ...BASE, name: 'events', type: 'duckdb', path: join(directory, 'events.duckdb') });
  store = await openStore(`sqlite:${join(directory, 'state.db')}`);
  await store.migrate();
  const ran = (sql: string, minute: number) =>
    store.recordQueryAudit({ threadId: 't', queryId: null, actor: { platform: 'slack', userId: 'U1' }, ranAs: null, databaseName: 'warehouse', sql, rowCount: 1, durationMs: 1, refused: false, detail: null, createdAt: new Date(TODAY.getTime() + minute) });
  // A view no one documented is queried twice (once through quoted names), a raw table three times
  // (in upper case, and once as database.schema.table): they lead the index in that order.
  await ran('SELECT * FROM sales.daily_kpis', 1);
  await ran('SELECT count(*) FROM "sales"."daily_kpis" k JOIN raw.stripe__charges c ON true', 2);
  await ran('select * from RAW.STRIPE__CHARGES', 3);
  await ran('SELECT 1 FROM warehouse.raw.stripe__charges LIMIT 1', 4);
}, 60_000);

afterAll(async () => {
  await Promise.all([warehouse, crm, events].map((database) => database?.close()));
  await store?.close();
  await rm(directory, { recursive: true, force: true });
});

async function contextWith(tableCount: number): Promise<ContextFolder> {
  const root = join(directory, `context-${tableCount}`);
  await writeWarehouseContext(root, 'warehouse', warehouseTables(tableCount));
  return new ContextFolder(root);
}

async function promptFor(folder: ContextFolder | undefined, databases: DatabaseAdapter[], toolNames = TOOLS): Promise<string> {
  const catalog = new SchemaCatalog(() => TODAY, store);
  const view = folder?.forDatabases(databases.map((database) => database.name));
  const described: PromptDatabase[] = [];
  for (const database of databases) {
    described.push({
      name: database.name,
      dialect: database.dialect,
      federated: false,
      ...(await catalog.describe(database)),
      tableIndex: await catalog.tableIndexOf(database, view),
      contextPath: `/databases/${database.name}/`,
    });
  }
  return buildSystemPrompt({ today: TODAY, platform: 'Slack', toolNames, databases: described });
}

describe('the table index in the system prompt', () => {
  it('replaces the column dump with ranked table lines, most queried first, then described tables', async () => {
    const prompt = await promptFor(await contextWith(361), [warehouse]);
    const section = prompt.slice(prompt.indexOf('### warehouse'), prompt.indexOf('## How to work'));
    const lines = section.split('\n');
    expect(lines.slice(0, 7)).toEqual([
      '### warehouse (DuckDB)',
      '361 tables in 11 schemas: raw (79), snapshots (79), staging (79), archive (74), sales (11), finance (10), product (7), marketing (6), ops (6), people (6), support (4).',
      'Tables, most used first (columns and comments: read /databases/warehouse/<schema>/<table>.md):',
      // Queried three times (in upper case, and once as database.schema.table), then twice (quoted once).
      '- raw.stripe__charges — Raw Stripe charges as loaded by Fivetran; one row per API object, payload unparsed.',
      '- sales.daily_kpis',
      // Then the described tables, schemas taking turns, smaller schemas first, so the 79 raw loads cannot fill the index.
      '- support.agents — Support agents with their team and languages.',
      '- marketing.attribution_touches — Marketing touchpoints before each conversion, with first-touch and last-touch credit.',
    ]);
    for (const schema of ['archive', 'finance', 'ops', 'people', 'product', 'raw', 'sales', 'snapshots', 'staging']) expect(section).toMatch(new RegExp(`\\n- ${schema}\\.`));
    expect(section).toMatch(/\n- \d+ more tables: use search\{query: "<business words>"\} to find the right one\.\n/);
    expect(section).not.toContain('placeholder');
  });

  it('keeps the whole prompt under 16,000 characters for 361 tables with two more databases, and does not grow with the warehouse', async () => {
    const small = await promptFor(await contextWith(10), [warehouse, crm, events]);
    const medium = await promptFor(await contextWith(361), [warehouse, crm, events]);
    const large = await promptFor(await contextWith(5_000), [warehouse, crm, events]);
    process.stdout.write(`system prompt characters with warehouse + 2 small databases: 10 tables ${small.length}, 361 tables ${medium.length}, 5,000 tables ${large.length}\n`);
    expect(medium.length).toBeLessThan(16_000);
    expect(Math.abs(large.length - medium.length)).toBeLessThan(200);
    // Ten tables all fit: no pointer to search.
    expect(small).not.toContain('more tables: use search');
    expect(small).toContain('- sales.carts_abandoned — Shopping carts that were filled but never taken through checkout within 24 hours.');
    // The databases without generated files keep their column dump.
    expect(medium).toContain('- accounts(account_id integer, name varchar, owner varchar, created_at timestamp)');
    expect(medium).toContain('- page_views(viewed_at timestamp, path varchar, user_id varchar)');
  }, 120_000);

  it('points at the README and information_schema when search is not offered', async () => {
    const prompt = await promptFor(await contextWith(361), [warehouse], ['execute_sql', 'read']);
    expect(prompt).toMatch(/\n- \d+ more tables: see \/databases\/warehouse\/README\.md or query information_schema\.\n/);
  });

  it('keeps the column dump when no files were generated for the database', async () => {
    const folder = await contextWith(10);
    const withFiles = await promptFor(folder, [crm]);
    const withoutFolder = await promptFor(undefined, [crm]);
    expect(withFiles).toBe(withoutFolder);
    expect(withFiles).toContain('- accounts(account_id integer, name varchar, owner varchar, created_at timestamp)');
  });

  it('shows no index for a database the asker may not use, even when its files exist', async () => {
    const folder = await contextWith(10);
    const catalog = new SchemaCatalog(() => TODAY, store);
    expect(await catalog.tableIndexOf(warehouse, folder.forDatabases(['crm']))).toBeUndefined();
    expect((await catalog.tableIndexOf(warehouse, folder.forDatabases(['warehouse'])))?.length).toBe(10);
  });
});
