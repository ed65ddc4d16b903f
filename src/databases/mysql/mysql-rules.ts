// MySQL and MariaDB: `#` and `-- ` comments, flat block comments, executable `/*! … */` comments,
// backslash escapes in '…' and "…" strings ("…" is a string, not a name), `backtick` names. The
// adapter fixes the session's sql_mode so the server reads text this way too (no ANSI_QUOTES,
// no NO_BACKSLASH_ESCAPES).
//
// Lexing follows MySQL 8.4 Reference Manual 11.7 "Comments" (dev.mysql.com/doc/refman/8.4/en/comments.html)
// and MariaDB "Comment Syntax" (mariadb.com/kb/en/comment-syntax/): `--` is a comment only when the
// second dash is followed by a space or a control character (tab, newline, …): an ASCII one, as the
// server's lexer tests the byte with my_isspace / my_iscntrl; `--` before U+00A0 is minus minus and
// U+00A0 a name ("Schema Object Names": unquoted names may hold U+0080 .. U+FFFF). Whitespace is
// the ASCII set my_isspace accepts (space, \t, \n, \v, \f, \r), checked on MariaDB 10.11 here,
// whose line comments end at a line feed only ("9.1 String Literals" for the escapes).
import type { DialectRules, FunctionRule, RefusedStatement, RefusedTokenSequence } from '../dialect-rules.js';

const RUNS_UNINSPECTED_CODE = 'run code that the statement gate cannot inspect';
const CHANGES_SERVER = 'change the server’s state';
const CHANGES_SETTINGS = 'change session or server settings';
const TOUCHES_FILES = 'read or write files';
const LOCKS = 'take locks';

export const MYSQL_REFUSED_FUNCTIONS: readonly FunctionRule[] = [
  { names: ['load_file'], reason: 'it reads files on the database server' },
  { names: ['sleep', 'benchmark'], reason: 'it holds the connection busy on purpose' },
  { names: ['get_lock', 'release_lock', 'release_all_locks'], reason: 'it takes or releases named locks' },
  {
    names: ['master_pos_wait', 'source_pos_wait', 'master_gtid_wait', 'wait_for_executed_gtid_set', 'wait_until_sql_thread_after_gtids'],
    reason: 'it waits on replication',
  },
  { names: ['sys_exec', 'sys_eval', 'lib_mysqludf_sys_info', 'mroonga_command'], reason: 'it runs commands on the database server' },
  { names: ['lastval', 'setval', 'nextval'], reason: 'it changes a sequence' },
];

export const MYSQL_REFUSED_STATEMENTS: readonly RefusedStatement[] = [
  { keywords: 'DO', consequence: RUNS_UNINSPECTED_CODE },
  { keywords: 'HANDLER', consequence: 'read tables outside the statement gate’s checks' },
  { keywords: 'SET', consequence: CHANGES_SETTINGS },
  { keywords: 'FLUSH', consequence: CHANGES_SERVER },
  { keywords: 'KILL', consequence: 'stop other sessions' },
  { keywords: 'SHUTDOWN', consequence: CHANGES_SERVER },
  { keywords: 'RESTART', consequence: CHANGES_SERVER },
  { keywords: 'LOCK', consequence: LOCKS },
  { keywords: 'UNLOCK', consequence: LOCKS },
  { keywords: 'OPTIMIZE', consequence: 'write to the database' },
  { keywords: 'ANALYZE', consequence: 'write to the database' },
  { keywords: 'REPAIR', consequence: 'write to the database' },
  { keywords: 'CHECKSUM', consequence: 'lock and scan whole tables' },
  { keywords: 'CHECK', consequence: 'lock and scan whole tables' },
  { keywords: 'INSTALL', consequence: 'load native code into the server' },
  { keywords: 'UNINSTALL', consequence: CHANGES_SERVER },
  { keywords: 'CREATE', consequence: 'change the schema' },
  { keywords: 'RENAME', consequence: 'change the schema' },
  { keywords: 'GRANT', consequence: 'change permissions' },
  { keywords: 'REVOKE', consequence: 'change permissions' },
  { keywords: 'PREPARE', consequence: RUNS_UNINSPECTED_CODE },
  { keywords: 'EXECUTE', consequence: RUNS_UNINSPECTED_CODE },
  { keywords: 'DEALLOCATE', consequence: RUNS_UNINSPECTED_CODE },
  { keywords: 'CALL', consequence: RUNS_UNINSPECTED_CODE },
  { keywords: 'LOAD', consequence: TOUCHES_FILES },
  { keywords: 'PURGE', consequence: CHANGES_SERVER },
  { keywords: 'RESET', consequence: CHANGES_SERVER },
  { keywords: 'CHANGE', consequence: CHANGES_SERVER },
  { keywords: 'START', consequence: 'control transactions or replication' },
  { keywords: 'STOP', consequence: CHANGES_SERVER },
  { keywords: 'BINLOG', consequence: CHANGES_SERVER },
  { keywords: 'CACHE', consequence: CHANGES_SERVER },
  { keywords: 'XA', consequence: 'control transactions' },
  { keywords: 'SIGNAL', consequence: RUNS_UNINSPECTED_CODE },
  { keywords: 'RESIGNAL', consequence: RUNS_UNINSPECTED_CODE },
  { keywords: 'BACKUP', consequence: 'lock the server for a backup' },
  { keywords: 'USE', consequence: CHANGES_SETTINGS },
];

