// Databricks SQL (Spark SQL): '…' and "…" strings with backslash escapes, `…` names, `--` and
// /* */ comments (which nest in Spark), read by the parser's Databricks dialect. Lexing follows
// "STRING type" (docs.databricks.com/en/sql/language-manual/data-types/string-type.html: r'…' and
// R"…" raw literals have no escape character; no triple-quoted form) and "SQL comment"
// (…/sql-ref-syntax-comment.html), and Spark's SqlBaseLexer.g4: a `--` comment ends at \r or \n
// and a backslash right before the line feed continues it, WS is space, \t, \n, \v, \f, \r and
// Unicode spaces (which the gate refuses). Refused on top
// of the statements refused everywhere: the ones that write files, the Delta log or the catalog
// (COPY INTO, OPTIMIZE, VACUUM, RESTORE, MSCK, REFRESH, CACHE), and reads of raw files by path.
import type { DialectRules } from '../dialect-rules.js';

export const databricksRules: DialectRules = {
  parserDialect: 'databricks',
  lexical: {
    whitespace: ' \t\n\r\v\f',
    lineCommentEnd: 'line-feed-or-carriage-return',
    hashLineComments: false,
    dashCommentNeedsSpace: false,
    nestedBlockComments: true,
    executableComments: false,
    backslashEscapesInStrings: true,
    escapeStringPrefix: false,
    parserMisreadsEscapeStrings: false,
    // The parser's Databricks dialect ends 'it\'s' at the escaped quote.
    parserMisreadsBackslashEscapes: true,
    dollarQuotedStrings: 'none',
    identifierQuotes: ['`'],
    lineCommentBackslashContinues: true,
    rawStrings: true,
    stringQuotes: ["'", '"'],
  },
  refusedFunctions: [
    { names: ['read_files', 'read_kafka', 'read_kinesis', 'read_pubsub', 'read_pulsar', 'read_statestore', 'cloud_files_state'], reason: 'it reads files or streams outside the catalog' },
    { names: ['http_request', 'ai_query', 'remote_query'], reason: 'it calls another service, which the statement gate cannot inspect' },
    { names: ['reflect', 'java_method'], reason: 'it runs arbitrary Java methods on the cluster' },
  ],
  refusedStatements: [
    { keywords: 'COPY INTO', consequence: 'load files into tables' },
    { keywords: 'OPTIMIZE', consequence: 'rewrite table data' },
    { keywords: 'VACUUM', consequence: 'delete table files' },
    { keywords: 'RESTORE', consequence: 'roll a table back' },
    { keywords: 'MSCK', consequence: 'change the catalog’s partitions' },
    { keywords: 'REFRESH', consequence: 'change cached metadata' },
    { keywords: 'CACHE', consequence: 'change the cluster’s cache' },
    { keywords: 'UNCACHE', consequence: 'change the cluster’s cache' },
    { keywords: 'CLEAR', consequence: 'change the cluster’s cache' },
    { keywords: 'SET', consequence: 'change session settings' },
    { keywords: 'RESET', consequence: 'change session settings' },
    { keywords: 'USE', consequence: 'change the session’s catalog or schema' },
    { keywords: 'ADD', consequence: 'add files or jars to the session' },
    { keywords: 'CALL', consequence: 'run procedures' },
    { keywords: 'EXECUTE IMMEDIATE', consequence: 'run SQL the statement gate cannot inspect' },
    { keywords: 'DECLARE', consequence: 'change session variables' },
    { keywords: 'GRANT', consequence: 'change access' },
    { keywords: 'REVOKE', consequence: 'change access' },
  ],
  recognizedReads: [
    /^SHOW (?:CATALOGS|SCHEMAS|DATABASES|TABLES)(?: (?:FROM|IN) (?:\w+|`[^`]+`)(?: \. (?:\w+|`[^`]+`))?)?$/i,
    // Names only, never a quoted path (`parquet`.`/data/x`), which Databricks would read as a file.
    /^SHOW PARTITIONS (?:(?:\w+|`[^`./\\:*]+`) \. ){0,2}(?:\w+|`[^`./\\:*]+`)$/i,
    // DESCRIBE [TABLE] [EXTENDED] catalog.schema.table: the parser reads only a two-part name after TABLE.
    /^(?:DESCRIBE|DESC) (?:TABLE )?(?:EXTENDED )?(?:(?:\w+|`[^`./\\:*]+`) \. ){0,2}(?:\w+|`[^`./\\:*]+`)$/i,
  ],
  readOnlyVariants: [],
  // `SELECT * FROM parquet.\`/path\`` reads files by path: a backtick-quoted table name can be a file.
  quotedTableNamesReadFiles: true,
  limitClauses: ['limit'],
  displayName: 'Databricks SQL',
  promptHints: [
    'Databricks SQL (Unity Catalog): name tables as catalog.schema.table, quote names with backticks; use LIMIT n; date_trunc(\'MONTH\', d), try_divide.',
  ],
  location: 'cloud',
  requiredFields: ['server_hostname', 'http_path'],
  supportsEntraId: true,
};
