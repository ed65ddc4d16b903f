// Amazon Redshift: PostgreSQL's lexing on the PostgreSQL wire protocol (port 5439), with its own
// statements that move data to and from S3 or reach outside the cluster.
import type { DialectRules } from '../dialect-rules.js';
import { postgresRules } from '../postgres/postgres-rules.js';

const TOUCHES_STORAGE = 'read or write files in external storage';

export const redshiftRules: DialectRules = {
  ...postgresRules,
  parserDialect: 'redshift',
  refusedFunctions: [],
  refusedStatements: [
    { keywords: 'UNLOAD', consequence: TOUCHES_STORAGE },
    { keywords: 'COPY', consequence: TOUCHES_STORAGE },
    { keywords: 'CREATE EXTERNAL', consequence: TOUCHES_STORAGE },
    { keywords: 'ALTER EXTERNAL', consequence: TOUCHES_STORAGE },
    { keywords: 'DROP EXTERNAL', consequence: TOUCHES_STORAGE },
    { keywords: 'CREATE DATASHARE', consequence: 'share data outside the cluster' },
    { keywords: 'CALL', consequence: 'run code that the statement gate cannot inspect' },
  ],
  parserRewrites: ['approximate-aggregates'],
  displayName: 'Amazon Redshift',
  promptHints: ['Redshift SQL is PostgreSQL 8-like: no FILTER clauses, use LISTAGG instead of string_agg, GETDATE() for now.'],
  defaultPort: 5439,
  supportsEntraId: false,
};
