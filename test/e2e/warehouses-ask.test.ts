// End to end on the HTTP warehouses: `datathread ask` with the scripted model (execute_sql, then
// display_chart on its result), a refused write, and `datathread check` — against ClickHouse (a
// real engine behind its HTTP interface), Trino (its client protocol over DuckDB) and the cloud
// warehouses' local servers (BigQuery's REST API, Athena's AWS JSON API and Databricks' Thrift
// service, over DuckDB).
import { generateKeyPairSync } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/main.js';
import { openStore } from '../../src/store/open-store.js';
import { startFakeAthena } from '../fakes/athena-server.js';
import { startFakeBigQuery } from '../fakes/bigquery-server.js';
import { startFakeDatabricks } from '../fakes/databricks-server.js';
import { firstQueryIdIn, toolResultsIn } from '../fakes/openai-server.js';
import { startFakeSnowflake, type FakeSnowflake } from '../fakes/snowflake-server.js';
import { startFakeTds, type FakeTds } from '../fakes/tds-server.js';
import { startFakeTrino, type FakeTrino } from '../fakes/trino-server.js';
import { clickhouseEngineAvailable, startClickHouseServer, type ClickHouseServer } from '../support/clickhouse-engine.js';
import { captureOutput, createE2eWorkspace, SCRIPTED_MODEL, type E2eWorkspace } from '../support/e2e-workspace.js';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47]);
const SALES_SQL = 'SELECT region, sum(amount) AS total FROM sales GROUP BY region ORDER BY region';

interface Warehouse {
  databaseConfig: Record<string, unknown>;
  /** Rows and sum of the sales table, read behind datathread's back. */
  salesFingerprint(): Promise<unknown>;
  /** What the model must read in execute_sql's result beyond the rows (BigQuery's byte estimate). */
  sqlResultMentions?: RegExp;
  close(): Promise<void>;
}

