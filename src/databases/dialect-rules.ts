// Everything the SQL layer needs to know about one dialect, in one value. The tokenizer, the
// statement gate, the refused-function check, the outer-limit detector and the system prompt read
// only this; none of them names a dialect. A dialect is a folder `databases/<dialect>/` holding its
// rules (`<dialect>-rules.ts`, pure data) and its driver adapter, which owns what needs a live
// connection: the read-only session, cancelling, streaming with the row cap, value normalisation
// and schema introspection. Adding a dialect = a new folder + one line in dialects.ts and in
// create-database-adapter.ts.

/** Whitespace every engine and the gate's parser agree on: space, tab, line feed, carriage return. */
export const COMMON_WHITESPACE = ' \t\n\r';

/**
 * How the database splits text into tokens, taken from the engine's documentation (each dialect's
 * rules name the page) and, where an engine runs here, checked against it. A gate that reads text
 * differently from the database is a bypass; where the gate's parser reads text differently from
 * the database, the gate refuses or hands the parser a form both read alike (docs/sql-lexing.md).
 */
export interface LexicalRules {
  /**
   * The ASCII characters the engine skips between tokens. Space, tab, line feed and carriage return
   * are whitespace everywhere; vertical tab and form feed only where listed. Every other space-like
   * character (U+00A0, U+3000, U+FEFF, …) is refused outside strings, quoted names and comments:
   * engines read them as part of a name or as a space, and the parser always as a space.
   */
  whitespace: string;
  /** `#` starts a line comment (MySQL, MariaDB, BigQuery, ClickHouse). */
  hashLineComments: boolean;
  /** `//` starts a line comment (Snowflake). */
  slashLineComments?: boolean;
  /**
   * `--` starts a comment only when followed by an ASCII space or control character (U+0001–U+0020,
   * U+007F) or the end of the text (MySQL, MariaDB: `1--1` is 1 - -1; `--` before U+00A0 is no comment).
   */
  dashCommentNeedsSpace: boolean;
  /**
   * What ends a line comment: a line feed only, or a carriage return too. `unverified` (no engine
   * documentation says): the comment ends at a line feed and a lone carriage return inside one is
   * refused, so the gate never has to guess.
   */
  lineCommentEnd: 'line-feed' | 'line-feed-or-carriage-return' | 'unverified';
  /** A backslash right before the line feed continues a `--` comment on the next line (Spark). */
  lineCommentBackslashContinues?: boolean;
  /** Block comments nest (a comment opened inside a comment needs its own close), as in PostgreSQL and DuckDB. */
  nestedBlockComments: boolean;
  /** `/*! … *\/` and `/*M! … *\/` run their content (MySQL, MariaDB). */
  executableComments: boolean;
  /** Backslash escapes the next character inside every '…' and "…" string (MySQL family). */
  backslashEscapesInStrings: boolean;
  /**
   * Backslash escapes the next character inside quoted names too (ClickHouse: `a\`b` is one name).
   * The parser does not read them so; the gate refuses quoted names holding a backslash.
   */
  backslashEscapesInIdentifiers?: boolean;
  /** `E'…'` strings with backslash escapes (PostgreSQL family, DuckDB). */
  escapeStringPrefix: boolean;
  /** The parser reads backslashes in `E'…'` differently from the database: refuse such strings. */
  parserMisreadsEscapeStrings: boolean;
  /**
   * The parser reads a backslash in '…' and "…" as a plain character where the database escapes
   * with it (Databricks): such strings reach the parser re-quoted (src/sql/requoted-strings.ts).
   */
  parserMisreadsBackslashEscapes?: boolean;
  /**
   * `r'…'` and `R"…"` raw strings, in which a backslash is a plain character and the string ends at
   * the next quote of its kind (Spark, Databricks). The parser reads the `r` as a name, so it is
   * handed the string without its prefix.
   */
  rawStrings?: boolean;
  /** `'''…'''` and `"""…"""` strings, which may hold single quotes and line breaks (BigQuery). */
  tripleQuotedStrings?: boolean;
  /**
   * Dollar-quoted strings: none, `$$…$$` only (Snowflake, StarRocks), or `$tag$…$tag$` as well
   * (PostgreSQL, DuckDB). Where the engine has no tags, a `$tag$` the parser would read as a string
   * is refused. `heredoc` (ClickHouse): the tag is whatever lies between the first two `$` (`$1$`,
   * `$ x $`), and it is a string only when the same delimiter closes it later; otherwise `$x` is
   * part of a name. A tag other than a name is refused (the parser reads only `$name$` tags).
   */
  dollarQuotedStrings: 'none' | 'untagged' | 'tagged' | 'heredoc';
  /**
   * The parser reads a letter before a string (`b'…'`, `x'…'`, `n'…'`, `e'…'`) as a name and the
   * string as its alias, where the engine reads one literal (DuckDB): the parser gets the string
   * without the letter.
   */
  parserMisreadsLetterPrefixedStrings?: boolean;
  /** The parser reads `$$…$$` differently from the database (StarRocks, read by the MySQL parser): refuse them. */
  parserMisreadsDollarQuotes?: boolean;
  /** Characters that open a quoted identifier: '"', '`', '['. */
  identifierQuotes: readonly string[];
  /** `]]` inside a [bracketed] name is one `]` (SQL Server); elsewhere the first `]` ends it (SQLite). */
  bracketIdentifierDoubledClose?: boolean;
  /** Characters that open a string literal: "'" and, in MySQL, '"'. */
  stringQuotes: readonly string[];
  /**
   * A doubled quote ends one string (or name) and starts the next instead of standing for one quote
   * (BigQuery: `'a''b'` is two literals, and `'''` opens a triple-quoted string).
   */
  doubledQuotesAreTwoLiterals?: boolean;
}

