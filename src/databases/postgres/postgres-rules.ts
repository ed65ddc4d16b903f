// PostgreSQL: nested block comments, dollar quotes, E'…' and U&'…' strings, double-quoted names.
import type { DialectRules } from '../dialect-rules.js';

export const postgresRules: DialectRules = {
  parserDialect: 'postgresql',
  lexical: {
    hashLineComments: false,
    dashCommentNeedsSpace: false,
    nestedBlockComments: true,
    executableComments: false,
    backslashEscapesInStrings: false,
    escapeStringPrefix: true,
    parserMisreadsEscapeStrings: false,
    dollarQuotedStrings: true,
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
