// The statement gate against ClickHouse (chdb from test/engines), on generated statements and
// stored counterexamples.
import { clickhouseEngineAvailable } from '../../support/clickhouse-engine.js';
import { openClickHouseProbe } from './clickhouse-probe.js';
import { describeDifferential } from './differential-suite.js';

describeDifferential({
  engine: 'ClickHouse',
  dialect: 'clickhouse',
  open: async () => (clickhouseEngineAvailable() ? openClickHouseProbe() : null),
  generator: { foreignQuotes: ['['] },
  ambiguities: { clientSplitsStatements: true },
});
