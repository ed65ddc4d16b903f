// StarRocks speaks the MySQL protocol and is read by the MySQL parser, but its own lexer is not
// MySQL's (fe/fe-core/src/main/java/com/starrocks/sql/parser/StarRocksLex.g4; the manual's
// "Keywords" and "Comments" pages, docs.starrocks.io/docs/sql-reference/sql-statements/keywords/):
// `--` starts a comment with or without a space after it and ends at \r or \n, `#` is no comment,
// whitespace is space, \t, \n, \r (and U+3000, which the gate refuses), and `$$ … $$` is one token the
// MySQL parser cannot read (refused). Its grammar reads `/*! … */` as a plain comment; the gate still
// checks it both with and without its content, as for MySQL, since older StarRocks versions and
// MySQL clients in between may not. On top of MySQL's refusals come
// its own statements that load, export or schedule work, and the FILES() table function.
import { COMMON_WHITESPACE, type DialectRules } from '../dialect-rules.js';
import { MYSQL_REFUSED_FUNCTIONS, MYSQL_REFUSED_STATEMENTS, mysqlRules } from '../mysql/mysql-rules.js';

const LOADS_OR_EXPORTS = 'load or export data';
const SCHEDULES_WORK = 'schedule or control work on the cluster';

export const starrocksRules: DialectRules = {
  ...mysqlRules,
  lexical: {
    ...mysqlRules.lexical,
    whitespace: COMMON_WHITESPACE,
    hashLineComments: false,
    dashCommentNeedsSpace: false,
    lineCommentEnd: 'line-feed-or-carriage-return',
    dollarQuotedStrings: 'untagged',
    parserMisreadsDollarQuotes: true,
  },
  refusedFunctions: [
    ...MYSQL_REFUSED_FUNCTIONS,
    { names: ['files'], reason: 'it reads files from storage outside the database' },
  ],
  refusedStatements: [
    ...MYSQL_REFUSED_STATEMENTS,
    { keywords: 'INSERT OVERWRITE', consequence: 'replace data' },
    { keywords: 'SUBMIT', consequence: SCHEDULES_WORK },
    { keywords: 'EXPORT', consequence: LOADS_OR_EXPORTS },
    { keywords: 'BACKUP', consequence: LOADS_OR_EXPORTS },
    { keywords: 'RESTORE', consequence: LOADS_OR_EXPORTS },
    { keywords: 'CANCEL', consequence: SCHEDULES_WORK },
    { keywords: 'PAUSE', consequence: SCHEDULES_WORK },
    { keywords: 'RESUME', consequence: SCHEDULES_WORK },
    { keywords: 'ADMIN', consequence: SCHEDULES_WORK },
    { keywords: 'REFRESH', consequence: SCHEDULES_WORK },
    { keywords: 'SYNC', consequence: SCHEDULES_WORK },
    { keywords: 'RECOVER', consequence: 'change the schema' },
    { keywords: 'CLEAN', consequence: 'change the server’s state' },
  ],
  parserRewrites: [...(mysqlRules.parserRewrites ?? []), 'brace-map-literals'],
  displayName: 'StarRocks',
  promptHints: ['StarRocks speaks MySQL SQL: quote names with backticks; "…" is a string.'],
  defaultPort: 9030,
  supportsEntraId: false,
};
