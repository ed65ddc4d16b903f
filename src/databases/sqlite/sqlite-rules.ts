// SQLite: flat block comments, names quoted with "…", `…` or […], LIMIT only.
import type { DialectRules } from '../dialect-rules.js';

export const sqliteRules: DialectRules = {
  parserDialect: 'sqlite',
  lexical: {
    hashLineComments: false,
    dashCommentNeedsSpace: false,
    nestedBlockComments: false,
    executableComments: false,
    backslashEscapesInStrings: false,
    escapeStringPrefix: false,
    parserMisreadsEscapeStrings: false,
    dollarQuotedStrings: false,
    identifierQuotes: ['"', '`', '['],
    stringQuotes: ["'"],
  },
  refusedFunctions: [],
  refusedStatements: [],
  quotedTableNamesReadFiles: false,
  limitClauses: ['limit'],
  displayName: 'SQLite',
  promptHints: [],
  location: 'file',
  supportsEntraId: false,
};
