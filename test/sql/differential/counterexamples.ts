// Statements the differential fuzzer found the gate reading differently from an engine, kept as
// regression cases: each must now read the same on the gate and the engine. `found` names the
// difference; the markers (mk_NN) are read back from the statement.
export type DifferentialEngine = 'PostgreSQL' | 'MariaDB' | 'DuckDB' | 'SQLite' | 'ClickHouse';

export interface Counterexample {
  sql: string;
  found: string;
}

export const COUNTEREXAMPLES: Record<DifferentialEngine, readonly Counterexample[]> = {
  PostgreSQL: [
    // The gate reads it as the engine does (line comments end at a carriage return; U+00A0 is part of a name).
    { sql: "SELECT 0 AS c0, 5 AS c ,1 /**/ AS --\rmk_01 -- '\n, /**/ '' ", found: '-- ends at a carriage return: the gate read the next line as a comment' },
    { sql: 'SELECT 0 AS c0 ,2 AS \u00A0mk_01 ', found: 'U+00A0 is part of a name: the gate read it as a space' },
  ],
  MariaDB: [
    // The gate reads it as the engine does (`--` is a comment only before an ASCII space or control character).
    { sql: 'SELECT 0 AS c0, 5 --\u00A0 ,2 AS mk_01\n', found: '--<U+00A0> is no comment: the gate read one' },
    { sql: 'SELECT 0 AS c0 /*!99999 ` */ , 7 AS mk_01 -- `*/\n', found: 'a skipped /*!99999 comment ends at the first */: the gate read a backtick name past it' },
    {
      sql: 'SELECT 0 AS c0 /*!99999` ,4 /**/ AS mk_01-- [--*/  ; SELECT 9 AS mk_02 --\r',
      found: 'a skipped /*!99999 comment may hold one /* */ and then ends at the next */, quotes or not',
    },
  ],
  DuckDB: [
    { sql: "SELECT 0 AS c0, b' ,3 AS /**b c*/ mk_01 -- '\r ", found: "b'…' is one literal: the gate's parser read the name b and an alias" },
    { sql: "SELECT 0 AS c0, -- \nE' -- /*! \n,1 AS --x_y mk_01' ", found: "E'…' is one literal: the gate's parser read the name E and an alias" },
    // The gate reads it as the engine does (line comments end at a carriage return).
    { sql: 'SELECT 0 AS c0, 5 -- \r ,7 AS mk_01\n', found: '-- ends at a carriage return: the gate read the next line as a comment' },
  ],
  SQLite: [
    // The gate reads it as the engine does (U+00A0 is part of a name).
    { sql: 'SELECT 0 AS c0 ,2 AS mk_01\u00A0 ', found: 'U+00A0 is part of a name: the gate read it as a space' },
  ],
  ClickHouse: [
    { sql: 'SELECT 0 AS c0, 5 // ; SELECT 9 AS mk_02 -- \r\n /**/ ', found: '// starts a line comment: the gate read a second statement' },
    { sql: 'SELECT 0 AS c0, $1$ ; SELECT 9 AS mk_02 -- $1$\n ', found: 'a heredoc tag may be any text ($1$): the gate read a second statement' },
    { sql: 'SELECT 0 AS `$a$`, $a$ ,5 AS mk_01 ', found: 'an unclosed $a$ is a name, not a heredoc: the gate read the rest as a string' },
  ],
};
