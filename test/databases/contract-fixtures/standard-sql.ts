// The contract's cases in standard SQL (double-quoted names, CAST, typed literals), as DuckDB,
// PostgreSQL, Trino and most others read them; each fixture overrides what its dialect spells
// differently.
import type { ContractSql } from './contract-fixture.js';

export const STANDARD_CONTRACT_SQL: Omit<ContractSql, 'slow'> = {
  duplicateNames: "SELECT 1 AS id, 'a' AS label, 2 AS id",
  integerLikeNames: `SELECT 'a' AS "b", 'x' AS "2", 'y' AS "1"`,
  typedSelect: "SELECT CAST(7 AS INTEGER) AS n, CAST('x' AS VARCHAR(10)) AS label, CAST(1.5 AS DECIMAL(10,2)) AS price, DATE '2024-02-29' AS day FROM contract_items",
  nulls: 'SELECT CAST(NULL AS INTEGER) AS n, CAST(NULL AS VARCHAR(10)) AS label, CAST(NULL AS DATE) AS day, CAST(NULL AS DECIMAL(10,2)) AS price',
  unicode: `SELECT 'héllo wörld — 日本語 🎉' AS "prix €"`,
  values: `SELECT DATE '2024-02-29' AS day, TIMESTAMP '2024-01-02 03:04:05.123' AS at, TIMESTAMP '2024-01-02 03:04:05' AS whole,
    CAST(12.50 AS DECIMAL(10,2)) AS price, CAST('12345678901234567890.5' AS DECIMAL(30,1)) AS huge`,
  integers: `SELECT CAST(9007199254740993 AS BIGINT) AS big, CAST(42 AS BIGINT) AS small`,
  zonedTimestamp: "SELECT CAST('2024-01-02 03:04:05.123+00' AS TIMESTAMP WITH TIME ZONE) AS at_utc",
  numbers: 'SELECT n FROM contract_numbers ORDER BY n',
  write: "INSERT INTO contract_items VALUES (4, 'four')",
  countItems: 'SELECT count(*) AS n FROM contract_items',
};

/** A read that runs for minutes on DuckDB (and on the local servers that execute on DuckDB). */
export const DUCKDB_SLOW_SQL = 'SELECT count(*) AS n FROM range(100000000000) a';
