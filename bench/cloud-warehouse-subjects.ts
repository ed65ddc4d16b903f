// The cloud warehouses for the execute_sql benchmark, each on its local server (test/fakes/),
// with the raw driver doing the same read the adapter does: BigQuery's client.query (jobs.query
// and pages), Athena's start / poll / GetQueryResults loop, Databricks' executeStatement and
// fetchAll. The adapter's own extra round trips (BigQuery's dry run, Athena's polling) are part of
// what the ratio shows.
import { generateKeyPairSync } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { AthenaClient, GetQueryExecutionCommand, GetQueryResultsCommand, StartQueryExecutionCommand } from '@aws-sdk/client-athena';
import { BigQuery } from '@google-cloud/bigquery';
import { DBSQLClient } from '@databricks/sql';
import { JWT } from 'google-auth-library';
import { createDatabaseAdapter } from '../src/databases/create-database-adapter.js';
import type { DatabaseAdapter } from '../src/databases/types.js';
import { startFakeAthena } from '../test/fakes/athena-server.js';
import { startFakeBigQuery } from '../test/fakes/bigquery-server.js';
import { startFakeDatabricks } from '../test/fakes/databricks-server.js';

export interface CloudSubject {
  dialect: string;
  raw: () => Promise<unknown>;
  adapter: DatabaseAdapter;
  close: () => Promise<void>;
}

const BASE = { auth_mode: 'password', ssl: false, dangerously_allow_writes: false, allow_file_access: false } as const;

function benchRowsSetup(rows: number): string[] {
  return ['CREATE SCHEMA shop', `CREATE TABLE shop.bench_rows AS SELECT range::INTEGER AS id, 'customer ' || range AS name, (range * 1.25)::DOUBLE AS amount, DATE '2025-01-01' + (range % 365)::INTEGER AS day FROM range(${rows})`];
}

export async function bigquerySubject(rows: number, sql: string): Promise<CloudSubject> {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const clientEmail = 'bench@bench.iam.gserviceaccount.com';
  const server = await startFakeBigQuery({ projectId: 'bench', setup: benchRowsSetup(rows), serviceAccount: { clientEmail, publicKeyPem: publicKey.export({ type: 'spki', format: 'pem' }).toString() } });
  const key = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  const port = Number(new URL(server.url).port);
  const adapter = await createDatabaseAdapter({ ...BASE, name: 'bq', type: 'bigquery', host: '127.0.0.1', port, project_id: 'bench', dataset_id: 'shop', credentials_json: { type: 'service_account', client_email: clientEmail, private_key: key } });
  const jwt = new JWT({ email: clientEmail, key, scopes: ['https://www.googleapis.com/auth/bigquery'] });
  jwt.useJWTAccessWithScope = true;
  const client = new BigQuery({ projectId: 'bench', apiEndpoint: server.url, authClient: jwt });
  return {
    dialect: 'bigquery',
    raw: () => client.query({ query: sql, useLegacySql: false, defaultDataset: { projectId: 'bench', datasetId: 'shop' } }),
    adapter,
    close: async () => {
      await adapter.close();
      await server.close();
    },
  };
}

export async function athenaSubject(rows: number, sql: string): Promise<CloudSubject> {
  const credentials = { accessKeyId: 'AKIABENCH', secretAccessKey: 'bench-secret' };
  const server = await startFakeAthena({ setup: benchRowsSetup(rows), accessKeys: { [credentials.accessKeyId]: credentials.secretAccessKey } });
  const port = Number(new URL(server.url).port);
  const adapter = await createDatabaseAdapter({ ...BASE, name: 'ath', type: 'athena', host: '127.0.0.1', port, region_name: 'us-east-1', s3_staging_dir: 's3://bench/', schema_name: 'shop', aws_access_key_id: credentials.accessKeyId, aws_secret_access_key: credentials.secretAccessKey });
  const client = new AthenaClient({ region: 'us-east-1', endpoint: server.url, credentials });
  const raw = async () => {
    const { QueryExecutionId } = await client.send(new StartQueryExecutionCommand({ QueryString: sql, QueryExecutionContext: { Database: 'shop' }, ResultConfiguration: { OutputLocation: 's3://bench/' } }));
    while ((await client.send(new GetQueryExecutionCommand({ QueryExecutionId }))).QueryExecution?.Status?.State !== 'SUCCEEDED') await new Promise((resolve) => setTimeout(resolve, 100));
    const collected: unknown[] = [];
    let NextToken: string | undefined;
    do {
      const page = await client.send(new GetQueryResultsCommand({ QueryExecutionId, NextToken, MaxResults: 1000 }));
      collected.push(...(page.ResultSet?.Rows ?? []));
      NextToken = page.NextToken;
    } while (NextToken);
    return collected;
  };
  return {
    dialect: 'athena',
    raw,
    adapter,
    close: async () => {
      client.destroy();
      await adapter.close();
      await server.close();
    },
  };
}

export async function databricksSubject(rows: number, sql: string, directory: string): Promise<CloudSubject> {
  const server = await startFakeDatabricks({ catalog: 'bench', httpPath: '/sql/1.0/warehouses/bench', setup: benchRowsSetup(rows), tokens: { 'dapi-bench': 'bench' } });
  const caPath = join(directory, 'databricks-ca.pem');
  await writeFile(caPath, server.certificatePem);
  const adapter = await createDatabaseAdapter({ ...BASE, name: 'dbx', type: 'databricks', server_hostname: '127.0.0.1', port: server.port, http_path: '/sql/1.0/warehouses/bench', catalog: 'bench', schema_name: 'shop', access_token: 'dapi-bench', ssl_ca_path: caPath });
  const client = new DBSQLClient({ logger: { log: () => undefined } });
  await client.connect({ host: '127.0.0.1', port: server.port, path: '/sql/1.0/warehouses/bench', token: 'dapi-bench', customCaCert: server.certificatePem, telemetryEnabled: false });
  const session = await client.openSession({ initialCatalog: 'bench', initialSchema: 'shop' });
  return {
    dialect: 'databricks',
    raw: async () => {
      const operation = await session.executeStatement(sql, { runAsync: true, maxRows: null });
      const all = await operation.fetchAll({ maxRows: 10_000 });
      await operation.close();
      return all;
    },
    adapter,
    close: async () => {
      await session.close();
      await client.close();
      await adapter.close();
      await server.close();
    },
  };
}
