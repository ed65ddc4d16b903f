// SQL Server family (SQL Server, Azure SQL, Fabric warehouses and SQL endpoints, Synapse): T-SQL
// lexing — '…' and N'…' strings with '' as the only escape (no backslash escapes), names quoted as
// "…" (QUOTED_IDENTIFIER is on for every driver connection) or [ … ] with `]]` for a `]` inside
// ("Database identifiers", learn.microsoft.com/sql/relational-databases/databases/database-identifiers;
// QUOTENAME doubles `]` the same way), `--` comments ("-- (Comment)") and block comments that nest
// ("Slash Star (Block Comment)"). No page says which characters are whitespace or whether a
// carriage return ends a `--` comment: the gate takes space, tab, line feed and carriage return
// and refuses the rest, and a lone carriage return inside a line comment. Rows are limited with TOP n or OFFSET … FETCH NEXT n ROWS ONLY.
//
// Refused on top of what every dialect refuses: anything that runs other code the gate cannot see
// (EXEC / EXECUTE, sp_executesql and every other sp_* / xp_* procedure), reads outside the database
// (OPENROWSET, OPENQUERY, OPENDATASOURCE, BULK INSERT) and session or server changes.
import { COMMON_WHITESPACE, type DialectRules, type FunctionRule, type RefusedStatement, type RefusedWordRule } from '../dialect-rules.js';

const RUNS_UNINSPECTED_CODE = 'run code that the statement gate cannot inspect';
const CHANGES_SETTINGS = 'change session or server settings';

const MSSQL_REFUSED_FUNCTIONS: readonly FunctionRule[] = [
  {
    names: ['openrowset', 'openquery', 'opendatasource', 'openxml'],
    reason: 'it reads from files or other servers that the statement gate cannot inspect',
  },
  { prefixes: ['xp_', 'sp_'], reason: 'system procedures run code on the server that the statement gate cannot inspect' },
];

const MSSQL_REFUSED_STATEMENTS: readonly RefusedStatement[] = [
  { keywords: 'EXEC', consequence: RUNS_UNINSPECTED_CODE },
  { keywords: 'EXECUTE', consequence: RUNS_UNINSPECTED_CODE },
  { keywords: 'BULK', consequence: 'read files into tables' },
  { keywords: 'DBCC', consequence: 'act on the server' },
  { keywords: 'BACKUP', consequence: 'write backups on the server' },
  { keywords: 'RESTORE', consequence: 'overwrite databases' },
  { keywords: 'RECONFIGURE', consequence: CHANGES_SETTINGS },
  { keywords: 'SET', consequence: CHANGES_SETTINGS },
  { keywords: 'USE', consequence: 'change the session’s database' },
  { keywords: 'DECLARE', consequence: RUNS_UNINSPECTED_CODE },
  { keywords: 'WAITFOR', consequence: 'hold the connection busy on purpose' },
  { keywords: 'KILL', consequence: 'stop other sessions' },
  { keywords: 'SHUTDOWN', consequence: 'stop the server' },
  { keywords: 'BEGIN', consequence: 'control transactions or run blocks of code' },
  { keywords: 'COMMIT', consequence: 'control transactions' },
  { keywords: 'ROLLBACK', consequence: 'control transactions' },
  { keywords: 'SAVE', consequence: 'control transactions' },
  { keywords: 'CREATE', consequence: 'change the schema' },
  { keywords: 'GRANT', consequence: 'change permissions' },
  { keywords: 'DENY', consequence: 'change permissions' },
  { keywords: 'REVOKE', consequence: 'change permissions' },
  { keywords: 'OPEN', consequence: 'open keys or cursors' },
  { keywords: 'CLOSE', consequence: 'close keys or cursors' },
  { keywords: 'FETCH', consequence: 'read cursors' },
  { keywords: 'RAISERROR', consequence: RUNS_UNINSPECTED_CODE },
  { keywords: 'THROW', consequence: RUNS_UNINSPECTED_CODE },
  { keywords: 'PRINT', consequence: RUNS_UNINSPECTED_CODE },
  { keywords: 'COPY', consequence: 'load files into tables (Fabric, Synapse)' },
];

/**
 * Table hints that take or hold locks, refused as PostgreSQL's FOR UPDATE is: a long analytical
 * read holding them blocks every writer to a production table. UPDLOCK, XLOCK and TABLOCKX take
 * update or exclusive locks; HOLDLOCK, SERIALIZABLE and REPEATABLEREAD keep shared locks until the
 * statement's transaction ends; TABLOCK, PAGLOCK and ROWLOCK choose lock granularity (TABLOCK a
 * shared lock on the whole table); READCOMMITTEDLOCK forces locking reads. READPAST takes no lock
 * but skips rows others have locked, so the answer silently leaves rows out. Hints that only lower
 * locking (NOLOCK, READUNCOMMITTED, NOWAIT, SNAPSHOT) or steer the plan (INDEX, FORCESEEK) stay.
 */
const MSSQL_LOCKING_HINTS: RefusedWordRule = {
  words: ['UPDLOCK', 'XLOCK', 'TABLOCK', 'TABLOCKX', 'HOLDLOCK', 'SERIALIZABLE', 'REPEATABLEREAD', 'PAGLOCK', 'ROWLOCK', 'READCOMMITTEDLOCK'],
  label: 'Table hint',
  reason: 'it takes or holds locks on the table, which blocks other sessions’ writes while the query runs; remove the hint (NOLOCK and READUNCOMMITTED may stay)',
};

const MSSQL_ROW_SKIPPING_HINTS: RefusedWordRule = {
  words: ['READPAST'],
  label: 'Table hint',
  reason: 'it skips rows other sessions have locked, so the answer would silently leave rows out; remove the hint',
};

export const mssqlRules: DialectRules = {
  parserDialect: 'mssql',
  lexical: {
    whitespace: COMMON_WHITESPACE,
    lineCommentEnd: 'unverified',
    hashLineComments: false,
    dashCommentNeedsSpace: false,
    nestedBlockComments: true,
    executableComments: false,
    backslashEscapesInStrings: false,
    escapeStringPrefix: false,
    parserMisreadsEscapeStrings: false,
    dollarQuotedStrings: 'none',
    identifierQuotes: ['"', '['],
    bracketIdentifierDoubledClose: true,
    stringQuotes: ["'"],
  },
  refusedFunctions: MSSQL_REFUSED_FUNCTIONS,
  refusedStatements: MSSQL_REFUSED_STATEMENTS,
  refusedWords: [MSSQL_LOCKING_HINTS, MSSQL_ROW_SKIPPING_HINTS],
  parserRewrites: ['join-algorithm-hints', 'query-hint-option'],
  recognizedReads: [],
  readOnlyVariants: [],
  quotedTableNamesReadFiles: false,
  limitClauses: ['top', 'fetch'],
  displayName: 'SQL Server / Azure SQL / Fabric / Synapse',
  promptHints: [
    'T-SQL: limit rows with SELECT TOP n (there is no LIMIT); OFFSET … FETCH NEXT n ROWS ONLY needs an ORDER BY; quote names as [name]; name tables schema.table (dbo.orders).',
  ],
  location: 'server',
  defaultPort: 1433,
  supportsEntraId: true,
};
