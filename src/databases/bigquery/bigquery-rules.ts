// BigQuery (GoogleSQL): '…' and "…" strings with backslash escapes, `…` names (a whole
// `project.dataset.table` path may sit inside one pair), `#` and `--` line comments and flat
// /* */ comments. The parser's BigQuery dialect reads all of these. Triple-quoted and raw
// (r'…') strings are not modelled by the tokenizer; the dry run's statementType (the engine's own
// verdict, checked by the adapter before anything runs) is the second gate behind it.
import type { DialectRules } from '../dialect-rules.js';

export const bigqueryRules: DialectRules = {
  parserDialect: 'bigquery',
  lexical: {
    hashLineComments: true,
    dashCommentNeedsSpace: false,
    nestedBlockComments: false,
    executableComments: false,
    backslashEscapesInStrings: true,
    escapeStringPrefix: false,
    parserMisreadsEscapeStrings: false,
    dollarQuotedStrings: false,
    identifierQuotes: ['`'],
    stringQuotes: ["'", '"'],
  },
  refusedFunctions: [
    { names: ['external_query'], reason: 'it passes a query through to a Cloud SQL or Spanner database, which the statement gate cannot inspect' },
  ],
  refusedStatements: [
    { keywords: 'EXPORT DATA', consequence: 'write query results to Cloud Storage' },
    { keywords: 'LOAD DATA', consequence: 'load files into tables' },
    { keywords: 'CALL', consequence: 'run procedures that change data' },
    { keywords: 'EXECUTE IMMEDIATE', consequence: 'run SQL the statement gate cannot inspect' },
    { keywords: 'DECLARE', consequence: 'start a script' },
    { keywords: 'SET', consequence: 'change script variables or session settings' },
    { keywords: 'BEGIN', consequence: 'start a script or transaction' },
    { keywords: 'ASSERT', consequence: 'run a script statement' },
    { keywords: 'TRUNCATE', consequence: 'delete data' },
    { keywords: 'MERGE', consequence: 'write to tables' },
    { keywords: 'GRANT', consequence: 'change access' },
    { keywords: 'REVOKE', consequence: 'change access' },
    { keywords: 'UNDROP', consequence: 'change the schema' },
  ],
  recognizedReads: [],
  readOnlyVariants: [],
  quotedTableNamesReadFiles: false,
  limitClauses: ['limit'],
  displayName: 'BigQuery',
  promptHints: [
    'BigQuery GoogleSQL: quote table paths with backticks (`project.dataset.table`); use LIMIT n; DATE_TRUNC(d, MONTH), SAFE_DIVIDE, FORMAT_DATE.',
    'BigQuery bills by bytes scanned: select only the columns you need and filter on partition columns; a query over maximum_bytes_billed is not run (its estimate is reported).',
  ],
  location: 'cloud',
  requiredFields: ['project_id'],
  supportsEntraId: false,
};
