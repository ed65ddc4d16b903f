// ClickHouse: `--`, `//`, `# ` and `#!` line comments, nesting block comments, backslash escapes in
// strings and in "…" and `…` names, $$heredocs$$ and $tag$heredocs$tag$ (any tag, closed or not a
// heredoc at all; src/Parsers/Lexer.cpp, checked on chdb by test/sql/differential/). Lexing follows "Syntax"
// (clickhouse.com/docs/sql-reference/syntax: spaces, comments, string literals, heredoc); checked on
// chdb here: whitespace is space, \t, \n, \v, \f and \r (it skips Unicode spaces too, which the gate
// refuses), and line comments end at a line feed only. Its table functions reach files, URLs, object stores
// and other servers from inside a SELECT, and its SYSTEM/KILL/OPTIMIZE statements act on the server.
import type { DialectRules } from '../dialect-rules.js';
import { CLICKHOUSE_ALLOWED_QUERY_SETTINGS } from './clickhouse-query-settings.js';
import { CLICKHOUSE_ALLOWED_TABLE_FUNCTIONS } from './clickhouse-table-functions.js';

export const clickhouseRules: DialectRules = {
  parserDialect: 'clickhouse',
  lexical: {
    whitespace: ' \t\n\r\v\f',
    lineCommentEnd: 'line-feed',
    // ClickHouse reads `# ` and `#!` as comments and `#x` as an error: treating every `#` as a
    // comment never lets code hide from the gate.
    hashLineComments: true,
    slashLineComments: true,
    dashCommentNeedsSpace: false,
    nestedBlockComments: true,
    executableComments: false,
    backslashEscapesInStrings: true,
    // ClickHouse reads `a\`b` and "a\"b" as one name each.
    backslashEscapesInIdentifiers: true,
    escapeStringPrefix: false,
    parserMisreadsEscapeStrings: false,
    dollarQuotedStrings: 'heredoc',
    identifierQuotes: ['"', '`'],
    stringQuotes: ["'"],
  },
  refusedFunctions: [
    {
      names: ['file', 'filesystem', 'input', 'executable', 'fuzzjson', 'fuzzquery'],
      reason: 'it reads files or runs programs on the database server',
    },
    {
      names: [
        'url', 'urlcluster', 's3', 's3cluster', 'gcs', 'oss', 'cosn', 'azureblobstorage', 'azureblobstoragecluster', 'hdfs', 'hdfscluster',
        'deltalake', 'deltalakecluster', 'hudi', 'hudicluster', 'iceberg', 'icebergs3', 'icebergazure', 'iceberghdfs', 'iceberglocal', 'icebergcluster',
        'paimon', 'arrowflight', 'ytsaurus',
      ],
      prefixes: ['iceberg', 'deltalake', 'hudi', 'paimon'],
      reason: 'it reads data from files, URLs or object storage outside the database',
    },
    {
      names: ['remote', 'remotesecure', 'cluster', 'clusterallreplicas', 'mysql', 'postgresql', 'mongodb', 'redis', 'sqlite', 'odbc', 'jdbc', 'dictionary', 'prometheusquery', 'timeseriesdata', 'loop'],
      reason: 'it connects to other servers or databases (or re-reads tables) in ways the statement gate cannot inspect',
    },
    { names: ['sleep', 'sleepeachrow'], reason: 'it only holds the server busy' },
    { names: ['catboostevaluate'], reason: 'it loads a model file from the database server' },
    { names: ['generateserialid'], reason: 'it writes a counter to ClickHouse Keeper' },
    { names: ['dictget', 'dictgetordefault', 'dictgetornull', 'dicthas', 'dictgethierarchy', 'dictisin'], prefixes: ['dictget'], reason: 'it reads a dictionary, whose source may be another server or a file' },
  ],
  allowedTableFunctions: CLICKHOUSE_ALLOWED_TABLE_FUNCTIONS,
  refusedStatements: [
    { keywords: 'SYSTEM', consequence: 'act on the server (caches, replicas, merges, shutdown)' },
    { keywords: 'KILL', consequence: 'stop other queries' },
    { keywords: 'OPTIMIZE', consequence: 'rewrite table data' },
    { keywords: 'RENAME', consequence: 'change the schema' },
    { keywords: 'EXCHANGE', consequence: 'change the schema' },
    { keywords: 'ATTACH', consequence: 'change the schema' },
    { keywords: 'DETACH', consequence: 'change the schema' },
    { keywords: 'UNDROP', consequence: 'change the schema' },
    { keywords: 'BACKUP', consequence: 'write backups' },
    { keywords: 'RESTORE', consequence: 'write to the database' },
    { keywords: 'WATCH', consequence: 'hold a query open' },
    { keywords: 'MOVE', consequence: 'change access entities' },
    { keywords: 'CHECK', consequence: 'hold the server busy' },
  ],
  allowedQuerySettings: CLICKHOUSE_ALLOWED_QUERY_SETTINGS,
  parserRewrites: ['join-modifier-words'],
  // EXISTS [TABLE] db.name answers 0 or 1; the parser does not read it.
  recognizedReads: [/^EXISTS (?:TABLE )?(?:(?:\w+|`[^`]+`|"[^"]+") \. )?(?:\w+|`[^`]+`|"[^"]+")$/i],
  // SHOW CREATE TABLE / VIEW / FUNCTION … prints a definition (the parser reads no other kind).
  readOnlyVariants: ['ShowCreate'],
  quotedTableNamesReadFiles: false,
  limitClauses: ['limit', 'fetch'],
  displayName: 'ClickHouse',
  promptHints: [
    'ClickHouse SQL: functions are case-sensitive (toDate, toStartOfMonth, countIf, uniqExact); use LIMIT n; the only table functions allowed are numbers, generateRandom, generate_series, values, null, merge and view (no file, url, s3, remote, mysql …).',
  ],
  location: 'server',
  defaultPort: 8123,
  supportsEntraId: true,
};
