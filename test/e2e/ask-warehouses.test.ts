// End to end per server dialect: `datathread ask` with a scripted model that runs execute_sql and
// then display_chart on the result, and `datathread check` showing the introspected tables.
// MySQL and StarRocks (same protocol) run on the local MariaDB; Redshift on the local PostgreSQL.
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/main.js';
import { toolResultsIn } from '../fakes/openai-server.js';
import { captureOutput, createE2eWorkspace, SCRIPTED_MODEL, type E2eWorkspace } from '../support/e2e-workspace.js';
import { createScratchMariaDb, MARIADB_HOST, MARIADB_PORT, mariaDbAvailable, type ScratchMariaDb } from '../support/mariadb-database.js';
import { createScratchDatabase, type ScratchDatabase } from '../support/postgres-database.js';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47]);
const SALES_ROWS = "('North', 100), ('North', 200), ('South', 50)";
const mariaDbReady = await mariaDbAvailable();

let mariaDb: ScratchMariaDb | undefined;
let postgres: ScratchDatabase;

beforeAll(async () => {
  if (mariaDbReady) {
    mariaDb = await createScratchMariaDb('dt_ask_mysql');
    await mariaDb.admin.query(`CREATE TABLE sales (region VARCHAR(20), amount INT); INSERT INTO sales VALUES ${SALES_ROWS}`);
  }
  postgres = await createScratchDatabase('dt_ask_redshift');
  const client = new pg.Client({ connectionString: postgres.url });
  await client.connect();
  await client.query(`CREATE TABLE sales (region varchar(20), amount integer); INSERT INTO sales VALUES ${SALES_ROWS}`);
  await client.end();
});

afterAll(async () => {
  await mariaDb?.drop();
  await postgres?.drop();
});

interface Case {
  type: string;
  displayName: string;
  ready: () => boolean;
  connection: () => Record<string, unknown>;
}

const CASES: Case[] = [
  {
    type: 'mysql',
    displayName: 'MySQL / MariaDB',
    ready: () => mariaDbReady,
    connection: () => ({ host: MARIADB_HOST, port: MARIADB_PORT, user: 'root', password: '', database: mariaDb!.name }),
  },
  {
    type: 'starrocks',
    displayName: 'StarRocks',
    ready: () => mariaDbReady,
    connection: () => ({ host: MARIADB_HOST, port: MARIADB_PORT, user: 'root', password: '', database: mariaDb!.name }),
  },
  {
    type: 'redshift',
    displayName: 'Amazon Redshift',
    ready: () => true,
    connection: () => {
      const url = new URL(postgres.url);
      return { host: url.hostname, port: Number(url.port || 5432), user: decodeURIComponent(url.username), password: decodeURIComponent(url.password), database: postgres.name };
    },
  },
];

for (const testCase of CASES) {
  describe.skipIf(!testCase.ready())(`datathread ask on ${testCase.type}`, () => {
    let workspace: E2eWorkspace;

    beforeAll(async () => {
      workspace = await createE2eWorkspace({
        prefix: `ask-${testCase.type}`,
        duckdb: [],
        config: { databases: [{ name: 'warehouse', type: testCase.type, ...testCase.connection() }], agent: { model: SCRIPTED_MODEL } },
      });
    });

    afterAll(async () => {
      await workspace?.close();
    });

    it('runs execute_sql, draws the result with display_chart and answers', async () => {
      const { fakeModel, variables, directory } = workspace;
      fakeModel.enqueue(
        { toolCalls: [{ name: 'execute_sql', arguments: { sql_query: 'SELECT region, SUM(amount) AS total FROM sales GROUP BY region ORDER BY region' } }] },
        (request) => {
          const queryId = /Query ID: (query_[a-z0-9]{8})/.exec(toolResultsIn(request)[0] ?? '')?.[1] ?? 'missing';
          return {
            toolCalls: [{
              name: 'display_chart',
              arguments: { query_id: queryId, chart_type: 'bar', x_axis_key: 'region', x_axis_type: 'category', series: [{ data_key: 'total' }], title: 'Sales by region' },
            }],
          };
        },
        (request) => {
          const north = /region: North\ntotal: (\d+)/.exec(toolResultsIn(fakeModel.requests[1]!)[0] ?? '')?.[1] ?? 'unknown';
          return { text: `North sold ${north}. ${toolResultsIn(request).length} chart shown.` };
        },
      );
      const captured = captureOutput();
      const out = join(directory, 'out');
      const code = await runCli(['ask', 'Sales by region?', '--out', out], { variables, output: captured.output });

      expect(code).toBe(0);
      expect(captured.text()).toContain('North sold 300.');
      expect(String(fakeModel.requests[0]!.messages[0]!.content)).toContain(`### warehouse (${testCase.displayName})`);
      const charts = (await readdir(out)).filter((name) => name.endsWith('.png'));
      expect(charts).toHaveLength(1);
      expect((await readFile(join(out, charts[0]!))).subarray(0, 4)).toEqual(PNG_SIGNATURE);
    });

    it('datathread check connects and lists the introspected tables', async () => {
      const captured = captureOutput();
      await runCli(['check'], { variables: workspace.variables, output: captured.output });
      expect(captured.text()).toContain(`Database warehouse (${testCase.type}, read-only): OK — 1 tables: sales`);
    });
  });
}
