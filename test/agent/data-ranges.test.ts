// The system prompt names the days each database's data covers, read cheaply from the real
// engines: the demo DuckDB warehouse (built for a fixed day), and PostgreSQL and MariaDB databases
// whose date column leads an index (an unindexed one is not scanned).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { SchemaCatalog } from '../../src/agent/schema-catalog.js';
import { buildSystemPrompt } from '../../src/agent/system-prompt.js';
import { createDatabaseAdapter } from '../../src/databases/create-database-adapter.js';
import { ensureDemoWarehouse } from '../../src/databases/demo-warehouse.js';
import type { DatabaseAdapter } from '../../src/databases/types.js';
import { databaseConfig } from '../databases/database-test-helpers.js';
import { postgresConfigFromUrl } from '../databases/postgres-test-config.js';
import { createScratchMariaDb, MARIADB_HOST, MARIADB_PORT, mariaDbAvailable, type ScratchMariaDb } from '../support/mariadb-database.js';
import { createScratchDatabase, type ScratchDatabase } from '../support/postgres-database.js';

const mariaDbRuns = await mariaDbAvailable();

const TODAY = new Date('2026-12-03T12:00:00Z');
const clock = () => TODAY;

async function promptFor(database: DatabaseAdapter): Promise<string> {
  const description = await new SchemaCatalog(clock).describe(database);
  return buildSystemPrompt({
    today: TODAY,
    platform: 'Slack',
    toolNames: ['execute_sql'],
    databases: [{ name: database.name, dialect: database.dialect, federated: false, ...description }],
  });
}

describe('data ranges in the system prompt', () => {
  let directory: string;
  let demo: DatabaseAdapter;
  let scratch: ScratchDatabase;
  let postgres: DatabaseAdapter;

  beforeAll(async () => {
    directory = await mkdtemp(join(tmpdir(), 'datathread-ranges-'));
    const path = join(directory, 'demo.duckdb');
    await ensureDemoWarehouse(path, clock);
    demo = await createDatabaseAdapter(databaseConfig({ type: 'duckdb', name: 'demo', path }));
    scratch = await createScratchDatabase('dt_ranges');
    const admin = new pg.Client({ connectionString: scratch.url });
    await admin.connect();
    try {
      await admin.query(`CREATE SCHEMA sales`);
      await admin.query(`CREATE TABLE sales.invoices (invoice_id bigint, issued_on date, paid_at timestamptz)`);
      await admin.query(`CREATE INDEX ON sales.invoices (issued_on)`);
      await admin.query(`INSERT INTO sales.invoices SELECT g, DATE '2023-01-01' + g, TIMESTAMPTZ '2023-01-05 10:00+00' + g * INTERVAL '1 day' FROM generate_series(0, 364) g`);
      await admin.query(`CREATE TABLE audit_log (entry_id bigint, logged_on date)`);
      await admin.query(`INSERT INTO audit_log VALUES (1, DATE '2020-02-02')`);
      await admin.query(`ANALYZE`);
    } finally {
      await admin.end();
    }
    postgres = await createDatabaseAdapter(postgresConfigFromUrl(scratch.url));
  }, 60_000);

  afterAll(async () => {
    await demo?.close();
    await postgres?.close();
    await scratch?.drop();
    await rm(directory, { recursive: true, force: true });
  });

  test('the demo warehouse: its orders end yesterday, and the model is told to read periods against the ranges', async () => {
    const prompt = await promptFor(demo);
    expect(prompt).toContain('Today is 2026-12-03.');
    expect(prompt).toContain('Data covers: orders.order_date 2024-12-03 to 2026-12-02');
    expect(prompt).toContain('customers.signup_date');
    expect(prompt).toContain('against the data ranges above');
  });

  test('PostgreSQL: an indexed date column gets its range; a table without such an index is not read', async () => {
    const prompt = await promptFor(postgres);
    expect(prompt).toContain('Data covers: sales.invoices.issued_on 2023-01-01 to 2023-12-31');
    expect(prompt).not.toContain('audit_log.logged_on');
    expect(prompt).not.toContain('paid_at 20');
  });

  test('a dialect without a cheap probe gets no range and no range guidance', async () => {
    const sqlite = await createDatabaseAdapter(databaseConfig({ type: 'sqlite', name: 'local', path: ':memory:' }));
    try {
      const prompt = await promptFor(sqlite);
      expect(prompt).not.toContain('Data covers');
      expect(prompt).not.toContain('against the data ranges above');
    } finally {
      await sqlite.close();
    }
  });
});

describe.skipIf(!mariaDbRuns)('MySQL (MariaDB)', () => {
  let mariaDb: ScratchMariaDb;
  let mysql: DatabaseAdapter;

  beforeAll(async () => {
    mariaDb = await createScratchMariaDb('dt_ranges');
    await mariaDb.admin.query('CREATE TABLE shipments (shipment_id INT PRIMARY KEY, shipped_at DATETIME NOT NULL, INDEX (shipped_at))');
    await mariaDb.admin.query("INSERT INTO shipments SELECT seq, TIMESTAMP '2024-03-01 08:00:00' + INTERVAL seq DAY FROM seq_0_to_99");
    await mariaDb.admin.query('CREATE TABLE notes (note_id INT PRIMARY KEY, written_on DATE)');
    await mariaDb.admin.query("INSERT INTO notes VALUES (1, DATE '2019-05-05')");
    mysql = await createDatabaseAdapter(databaseConfig({ type: 'mysql', name: 'shop', host: MARIADB_HOST, port: MARIADB_PORT, user: 'root', password: '', database: mariaDb.name }));
  });

  afterAll(async () => {
    await mysql?.close();
    await mariaDb?.drop();
  });

  test('an indexed DATETIME column gets its range in days; an unindexed DATE column is not read', async () => {
    const prompt = await promptFor(mysql);
    expect(prompt).toContain(`Data covers: ${mariaDb.name}.shipments.shipped_at 2024-03-01 to 2024-06-08`);
    expect(prompt).not.toContain('written_on 2019');
  });
});
