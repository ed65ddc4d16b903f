// The statement gate against DuckDB (@duckdb/node-api, in memory), on generated statements and
// stored counterexamples.
import { describeDifferential } from './differential-suite.js';
import { openDuckDbProbe } from './duckdb-probe.js';

describeDifferential({ engine: 'DuckDB', dialect: 'duckdb', open: openDuckDbProbe, generator: { foreignQuotes: ['['] } });
