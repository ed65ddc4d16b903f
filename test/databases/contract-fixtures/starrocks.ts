import type { ContractFixture } from './contract-fixture.js';
import { MYSQL_CONTRACT_SQL, openOnMariaDb } from './mysql.js';
import { mariaDbAvailable } from '../../support/mariadb-database.js';

// StarRocks speaks MySQL's protocol: its adapter runs against the local MariaDB, so the cases are
// spelled as MariaDB reads them.
export const starrocksFixture: ContractFixture = {
  dialect: 'starrocks',
  available: mariaDbAvailable,
  open: () => openOnMariaDb('starrocks'),
  sql: MYSQL_CONTRACT_SQL,
};