/**
 * State changes a plain SELECT can make on MariaDB and MySQL. A sequence advances even inside a
 * read-only transaction and is not rolled back; a user variable outlives the query on a pooled
 * connection that the next asker borrows. (`NEXTVAL(s)`, `SETVAL(s, …)` are refused functions.)
 */
export const MYSQL_REFUSED_TOKEN_SEQUENCES: readonly RefusedTokenSequence[] = [
  {
    tokens: ['NEXT', 'VALUE', 'FOR'],
    refusal: 'NEXT VALUE FOR is not allowed: it advances a sequence, which a read-only query must not change. Read the sequence table with SELECT instead.',
  },
  {
    tokens: [':', '='],
    refusal: 'Assignments with := are not allowed: they set user variables that outlive the query. Compute the value in the SELECT list or a CTE instead.',
  },
];

export const mysqlRules: DialectRules = {
  parserDialect: 'mysql',
  lexical: {
    whitespace: ' \t\n\r\v\f',
    lineCommentEnd: 'line-feed',
    hashLineComments: true,
    dashCommentNeedsSpace: true,
    nestedBlockComments: false,
    executableComments: true,
    backslashEscapesInStrings: true,
    escapeStringPrefix: false,
    parserMisreadsEscapeStrings: false,
    dollarQuotedStrings: 'none',
    identifierQuotes: ['`'],
    stringQuotes: ["'", '"'],
  },
  refusedFunctions: MYSQL_REFUSED_FUNCTIONS,
  refusedStatements: MYSQL_REFUSED_STATEMENTS,
  refusedTokenSequences: MYSQL_REFUSED_TOKEN_SEQUENCES,
  parserRewrites: ['with-rollup'],
  // SHOW INDEX / INDEXES / KEYS FROM t [FROM db]: the parser reads them as a setting name.
  recognizedReads: [/^SHOW (?:INDEX|INDEXES|KEYS) (?:FROM|IN) (?:\w+|`[^`]+`)(?: \. (?:\w+|`[^`]+`))?(?: (?:FROM|IN) (?:\w+|`[^`]+`))?$/i],
  // SHOW CREATE TABLE / VIEW / … prints a definition.
  readOnlyVariants: ['ShowCreate'],
  quotedTableNamesReadFiles: false,
  limitClauses: ['limit'],
  displayName: 'MySQL / MariaDB',
  promptHints: ['quote names with backticks (`order`); "…" is a string here, not a name.'],
  location: 'server',
  defaultPort: 3306,
  supportsEntraId: true,
};
