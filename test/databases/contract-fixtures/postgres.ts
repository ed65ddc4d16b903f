import pg from 'pg';
import type { DatabaseConfig } from '../../../src/databases/database-config.js';
import { createDatabaseAdapter } from '../../../src/databases/create-database-adapter.js';
import { createScratchDatabase } from '../../support/postgres-database.js';
import { postgresConfigFromUrl } from '../postgres-test-config.js';
import { POSTGRES_CONTRACT_DATA } from './contract-data.js';
import type { ContractFixture, ContractTarget } from './contract-fixture.js';
import { STANDARD_CONTRACT_SQL } from './standard-sql.js';
import { databaseConfig } from '../database-test-helpers.js';

/** A scratch database on the local PostgreSQL with the contract's tables (Redshift's fixture reuses it). */
export async function openOnPostgres(overrides: Partial<DatabaseConfig>): Promise<ContractTarget> {
  const scratch = await createScratchDatabase(`dt_contract_${overrides.type ?? 'postgres'}`);
  const admin = new pg.Client({ connectionString: scratch.url });
  await admin.connect();
  try {
    for (const statement of POSTGRES_CONTRACT_DATA) await admin.query(statement);
  } finally {
    await admin.end();
  }
  const adapter = await createDatabaseAdapter(postgresConfigFromUrl(scratch.url, overrides));
  return {
    adapter,
    close: async () => {
      await adapter.close();
      await scratch.drop();
    },
  };
}

export const postgresFixture: ContractFixture = {
  dialect: 'postgres',
  hangingConfig: ({ host, port }) => databaseConfig({ type: 'postgres', name: 'hanging', host, port, database: 'shop', user: 'datathread', password: 'contract-password' }),
  available: async () => true,
  open: () => openOnPostgres({ type: 'postgres', name: 'contract' }),
  sql: { ...STANDARD_CONTRACT_SQL, slow: 'SELECT pg_sleep(60) AS contract_slept' },
};
