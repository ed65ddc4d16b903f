import { describe, expect, it } from 'vitest';
import type { DialectRules } from '../../src/databases/dialect-rules.js';
import { postgresRules } from '../../src/databases/postgres/postgres-rules.js';
import { detectOuterLimit } from '../../src/sql/outer-limit.js';

/** PostgreSQL's lexing with every limit clause a dialect may use (TOP belongs to SQL Server's family). */
const EVERY_LIMIT_CLAUSE: DialectRules = { ...postgresRules, limitClauses: ['limit', 'top', 'fetch'] };

describe('detectOuterLimit', () => {
  const cases: Array<[string, number | null]> = [
    // required
    ['SELECT * FROM games LIMIT 40, 20', 20],
    ['SELECT * FROM games LIMIT 20 OFFSET 40', 20],
    ['SELECT TOP (20) * FROM games', 20],
    ['SELECT TOP 20 * FROM games', 20],
    ['SELECT TOP 10 PERCENT * FROM games', null],
    ['SELECT TOP (10) PERCENT * FROM games', null],
    ['SELECT * FROM games FETCH FIRST 20 ROWS ONLY', 20],
    ['SELECT * FROM games FETCH NEXT 20 ROWS ONLY', 20],
    ['SELECT * FROM games FETCH FIRST 1 ROW ONLY', 1],
    ['SELECT * FROM games OFFSET 5 ROWS FETCH NEXT 20 ROW ONLY', 20],
    ['SELECT * FROM games FETCH FIRST ROW ONLY', 1],
    ['SELECT count(*) FROM (SELECT id FROM games LIMIT 20) sub', null],
    ['SELECT * FROM (SELECT id FROM games LIMIT 100) sub LIMIT 20', 20],
    ["SELECT * FROM games WHERE note = 'LIMIT 5'", null],
    ['SELECT * FROM games LIMIT ALL', null],
    ['SELECT * FROM games LIMIT 20;', 20],
    ['SELECT * FROM games LIMIT 20;  \n', 20],
    ['WITH recent AS (SELECT * FROM games ORDER BY played_at DESC LIMIT 20) SELECT * FROM recent', null],
    ['WITH recent AS (SELECT * FROM games LIMIT 100) SELECT * FROM recent LIMIT 20', 20],
    // no limit at all
    ['SELECT * FROM games', null],
    ['', null],
    // case, layout and literals
    ['select * from games limit 7', 7],
    ['SELECT *\nFROM games\nORDER BY score DESC\nLIMIT\n  15\n', 15],
    ['SELECT * FROM games LIMIT (25)', 25],
    ['SELECT DISTINCT TOP 5 name FROM games', 5],
    // strings, identifiers and comments never count
    ['SELECT * FROM games -- LIMIT 5', null],
    ['SELECT * FROM games /* LIMIT 5 */', null],
    ['SELECT * FROM games /* nested /* LIMIT 5 */ still comment LIMIT 6 */', null],
    ["SELECT * FROM games WHERE note = 'it''s LIMIT 5'", null],
    ["SELECT * FROM games WHERE note = E'it\\'s LIMIT 5'", null],
    ['SELECT "LIMIT 5" FROM games', null],
    ['SELECT $$ LIMIT 5 $$ FROM games', null],
    ['SELECT $tag$ LIMIT 5 $$ LIMIT 6 $tag$ FROM games', null],
    ["SELECT * FROM games WHERE note = 'x' LIMIT 3", 3],
    // only the outermost query, of the last statement
    ['SELECT * FROM games WHERE id IN (SELECT id FROM games LIMIT 5)', null],
    ['(SELECT id FROM a LIMIT 5) UNION ALL (SELECT id FROM b LIMIT 6)', null],
    ['SELECT id FROM a UNION ALL SELECT id FROM b LIMIT 9', 9],
    ['SELECT * FROM games LIMIT 5; SELECT * FROM players', null],
    ['SELECT * FROM games; SELECT * FROM players LIMIT 4', 4],
    // limits that are not a plain row count
    ['SELECT * FROM games LIMIT 10%', null],
    ['SELECT * FROM games LIMIT 5 + 5', null],
    ['SELECT * FROM games LIMIT $1', null],
    ['SELECT * FROM games FETCH FIRST 10 PERCENT ROWS ONLY', null],
    // TOP as a column name is not a limit
    ['SELECT top FROM games', null],
    ['SELECT a, top FROM games LIMIT 2', 2],
  ];

  for (const [sql, expected] of cases) {
    it(`${JSON.stringify(sql)} -> ${expected}`, () => {
      expect(detectOuterLimit(sql, EVERY_LIMIT_CLAUSE)).toBe(expected);
    });
  }
});
