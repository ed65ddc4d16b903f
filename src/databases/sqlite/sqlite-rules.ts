// SQLite: flat block comments, names quoted with "…", `…` or […], LIMIT only.
// Lexing follows "SQL Comment Syntax" (sqlite.org/lang_comment.html) and "SQLite Keywords"
// (sqlite.org/lang_keywords.html) and the tokenizer (src/tokenize.c): whitespace is space, \t, \n,
// \f and \r, a `--` comment ends at a line feed only, a [bracketed] name ends at the first `]` (no
// escape). Checked on SQLite here.
import type { DialectRules } from '../dialect-rules.js';

export const sqliteRules: DialectRules = {
  parserDialect: 'sqlite',
  lexical: {
    whitespace: ' \t\n\r\f',
    lineCommentEnd: 'line-feed',
    hashLineComments: false,
    dashCommentNeedsSpace: false,
    nestedBlockComments: false,
    executableComments: false,
    backslashEscapesInStrings: false,
    escapeStringPrefix: false,
    parserMisreadsEscapeStrings: false,
    dollarQuotedStrings: 'none',
    identifierQuotes: ['"', '`', '['],
    stringQuotes: ["'"],
  },
  refusedFunctions: [],
  refusedStatements: [],
  // Catalogue pragmas that only describe a table or index given by name (none of them sets
  // anything). Only the bare or "quoted" name form: the gate keeps refusing every other PRAGMA shape.
  recognizedReads: [
    /^PRAGMA (?:(?:\w+|"[^"]+") \. )?(?:table_info|table_xinfo|index_list|index_info|index_xinfo|foreign_key_list) \( (?:\w+|"[^"]+") \)$/i,
  ],
  readOnlyVariants: [],
  quotedTableNamesReadFiles: false,
  limitClauses: ['limit'],
  displayName: 'SQLite',
  promptHints: [],
  location: 'file',
  supportsEntraId: false,
};
