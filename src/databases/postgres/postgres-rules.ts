// PostgreSQL: nested block comments, dollar quotes, E'…' and U&'…' strings, double-quoted names.
// Lexing follows PostgreSQL's manual 4.1 "Lexical Structure" (postgresql.org/docs/current/sql-syntax-lexical.html)
// and its scanner (src/backend/parser/scan.l): whitespace is space, \t, \n, \r and \f (\v only from
// PostgreSQL 16, so it is refused), a `--` comment ends at a line feed or a carriage return
// (non_newline = [^\n\r]), and every character from U+0080 on may be part of a name — U+00A0 too.
// Checked on PostgreSQL 15 here.
import type { DialectRules } from '../dialect-rules.js';

export const postgresRules: DialectRules = {
  parserDialect: 'postgresql',
  lexical: {
    whitespace: ' \t\n\r\f',
    lineCommentEnd: 'line-feed-or-carriage-return',
    hashLineComments: false,
    dashCommentNeedsSpace: false,
    nestedBlockComments: true,
    executableComments: false,
    backslashEscapesInStrings: false,
    escapeStringPrefix: true,
    parserMisreadsEscapeStrings: false,
    dollarQuotedStrings: 'tagged',
    identifierQuotes: ['"'],
    stringQuotes: ["'"],
  },
  refusedFunctions: [],
  refusedStatements: [],
  // `TABLE name` is short for SELECT * FROM name.
  recognizedReads: [/^TABLE (?:(?:[A-Za-z_][\w$]*|"[^"]+") \. )?(?:[A-Za-z_][\w$]*|"[^"]+")$/i],
  // SHOW reads one setting; PostgreSQL has no SHOW form that reads files.
  readOnlyVariants: ['ShowVariable'],
  quotedTableNamesReadFiles: false,
  limitClauses: ['limit', 'fetch'],
  displayName: 'PostgreSQL',
  promptHints: [],
  location: 'server',
  defaultPort: 5432,
  supportsEntraId: true,
};
