import { TrinoAdapter } from '../../../src/databases/trino/trino-adapter.js';
import { startFakeTrino } from '../../fakes/trino-server.js';
import { databaseConfig } from '../database-test-helpers.js';
import { duckdbContractData } from './contract-data.js';
import type { ContractFixture } from './contract-fixture.js';
import { DUCKDB_SLOW_SQL, STANDARD_CONTRACT_SQL } from './standard-sql.js';

const SERVICE_PASSWORD = 'contract-trino-password';

export const trinoFixture: ContractFixture = {
  dialect: 'trino',
  hangingConfig: ({ host, port }) => databaseConfig({ type: 'trino', name: 'hanging', host, port, database: 'memory', schema_name: 'shop', user: 'datathread', password: SERVICE_PASSWORD }),
  available: async () => true,
  open: async () => {
    const server = await startFakeTrino({ setup: duckdbContractData('shop'), passwords: { datathread: SERVICE_PASSWORD }, readOnly: true, pageRows: 500 });
    const adapter = new TrinoAdapter(
      databaseConfig({ type: 'trino', name: 'contract', host: '127.0.0.1', port: Number(new URL(server.url).port), database: 'memory', schema_name: 'shop', user: 'datathread', password: SERVICE_PASSWORD }),
    );
    return {
      adapter,
      close: async () => {
        await adapter.close();
        await server.close();
      },
    };
  },
  // The local server executes on DuckDB: a long read is spelled with DuckDB's range().
  sql: { ...STANDARD_CONTRACT_SQL, slow: DUCKDB_SLOW_SQL },
};
