// DuckDB: PostgreSQL-like lexing (nested block comments, dollar quotes, E'…' strings), lists in
// square brackets, and table functions that read files or reach the network.
// Lexing follows DuckDB's "Comments" and "Literal Types" pages (duckdb.org/docs/stable/sql/dialect/keywords_and_identifiers,
// duckdb.org/docs/stable/sql/data_types/literal_types) and its PostgreSQL-derived scanner: a `--`
// comment ends at a line feed or a carriage return, whitespace is space, \t, \n, \r and \f (checked
// on DuckDB here). DuckDB also turns Unicode spaces into spaces before lexing, only outside what its
// own pre-pass takes for quotes: the gate refuses them rather than follow that pre-pass.
import type { DialectRules } from '../dialect-rules.js';

export const duckdbRules: DialectRules = {
  parserDialect: 'duckdb',
  lexical: {
    whitespace: ' \t\n\r\f',
    lineCommentEnd: 'line-feed-or-carriage-return',
    hashLineComments: false,
    dashCommentNeedsSpace: false,
    nestedBlockComments: true,
    executableComments: false,
    backslashEscapesInStrings: false,
    escapeStringPrefix: true,
    parserMisreadsEscapeStrings: true,
    parserMisreadsLetterPrefixedStrings: true,
    dollarQuotedStrings: 'tagged',
    identifierQuotes: ['"', '`'],
    stringQuotes: ["'"],
  },
  refusedFunctions: [
    { names: ['checkpoint', 'force_checkpoint'], reason: 'it writes to the database' },
    { names: ['getenv'], reason: 'it reads the server’s environment variables' },
    { names: ['duckdb_secrets', 'which_secret'], reason: 'it reveals stored credentials' },
    { names: ['http_get', 'http_post', 'http_head'], reason: 'it makes network requests' },
    {
      names: ['glob', 'sniff_csv', 'delta_scan', 'st_read', 'st_read_meta', 'st_readosm', 'st_readshp', 'csv_scan', 'json_scan', 'scan_arrow_ipc'],
      prefixes: ['read_', 'parquet_', 'iceberg_'],
      reason: 'it reads files, and file access is turned off for this database',
      allowedWithFileAccess: true,
    },
  ],
  refusedStatements: [],
  recognizedReads: [],
  readOnlyVariants: [],
  quotedTableNamesReadFiles: true,
  limitClauses: ['limit', 'fetch'],
  displayName: 'DuckDB',
  promptHints: [],
  location: 'file',
  supportsEntraId: false,
};
