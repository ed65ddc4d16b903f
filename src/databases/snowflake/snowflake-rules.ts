// Snowflake: '…' strings in which backslash escapes the next character (\' is a quote inside the
// string), "…" names, `--` and `//` line comments, flat block comments, $$…$$ strings ("String &
// binary data types", docs.snowflake.com/en/sql-reference/data-types-text#dollar-quoted-string-constants:
// `$$` only, no `$tag$` form, so `$_$ … $_$` is not a string to Snowflake though it is to the parser;
// "Identifier requirements" and "Literals and placeholders" for names). No page says which characters
// are whitespace or whether a carriage return ends a line comment: the gate takes space, tab, line
// feed and carriage return and refuses the rest, and a lone carriage return inside a line comment. Rows are
// limited with LIMIT n or FETCH FIRST n ROWS ONLY, and also TOP n.
//
// Refused on top of what every dialect refuses: file transfer and stage statements (PUT, GET,
// COPY INTO, CREATE STAGE), EXECUTE IMMEDIATE and CALL (code the gate cannot see), session and
// account changes (USE, ALTER SESSION via ALTER), and SYSTEM$ functions that act on the account.
import { COMMON_WHITESPACE, type DialectRules } from '../dialect-rules.js';

const RUNS_UNINSPECTED_CODE = 'run code that the statement gate cannot inspect';

export const snowflakeRules: DialectRules = {
  // The parser's Snowflake dialect reads time travel (AT / BEFORE (… => …)), three-part names after
  // DESCRIBE TABLE and backslash escapes in strings, which its generic dialect refused.
  parserDialect: 'snowflake',
  lexical: {
    whitespace: COMMON_WHITESPACE,
    lineCommentEnd: 'unverified',
    hashLineComments: false,
    // Snowflake and the parser both end the line at `//`; a gate reading on would see a string where
    // they see code (`// '` then `FROM @stage … -- '`).
    slashLineComments: true,
    dashCommentNeedsSpace: false,
    nestedBlockComments: false,
    executableComments: false,
    backslashEscapesInStrings: true,
    escapeStringPrefix: false,
    parserMisreadsEscapeStrings: false,
    dollarQuotedStrings: 'untagged',
    identifierQuotes: ['"'],
    stringQuotes: ["'"],
  },
  refusedFunctions: [
    { prefixes: ['system$'], reason: 'system functions act on the account (cancel queries, wait, change settings)' },
    { names: ['external_table_files', 'infer_schema'], reason: 'it reads files on a stage' },
  ],
  refusedStatements: [
    { keywords: 'PUT', consequence: 'upload files to a stage' },
    { keywords: 'GET', consequence: 'download files from a stage' },
    { keywords: 'COPY', consequence: 'load or unload data through stages' },
    { keywords: 'CREATE', consequence: 'change the schema' },
    { keywords: 'EXECUTE', consequence: RUNS_UNINSPECTED_CODE },
    { keywords: 'CALL', consequence: RUNS_UNINSPECTED_CODE },
    { keywords: 'USE', consequence: 'change the session’s database, schema, role or warehouse' },
    { keywords: 'SET', consequence: 'change session variables' },
    { keywords: 'UNSET', consequence: 'change session variables' },
    { keywords: 'REMOVE', consequence: 'delete files from a stage' },
    { keywords: 'RM', consequence: 'delete files from a stage' },
    { keywords: 'LIST', consequence: 'list files on a stage' },
    { keywords: 'LS', consequence: 'list files on a stage' },
    { keywords: 'UNDROP', consequence: 'change the schema' },
    { keywords: 'BEGIN', consequence: 'control transactions or run blocks of code' },
    { keywords: 'COMMIT', consequence: 'control transactions' },
    { keywords: 'ROLLBACK', consequence: 'control transactions' },
    { keywords: 'GRANT', consequence: 'change permissions' },
    { keywords: 'REVOKE', consequence: 'change permissions' },
  ],
  // `@stage` reads files on a stage (SELECT $1 FROM @stage), outside the tables a role's SELECT covers.
  refusedTokenSequences: [
    { tokens: ['@'], refusal: 'Reading a stage (@name) is not allowed: stages hold files outside the tables datathread may read. Query a table or view instead.' },
  ],
  recognizedReads: [],
  readOnlyVariants: [],
  quotedTableNamesReadFiles: false,
  limitClauses: ['limit', 'fetch', 'top'],
  displayName: 'Snowflake',
  promptHints: [
    'Snowflake SQL: name tables database.schema.table when outside the default schema; use LIMIT n; read VARIANT fields as col:field::string; unquoted names are upper case.',
  ],
  location: 'server',
  defaultPort: 443,
  supportsEntraId: true,
};