/** A function a read-only query must not call. Matching is on the unqualified name, lower case. */
export interface FunctionRule {
  names?: readonly string[];
  prefixes?: readonly string[];
  /** Completes "Function X is not allowed: …". */
  reason: string;
  /** Allowed when the database is configured with file access (DuckDB `allow_file_access`). */
  allowedWithFileAccess?: boolean;
}

/** A statement refused by its first keyword(s), whether or not the parser reads it. */
export interface RefusedStatement {
  /** One or two upper-case keywords, space-separated: `HANDLER`, `INSERT OVERWRITE`. */
  keywords: string;
  /** Completes "Only read-only queries are allowed: <keywords> statements …". */
  consequence: string;
}

/**
 * A run of consecutive words or punctuation refused wherever it appears outside strings, quoted
 * names and comments, for constructs that change state from inside an otherwise plain SELECT.
 */
export interface RefusedTokenSequence {
  /** Upper-case words or single punctuation characters, in order: ['NEXT', 'VALUE', 'FOR'], [':', '=']. */
  tokens: readonly string[];
  /** The whole refusal sentence shown to the model: what was found, why it is refused, what to do. */
  refusal: string;
}

/**
 * Words refused wherever they stand as a word or a quoted name outside strings and comments, for
 * hints the parser reads in more than one shape (SQL Server's `WITH (UPDLOCK)` and `t (UPDLOCK)`).
 */
export interface RefusedWordRule {
  /** Upper-case words: UPDLOCK, HOLDLOCK. */
  words: readonly string[];
  /** Names the kind of thing refused: "Table hint" -> "Table hint UPDLOCK is not allowed: …". */
  label: string;
  /** Completes "<label> <WORD> is not allowed: …"; says why and what to do. */
  reason: string;
}

/**
 * Read syntax the parser cannot read, each named by the construct (src/sql/parser-rewrites.ts says
 * what each one matches). Every one only changes how a read is planned, precise or written, never
 * what it touches: the gate hands the parser the statement without it (or in the form the parser
 * reads), after every check on the statement's own tokens has run.
 */
