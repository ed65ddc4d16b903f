// The statement gate against the local PostgreSQL (the tests' server: 127.0.0.1:5432 or the
// embedded one global-setup starts), on generated statements and stored counterexamples.
import { inject } from 'vitest';
import { describeDifferential } from './differential-suite.js';
import { openPostgresProbe } from './postgres-probe.js';

describeDifferential({
  engine: 'PostgreSQL',
  dialect: 'postgres',
  open: () => openPostgresProbe(inject('postgresAdminUrl')),
  generator: { foreignQuotes: ['`', '['] },
});
