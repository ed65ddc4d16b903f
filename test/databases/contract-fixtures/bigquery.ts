import { generateKeyPairSync } from 'node:crypto';
import { BigQueryAdapter } from '../../../src/databases/bigquery/bigquery-adapter.js';
import { startFakeBigQuery } from '../../fakes/bigquery-server.js';
import { databaseConfig } from '../database-test-helpers.js';
import { duckdbContractData } from './contract-data.js';
import type { ContractFixture } from './contract-fixture.js';
import { DUCKDB_SLOW_SQL, STANDARD_CONTRACT_SQL } from './standard-sql.js';

const PROJECT = 'contract-analytics';
const CLIENT_EMAIL = 'datathread-contract@contract-analytics.iam.gserviceaccount.com';

export const bigqueryFixture: ContractFixture = {
  dialect: 'bigquery',
  hangingConfig: ({ host, port }) => {
    // Credentials of its own, so the client never looks for default ones (a metadata server) elsewhere.
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const key = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    return databaseConfig({ type: 'bigquery', name: 'hanging', host, port, project_id: PROJECT, dataset_id: 'shop', credentials_json: { type: 'service_account', project_id: PROJECT, client_email: CLIENT_EMAIL, private_key_id: 'key-1', private_key: key } });
  },
  available: async () => true,
  open: async () => {
    const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const server = await startFakeBigQuery({
      projectId: PROJECT,
      // The local server executes on DuckDB (which knows INT64); BIGNUMERIC and TIMESTAMP_MILLIS are BigQuery's names.
      setup: [
        ...duckdbContractData('shop'),
        'CREATE TYPE BIGNUMERIC AS DECIMAL(38, 9)',
        'CREATE MACRO TIMESTAMP_MILLIS(milliseconds) AS to_timestamp(milliseconds / 1000)',
      ],
      serviceAccount: { clientEmail: CLIENT_EMAIL, publicKeyPem: publicKey.export({ type: 'spki', format: 'pem' }).toString() },
      readOnly: true,
      pageRows: 500,
    });
    const adapter = new BigQueryAdapter(
      databaseConfig({
        type: 'bigquery',
        name: 'contract',
        host: '127.0.0.1',
        port: Number(new URL(server.url).port),
        project_id: PROJECT,
        dataset_id: 'shop',
        credentials_json: { type: 'service_account', project_id: PROJECT, client_email: CLIENT_EMAIL, private_key_id: 'key-1', private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString() },
      }),
    );
    return {
      adapter,
      close: async () => {
        await adapter.close();
        await server.close();
      },
    };
  },
  sql: {
    ...STANDARD_CONTRACT_SQL,
    integerLikeNames: "SELECT 'a' AS `b`, 'x' AS `2`, 'y' AS `1`",
    typedSelect: "SELECT CAST(7 AS INT64) AS n, CAST('x' AS STRING) AS label, CAST(1.5 AS NUMERIC) AS price, DATE '2024-02-29' AS day FROM contract_items",
    nulls: 'SELECT CAST(NULL AS INT64) AS n, CAST(NULL AS STRING) AS label, CAST(NULL AS DATE) AS day, CAST(NULL AS NUMERIC) AS price',
    unicode: "SELECT 'héllo wörld — 日本語 🎉' AS `prix €`",
    values: `SELECT DATE '2024-02-29' AS day, DATETIME '2024-01-02 03:04:05.123' AS at, DATETIME '2024-01-02 03:04:05' AS whole,
      CAST(12.50 AS NUMERIC) AS price, CAST('12345678901234567890.5' AS BIGNUMERIC) AS huge`,
    integers: `SELECT CAST(9007199254740993 AS INT64) AS big, CAST(42 AS INT64) AS small`,
    zonedTimestamp: 'SELECT TIMESTAMP_MILLIS(1704164645123) AS at_utc',
    slow: DUCKDB_SLOW_SQL,
  },
};