export type ParserRewrite =
  /** `GLOBAL IN`, `GLOBAL JOIN`, `LEFT ANY JOIN`, `ASOF LEFT JOIN`, `LEFT SEMI JOIN` (ClickHouse). */
  | 'join-modifier-words'
  /** `INNER HASH JOIN`, `LEFT MERGE JOIN`, `LOOP`, `REMOTE` (SQL Server). */
  | 'join-algorithm-hints'
  /** A trailing `OPTION (MAXDOP 1, RECOMPILE, …)` of known query hints (SQL Server). */
  | 'query-hint-option'
  /** `GROUP BY … WITH ROLLUP` (MySQL). */
  | 'with-rollup'
  /** `APPROXIMATE COUNT(DISTINCT …)`, `APPROXIMATE PERCENTILE_DISC(…)` (Redshift). */
  | 'approximate-aggregates'
  /** `map{k: v, …}` literals (StarRocks), read as `map(k, v, …)`. */
  | 'brace-map-literals'
  /** `FOR TIMESTAMP AS OF …` / `FOR VERSION AS OF …` with a literal point in time (Trino, Athena). */
  | 'table-version-clauses'
  /** `CAST(x AS ARRAY(VARCHAR))`, `MAP(K, V)`, `ROW(a T, …)` types (Trino, Athena). */
  | 'parenthesised-type-parameters';

export type ParserDialect = 'duckdb' | 'postgresql' | 'sqlite' | 'mysql' | 'redshift' | 'clickhouse' | 'generic' | 'ansi' | 'mssql' | 'bigquery' | 'databricks' | 'snowflake';

/** The config fields a dialect may require (the names of `databases:` entries in the config). */
export interface DialectConfigFields {
  project_id: string;
  s3_staging_dir: string;
  region_name: string;
  server_hostname: string;
  http_path: string;
}

export interface DialectRules {
  /** The dialect name as the parser (@guanmingchiu/sqlparser-ts) knows it. */
  parserDialect: ParserDialect;
  lexical: LexicalRules;
  /** Functions refused on this dialect on top of the ones refused everywhere. */
  refusedFunctions: readonly FunctionRule[];
  /**
   * Table functions a query may read from (as the database spells them; matched regardless of case), where a dialect's table functions can reach
   * files, URLs or other servers (ClickHouse). With a list, every table function not on it is
   * refused in FROM and JOIN, whatever its name; without one, only refusedFunctions apply.
   */
  allowedTableFunctions?: readonly string[];
  /** Statements refused by their leading keywords on top of the ones refused everywhere. */
  refusedStatements: readonly RefusedStatement[];
  /**
   * Names (lower case) a query's own `SETTINGS name = literal, …` clause may set (ClickHouse). A
   * setting not listed, or set to anything but a literal, is refused; no list refuses every clause.
   * With a list, the dialect has such clauses on every SELECT at any depth: the gate reads them on
   * tokens before parsing (src/sql/query-settings-clauses.ts).
   */
  allowedQuerySettings?: readonly string[];
  /** Token runs refused anywhere in a statement (MariaDB's `NEXT VALUE FOR`, `@v := …`). */
  refusedTokenSequences?: readonly RefusedTokenSequence[];
  /** Read syntax the parser cannot read, handed to it rewritten (see ParserRewrite). */
  parserRewrites?: readonly ParserRewrite[];
  /** Single words refused anywhere in a statement, quoted or not (SQL Server's locking table hints). */
  refusedWords?: readonly RefusedWordRule[];
  /**
   * Statements the parser cannot read but that are plain reads in this dialect, as patterns over
   * the statement's tokens joined by single spaces (`TABLE users`, `PRAGMA table_info ( users )`).
   * Keep them narrow: a match is allowed without any further check.
   */
  recognizedReads: readonly RegExp[];
  /** Parser statement variants that only read in this dialect, beyond the ones every dialect allows. */
  readOnlyVariants: readonly string[];
  /** A quoted table name is a file the engine reads (`FROM 'sales.csv'`, DuckDB). */
  quotedTableNamesReadFiles: boolean;
  /** Row-limit clauses the outermost query may use. */
  limitClauses: readonly ('limit' | 'top' | 'fetch')[];
  /** The name people know the database by, shown in the system prompt. */
  displayName: string;
  /** Short lines for the system prompt about writing SQL for this database. */
  promptHints: readonly string[];
  /**
   * Where the data lives: a file (`path:` required), a server (`host:` required) or a cloud
   * service reached through its own endpoint (`host:` only overrides that endpoint).
   */
  location: 'file' | 'server' | 'cloud';
  /** Config fields this dialect cannot work without, beyond what `location` asks for. */
  requiredFields?: readonly (keyof DialectConfigFields)[];
  /** Port used when the config gives none. */
  defaultPort?: number;
  /** `auth_mode: azure_entra_id` works: the asker's Entra token is the password. */
  supportsEntraId: boolean;
}
