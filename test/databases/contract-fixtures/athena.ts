import { AthenaAdapter } from '../../../src/databases/athena/athena-adapter.js';
import { startFakeAthena } from '../../fakes/athena-server.js';
import { databaseConfig } from '../database-test-helpers.js';
import { duckdbContractData } from './contract-data.js';
import type { ContractFixture } from './contract-fixture.js';
import { DUCKDB_SLOW_SQL, STANDARD_CONTRACT_SQL } from './standard-sql.js';

const ACCESS_KEY_ID = 'AKIADATATHREADCONTRACT';
const SECRET_ACCESS_KEY = 'contract-secret-access-key-0123456789';

// Athena runs Trino's SQL; the local server executes it on DuckDB.
export const athenaFixture: ContractFixture = {
  dialect: 'athena',
  hangingConfig: ({ host, port }) =>
    databaseConfig({ type: 'athena', name: 'hanging', host, port, region_name: 'eu-west-1', s3_staging_dir: 's3://contract-athena-results/datathread/', work_group: 'primary', aws_access_key_id: ACCESS_KEY_ID, aws_secret_access_key: SECRET_ACCESS_KEY }),
  available: async () => true,
  open: async () => {
    const server = await startFakeAthena({ setup: duckdbContractData('shop'), accessKeys: { [ACCESS_KEY_ID]: SECRET_ACCESS_KEY }, workGroups: { primary: {} }, readOnly: true });
    const adapter = new AthenaAdapter(
      databaseConfig({
        type: 'athena',
        name: 'contract',
        host: '127.0.0.1',
        port: Number(new URL(server.url).port),
        region_name: 'eu-west-1',
        s3_staging_dir: 's3://contract-athena-results/datathread/',
        work_group: 'primary',
        schema_name: 'shop',
        aws_access_key_id: ACCESS_KEY_ID,
        aws_secret_access_key: SECRET_ACCESS_KEY,
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
  sql: { ...STANDARD_CONTRACT_SQL, slow: DUCKDB_SLOW_SQL },
};
