import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDatabaseAdapter } from '../../../src/databases/create-database-adapter.js';
import { createDuckDbFile } from '../../support/duckdb-fixture.js';
import { databaseConfig } from '../database-test-helpers.js';
import { duckdbContractData } from './contract-data.js';
import type { ContractFixture } from './contract-fixture.js';
import { DUCKDB_SLOW_SQL, STANDARD_CONTRACT_SQL } from './standard-sql.js';

export const duckdbFixture: ContractFixture = {
  dialect: 'duckdb',
  hangingConfig: ({ path }) => databaseConfig({ type: 'duckdb', name: 'hanging', path }),
  available: async () => true,
  open: async () => {
    const directory = await mkdtemp(join(tmpdir(), 'datathread-contract-duckdb-'));
    const path = join(directory, 'warehouse.duckdb');
    await createDuckDbFile(path, duckdbContractData());
    const adapter = await createDatabaseAdapter(databaseConfig({ type: 'duckdb', name: 'contract', path }));
    return {
      adapter,
      close: async () => {
        await adapter.close();
        await rm(directory, { recursive: true, force: true });
      },
    };
  },
  sql: { ...STANDARD_CONTRACT_SQL, slow: DUCKDB_SLOW_SQL },
};