function describeWarehouse(label: string, dialect: string, displayName: string, skip: boolean, start: () => Promise<Warehouse>): void {
  describe.skipIf(skip)(`datathread ask and check on ${label}`, () => {
    let warehouse: Warehouse;
    let workspace: E2eWorkspace;

    beforeAll(async () => {
      warehouse = await start();
      workspace = await createE2eWorkspace({
        prefix: `ask-${dialect}`,
        duckdb: [],
        config: { databases: [{ name: 'events', ...warehouse.databaseConfig }], agent: { model: SCRIPTED_MODEL } },
      });
    }, 90_000);

    afterAll(async () => {
      await workspace?.close();
      await warehouse?.close();
    });

    it('runs the model’s query, draws a chart of its result and answers', async () => {
      const { fakeModel, variables, directory } = workspace;
      fakeModel.enqueue(
        { toolCalls: [{ name: 'execute_sql', arguments: { sql_query: SALES_SQL } }] },
        (request) => ({ toolCalls: [{ name: 'display_chart', arguments: { query_id: firstQueryIdIn(request), chart_type: 'bar', x_axis_key: 'region', x_axis_type: 'category', series: [{ data_key: 'total' }], title: 'Sales by region' } }] }),
        (request) => {
          const sqlResult = toolResultsIn(request)[0] ?? '';
          const north = /region: North\ntotal: ([\d.]+)/.exec(sqlResult)?.[1] ?? 'unknown';
          return { text: `North sold ${north}.` };
        },
      );
      const captured = captureOutput();
      const out = join(directory, 'out');
      const code = await runCli(['ask', 'Sales by region?', '--out', out], { variables, output: captured.output });

      expect(code).toBe(0);
      expect(captured.text()).toContain('North sold 300.');
      if (warehouse.sqlResultMentions) expect(toolResultsIn(fakeModel.requests[1]!)[0]).toMatch(warehouse.sqlResultMentions);
      const systemPrompt = String(fakeModel.requests[0]!.messages[0]!.content);
      expect(systemPrompt).toContain(`### events (${displayName})`);
      // Each engine's own type names: Snowflake's INFORMATION_SCHEMA says TEXT and NUMBER.
      expect(systemPrompt).toMatch(/sales\(region (varchar|string|text), amount /);
      const pngs = (await readdir(out)).filter((name) => name.endsWith('.png'));
      expect(pngs).toHaveLength(1);
      expect((await readFile(join(out, pngs[0]!))).subarray(0, 4)).toEqual(PNG_SIGNATURE);
      const store = await openStore(variables.DATATHREAD_STATE!);
      try {
        expect((await store.listQueryAudit()).find((row) => row.sql === SALES_SQL)).toMatchObject({ databaseName: 'events', rowCount: 2, refused: false });
      } finally {
        await store.close();
      }
    });

    it('refuses a write the model attempts and leaves the data unchanged', async () => {
      const { fakeModel, variables } = workspace;
      const before = await warehouse.salesFingerprint();
      fakeModel.enqueue({ toolCalls: [{ name: 'execute_sql', arguments: { sql_query: 'DELETE FROM sales WHERE 1 = 1' } }] }, { text: 'I cannot delete data.' });
      const captured = captureOutput();
      expect(await runCli(['ask', 'Delete all sales'], { variables, output: captured.output })).toBe(0);
      expect(toolResultsIn(fakeModel.requests.at(-1)!)[0]).toContain('The query was refused and did not run on "events"');
      expect(await warehouse.salesFingerprint()).toEqual(before);
    });

    it('datathread check connects and lists the tables', async () => {
      const captured = captureOutput();
      await runCli(['check'], { variables: workspace.variables, output: captured.output });
      expect(captured.text()).toContain(`Database events (${dialect}, read-only): OK — `);
      expect(captured.text()).toMatch(/tables: .*\bsales\b/);
    });
  });
}

const clickhouseAvailable = clickhouseEngineAvailable();

describeWarehouse('ClickHouse', 'clickhouse', 'ClickHouse', !clickhouseAvailable, async () => {
  const server: ClickHouseServer = await startClickHouseServer({
    users: { reader: 'reader-password', default: '' },
    setup: [
      'CREATE TABLE sales (region String, amount UInt32) ENGINE = MergeTree ORDER BY region',
      "INSERT INTO sales VALUES ('North', 100), ('North', 200), ('South', 50)",
    ],
  });
  const fingerprint = async (): Promise<unknown> => {
    const response = await fetch(`${server.url}/?user=default`, { method: 'POST', body: 'SELECT count() AS n, sum(amount) AS total FROM sales FORMAT JSONEachRow' });
    return response.text();
  };
  return {
    databaseConfig: { type: 'clickhouse', host: '127.0.0.1', port: server.port, user: 'reader', password: 'reader-password' },
    salesFingerprint: fingerprint,
    close: () => server.close(),
  };
});

describeWarehouse('Trino', 'trino', 'Trino', false, async () => {
  const trino: FakeTrino = await startFakeTrino({
    setup: ['CREATE SCHEMA shop', 'CREATE TABLE shop.sales (region VARCHAR, amount INTEGER)', "INSERT INTO shop.sales VALUES ('North', 100), ('North', 200), ('South', 50)"],
    readOnly: true,
  });
  return {
    databaseConfig: { type: 'trino', host: '127.0.0.1', port: Number(new URL(trino.url).port), database: 'memory', schema_name: 'shop', user: 'datathread' },
    salesFingerprint: () => trino.inspect('SELECT count(*)::INTEGER, sum(amount)::INTEGER FROM shop.sales'),
    close: () => trino.close(),
  };
});

describeWarehouse('BigQuery', 'bigquery', 'BigQuery', false, async () => {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const clientEmail = 'reader@acme.iam.gserviceaccount.com';
  const bigquery = await startFakeBigQuery({
    projectId: 'acme',
    setup: ['CREATE SCHEMA shop', 'CREATE TABLE shop.sales (region VARCHAR, amount INTEGER)', "INSERT INTO shop.sales VALUES ('North', 100), ('North', 200), ('South', 50)"],
    serviceAccount: { clientEmail, publicKeyPem: publicKey.export({ type: 'spki', format: 'pem' }).toString() },
    readOnly: true,
  });
  const credentials = { type: 'service_account', client_email: clientEmail, private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString() };
  return {
    databaseConfig: { type: 'bigquery', host: '127.0.0.1', port: Number(new URL(bigquery.url).port), project_id: 'acme', dataset_id: 'shop', credentials_json: credentials },
    salesFingerprint: () => bigquery.inspect('SELECT count(*)::INTEGER, sum(amount)::INTEGER FROM shop.sales'),
    // 3 rows × 2 columns × 8 bytes, as the local server estimates.
    sqlResultMentions: /Data scanned: 48 bytes \(estimated by a dry run before it ran\)\./,
    close: () => bigquery.close(),
  };
});

describeWarehouse('Athena', 'athena', 'Amazon Athena', false, async () => {
  const athena = await startFakeAthena({
    setup: ['CREATE SCHEMA shop', 'CREATE TABLE shop.sales (region VARCHAR, amount INTEGER)', "INSERT INTO shop.sales VALUES ('North', 100), ('North', 200), ('South', 50)"],
    accessKeys: { AKIAE2EREADER: 'e2e-reader-secret' },
    readOnly: true,
  });
  return {
    databaseConfig: { type: 'athena', host: '127.0.0.1', port: Number(new URL(athena.url).port), region_name: 'us-east-1', s3_staging_dir: 's3://results/e2e/', schema_name: 'shop', aws_access_key_id: 'AKIAE2EREADER', aws_secret_access_key: 'e2e-reader-secret' },
    salesFingerprint: () => athena.inspect('SELECT count(*)::INTEGER, sum(amount)::INTEGER FROM shop.sales'),
    sqlResultMentions: /Data scanned: 48 bytes\./,
    close: () => athena.close(),
  };
});

describeWarehouse('Databricks', 'databricks', 'Databricks SQL', false, async () => {
  const databricks = await startFakeDatabricks({
    catalog: 'lakehouse',
    httpPath: '/sql/1.0/warehouses/e2e',
    setup: ['CREATE SCHEMA shop', 'CREATE TABLE shop.sales (region VARCHAR, amount INTEGER)', "INSERT INTO shop.sales VALUES ('North', 100), ('North', 200), ('South', 50)"],
    tokens: { 'dapi-e2e-reader': 'reader' },
    readOnly: true,
  });
  const directory = await mkdtemp(join(tmpdir(), 'datathread-databricks-e2e-'));
  await writeFile(join(directory, 'ca.pem'), databricks.certificatePem);
  return {
    databaseConfig: { type: 'databricks', server_hostname: '127.0.0.1', port: databricks.port, http_path: '/sql/1.0/warehouses/e2e', catalog: 'lakehouse', schema_name: 'shop', access_token: 'dapi-e2e-reader', ssl_ca_path: join(directory, 'ca.pem') },
    salesFingerprint: () => databricks.inspect('SELECT count(*)::INTEGER, sum(amount)::INTEGER FROM lakehouse.shop.sales'),
    close: async () => {
      await databricks.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
});

describeWarehouse('SQL Server', 'mssql', 'SQL Server / Azure SQL / Fabric / Synapse', false, async () => {
  const tds: FakeTds = await startFakeTds({
    setup: ['CREATE TABLE sales (region VARCHAR, amount INTEGER)', "INSERT INTO sales VALUES ('North', 100), ('North', 200), ('South', 50)"],
    logins: { datathread_reader: 'reader-password' },
  });
  return {
    databaseConfig: { type: 'azure_sql', host: tds.host, port: tds.port, database: 'shop', user: 'datathread_reader', password: 'reader-password' },
    salesFingerprint: () => tds.inspect('SELECT count(*)::INTEGER, sum(amount)::INTEGER FROM sales'),
    close: () => tds.close(),
  };
});

describeWarehouse('Snowflake', 'snowflake', 'Snowflake', false, async () => {
  const server: FakeSnowflake = await startFakeSnowflake({
    setup: ['CREATE TABLE sales (region VARCHAR, amount INTEGER)', "INSERT INTO sales VALUES ('North', 100), ('North', 200), ('South', 50)"],
    passwords: { DATATHREAD: 'reader-password' },
  });
  return {
    databaseConfig: { type: 'snowflake', host: '127.0.0.1', port: server.port, account_id: 'contoso-analytics', database: 'SHOP', schema_name: 'PUBLIC', warehouse: 'REPORTING', role: 'ANALYST_READ', user: 'DATATHREAD', password: 'reader-password' },
    salesFingerprint: () => server.inspect('SELECT count(*)::INTEGER, sum(amount)::INTEGER FROM sales'),
    close: () => server.close(),
  };
});
