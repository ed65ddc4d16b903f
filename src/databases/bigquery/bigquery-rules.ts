// BigQuery (GoogleSQL): '…' and "…" strings with backslash escapes, `…` names (a whole
// `project.dataset.table` path may sit inside one pair) with the same escapes, `#` and `--` line
// comments and flat /* */ comments, following "Lexical structure and syntax in GoogleSQL"
// (cloud.google.com/bigquery/docs/reference/standard-sql/lexical): '''…''' and """…""" strings, no
// '' escape (a doubled quote ends one literal), r/b prefixes whose strings end where an escaped one
// would (a raw string cannot end in an odd number of backslashes). The page lists no whitespace
// set nor says whether a carriage return ends a comment: the gate takes space, tab, line feed and
// carriage return, refuses the rest and a lone carriage return in a line comment. The dry run's
// statementType (the engine's own verdict, checked by the adapter before anything runs) is the
// second gate behind it.
import { COMMON_WHITESPACE, type DialectRules } from '../dialect-rules.js';

export const bigqueryRules: DialectRules = {
  parserDialect: 'bigquery',
  lexical: {
    whitespace: COMMON_WHITESPACE,
    lineCommentEnd: 'unverified',
    hashLineComments: true,
    dashCommentNeedsSpace: false,
    nestedBlockComments: false,
    executableComments: false,
    backslashEscapesInStrings: true,
    backslashEscapesInIdentifiers: true,
    escapeStringPrefix: false,
    parserMisreadsEscapeStrings: false,
    dollarQuotedStrings: 'none',
    identifierQuotes: ['`'],
    tripleQuotedStrings: true,
    doubledQuotesAreTwoLiterals: true,
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
