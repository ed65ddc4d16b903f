// The statement gate against SQLite (sqlite3, in memory), on generated statements and stored
// counterexamples.
import { describeDifferential } from './differential-suite.js';
import { openSqliteProbe } from './sqlite-probe.js';

describeDifferential({
  engine: 'SQLite',
  dialect: 'sqlite',
  open: openSqliteProbe,
  generator: { secondStatement: (marker) => `SELECT ${marker}()` },
  ambiguities: { columnNamesEchoText: true, stringsAndNamesAlike: true },
});
