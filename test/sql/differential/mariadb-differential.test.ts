// The statement gate against the local MariaDB (127.0.0.1:3306, root without a password), on
// generated statements and stored counterexamples.
import { MARIADB_HOST, MARIADB_PORT, mariaDbAvailable } from '../../support/mariadb-database.js';
import { describeDifferential } from './differential-suite.js';
import { openMariaDbProbe } from './mariadb-probe.js';

describeDifferential({
  engine: 'MariaDB',
  dialect: 'mysql',
  generator: { foreignQuotes: ['['] },
  ambiguities: { columnNamesEchoText: true, stringsAndNamesAlike: true },
  open: async () => ((await mariaDbAvailable()) ? openMariaDbProbe({ host: MARIADB_HOST, port: MARIADB_PORT }) : null),
});
