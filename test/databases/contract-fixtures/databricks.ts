import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabricksAdapter } from '../../../src/databases/databricks/databricks-adapter.js';
import { startFakeDatabricks } from '../../fakes/databricks-server.js';
import { databaseConfig } from '../database-test-helpers.js';
import { duckdbContractData } from './contract-data.js';
import type { ContractFixture } from './contract-fixture.js';
import { DUCKDB_SLOW_SQL, STANDARD_CONTRACT_SQL } from './standard-sql.js';

const SERVICE_TOKEN = 'dapi-contract-token-0123456789';
const HTTP_PATH = '/sql/1.0/warehouses/contract';

export const databricksFixture: ContractFixture = {
  dialect: 'databricks',
  // Plain https (the system's CAs): the handshake itself is what hangs.
  hangingConfig: ({ host, port }) => databaseConfig({ type: 'databricks', name: 'hanging', server_hostname: host, port, http_path: HTTP_PATH, access_token: SERVICE_TOKEN }),
  available: async () => true,
  open: async () => {
    const server = await startFakeDatabricks({
      catalog: 'lakehouse',
      // The local server executes on DuckDB; TIMESTAMP_NTZ is Databricks' name.
      setup: [...duckdbContractData('shop'), 'CREATE TYPE TIMESTAMP_NTZ AS TIMESTAMP'],
      httpPath: HTTP_PATH,
      tokens: { [SERVICE_TOKEN]: 'service-principal' },
      readOnly: true,
    });
    const directory = await mkdtemp(join(tmpdir(), 'datathread-contract-databricks-'));
    await writeFile(join(directory, 'ca.pem'), server.certificatePem);
    const adapter = new DatabricksAdapter(
      databaseConfig({ type: 'databricks', name: 'contract', server_hostname: '127.0.0.1', port: server.port, http_path: HTTP_PATH, catalog: 'lakehouse', schema_name: 'shop', access_token: SERVICE_TOKEN, ssl_ca_path: join(directory, 'ca.pem') }),
    );
    return {
      adapter,
      close: async () => {
        await adapter.close();
        await server.close();
        await rm(directory, { recursive: true, force: true });
      },
    };
  },
  sql: {
    ...STANDARD_CONTRACT_SQL,
    integerLikeNames: "SELECT 'a' AS `b`, 'x' AS `2`, 'y' AS `1`",
    typedSelect: "SELECT CAST(7 AS INT) AS n, CAST('x' AS STRING) AS label, CAST(1.5 AS DECIMAL(10,2)) AS price, DATE'2024-02-29' AS day FROM contract_items",
    nulls: 'SELECT CAST(NULL AS INT) AS n, CAST(NULL AS STRING) AS label, CAST(NULL AS DATE) AS day, CAST(NULL AS DECIMAL(10,2)) AS price',
    unicode: "SELECT 'héllo wörld — 日本語 🎉' AS `prix €`",
    values: `SELECT DATE'2024-02-29' AS day, CAST('2024-01-02 03:04:05.123' AS TIMESTAMP_NTZ) AS at, CAST('2024-01-02 03:04:05' AS TIMESTAMP_NTZ) AS whole,
      CAST(12.50 AS DECIMAL(10,2)) AS price, CAST('12345678901234567890.5' AS DECIMAL(30,1)) AS huge`,
    integers: `SELECT CAST(9007199254740993 AS BIGINT) AS big, CAST(42 AS BIGINT) AS small`,
    // Over Thrift, TIMESTAMP (in the session's zone) and TIMESTAMP_NTZ share one type and arrive
    // as wall-clock text without a zone: no zoned value reaches the adapter to read.
    zonedTimestamp: undefined,
    slow: DUCKDB_SLOW_SQL,
  },
  // The local server answers as a server on protocol V4 does, with column-based Thrift rows, where
  // the driver itself reads BIGINT and DECIMAL into doubles; warehouses answer with Arrow batches,
  // which preserveBigNumericPrecision reads exactly.
  valueExceptions: {
    huge: { value: 12345678901234567000, reason: 'column-based results: the driver reads DECIMAL into a double before the adapter' },
  },
  bigIntegerRefused: {
    message: /past 2\^53.*CAST\(big AS STRING\)/,
    reason: 'column-based results: the driver turns a BIGINT past 2^53 into Infinity, which no longer holds its digits',
  },
  duplicateNamesRefused: {
    message: /two columns named "id"/,
    reason: 'the Databricks driver hands each row as an object keyed by column name, so a second id would overwrite the first',
  },
};
