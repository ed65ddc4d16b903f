import type { ContractFixture } from './contract-fixture.js';
import { MYSQL_CONTRACT_SQL, openOnMariaDb } from './mysql.js';
import { mariaDbAvailable } from '../../support/mariadb-database.js';
import { databaseConfig } from '../database-test-helpers.js';

// StarRocks speaks MySQL's protocol: its adapter runs against the local MariaDB, so the cases are
// spelled as MariaDB reads them.
export const starrocksFixture: ContractFixture = {
  dialect: 'starrocks',
  hangingConfig: ({ host, port }) => databaseConfig({ type: 'starrocks', name: 'hanging', host, port, database: 'shop', user: 'datathread', password: 'contract-password' }),
  available: mariaDbAvailable,
  open: () => openOnMariaDb('starrocks'),
  sql: MYSQL_CONTRACT_SQL,
};
