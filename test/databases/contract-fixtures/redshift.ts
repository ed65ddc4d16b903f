import type { ContractFixture } from './contract-fixture.js';
import { openOnPostgres } from './postgres.js';
import { STANDARD_CONTRACT_SQL } from './standard-sql.js';
import { databaseConfig } from '../database-test-helpers.js';

// Redshift speaks PostgreSQL's wire protocol: its adapter runs against the local PostgreSQL.
export const redshiftFixture: ContractFixture = {
  dialect: 'redshift',
  hangingConfig: ({ host, port }) => databaseConfig({ type: 'redshift', name: 'hanging', host, port, database: 'shop', user: 'datathread', password: 'contract-password' }),
  available: async () => true,
  open: () => openOnPostgres({ type: 'redshift', name: 'contract' }),
  sql: { ...STANDARD_CONTRACT_SQL, slow: 'SELECT pg_sleep(60) AS contract_redshift_slept' },
};
