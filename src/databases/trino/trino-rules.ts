// Trino: standard SQL lexing — '…' strings with '' as the only escape (no backslash escapes),
// "…" names, `--` and flat /* */ comments. Lexing follows Trino's grammar (SqlBase.g4 in
// trino-grammar: WS is [ \r\n\t], SIMPLE_COMMENT ends at \r or \n) and "SQL statement syntax"
// (trino.io/docs/current/language/reserved.html, trino.io/docs/current/language/types.html). The parser has no Trino dialect; PostgreSQL's is the
// closest reader: the same string and identifier rules, and it reads Trino's ARRAY[…], lambdas,
// UNNEST … WITH ORDINALITY, FETCH FIRST and aggregate FILTER clauses (ANSI's does not read
// FILTER; Hive's and Databricks' read backslashes and backticks, which Trino does not). What
// PostgreSQL lexes and Trino does not (E'…', $$…$$) is refused before parsing.
import { COMMON_WHITESPACE, type DialectRules } from '../dialect-rules.js';

export const trinoRules: DialectRules = {
  parserDialect: 'postgresql',
  lexical: {
    whitespace: COMMON_WHITESPACE,
    lineCommentEnd: 'line-feed-or-carriage-return',
    hashLineComments: false,
    dashCommentNeedsSpace: false,
    nestedBlockComments: false,
    executableComments: false,
    backslashEscapesInStrings: false,
    escapeStringPrefix: true,
    parserMisreadsEscapeStrings: true,
    dollarQuotedStrings: 'none',
    identifierQuotes: ['"'],
    stringQuotes: ["'"],
  },
  refusedFunctions: [
    { names: ['raw_query'], reason: 'it passes a query through to another system, which the statement gate cannot inspect' },
  ],
  refusedStatements: [
    { keywords: 'CALL', consequence: 'run procedures that change data or the catalog' },
    { keywords: 'REFRESH', consequence: 'write to the database' },
    { keywords: 'SET', consequence: 'change session settings' },
    { keywords: 'RESET', consequence: 'change session settings' },
    { keywords: 'USE', consequence: 'change the session’s catalog' },
    { keywords: 'DEALLOCATE', consequence: 'change the session' },
  ],
  // Catalogue listings Trino has and the PostgreSQL parser does not read.
  // An inline routine's body (`WITH FUNCTION f() … BEGIN …; END`) is procedural code the parser
  // cannot read; named here so the refusal says so, not that its END controls transactions.
  refusedTokenSequences: [
    {
      tokens: ['WITH', 'FUNCTION'],
      refusal: 'Inline functions (WITH FUNCTION …) are not run: their body is code the statement gate cannot read. Write the logic as an expression in the SELECT instead.',
    },
  ],
  parserRewrites: ['table-version-clauses', 'parenthesised-type-parameters'],
  recognizedReads: [/^SHOW CATALOGS$/i, /^SHOW SCHEMAS(?: (?:FROM|IN) (?:\w+|"[^"]+"))?$/i],
  readOnlyVariants: [],
  quotedTableNamesReadFiles: false,
  limitClauses: ['limit', 'fetch'],
  displayName: 'Trino',
  promptHints: [
    'Trino SQL: name tables as catalog.schema.table when outside the default schema; use LIMIT n or FETCH FIRST n ROWS ONLY; dates as DATE \'2024-01-31\'.',
  ],
  location: 'server',
  defaultPort: 8080,
  supportsEntraId: true,
};
