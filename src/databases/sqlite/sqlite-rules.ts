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
