// The contract's two tables (see contract-fixture.ts) as each kind of engine creates them.
import { CONTRACT_NUMBER_COUNT } from './contract-fixture.js';

const ITEM_ROWS = "(1, 'one'), (2, 'two'), (3, 'three')";

/** For the engine behind the local servers that execute on DuckDB, inside `schema` when given. */
export function duckdbContractData(schema?: string): string[] {
  const prefix = schema ? `${schema}.` : '';
  return [
    ...(schema ? [`CREATE SCHEMA ${schema}`] : []),
    `CREATE TABLE ${prefix}contract_items (id INTEGER, label VARCHAR)`,
    `INSERT INTO ${prefix}contract_items VALUES ${ITEM_ROWS}`,
    `CREATE TABLE ${prefix}contract_numbers AS SELECT range::INTEGER AS n FROM range(${CONTRACT_NUMBER_COUNT})`,
  ];
}

export const POSTGRES_CONTRACT_DATA = [
  'CREATE TABLE contract_items (id integer, label text)',
  `INSERT INTO contract_items VALUES ${ITEM_ROWS}`,
  `CREATE TABLE contract_numbers AS SELECT g::integer AS n FROM generate_series(0, ${CONTRACT_NUMBER_COUNT - 1}) g`,
];

export const MARIADB_CONTRACT_DATA = [
  'CREATE TABLE contract_items (id INT, label VARCHAR(20))',
  `INSERT INTO contract_items VALUES ${ITEM_ROWS}`,
  `CREATE TABLE contract_numbers AS SELECT CAST(seq AS INT) AS n FROM seq_0_to_${CONTRACT_NUMBER_COUNT - 1}`,
];

export const SQLITE_CONTRACT_DATA = [
  'CREATE TABLE contract_items (id INTEGER, label TEXT)',
  `INSERT INTO contract_items VALUES ${ITEM_ROWS}`,
  'CREATE TABLE contract_numbers (n INTEGER)',
  // SQLite gives an expression no type until it has a value: the typed select reads declared columns.
  'CREATE TABLE contract_typed (id INTEGER, n INTEGER, label TEXT, price REAL, day DATE)',
  "INSERT INTO contract_typed VALUES (1, 7, 'x', 1.5, '2024-02-29')",
  `WITH RECURSIVE counter(n) AS (SELECT 0 UNION ALL SELECT n + 1 FROM counter WHERE n < ${CONTRACT_NUMBER_COUNT - 1}) INSERT INTO contract_numbers SELECT n FROM counter`,
];

export const CLICKHOUSE_CONTRACT_DATA = [
  'CREATE TABLE contract_items (id Int32, label String) ENGINE = MergeTree ORDER BY id',
  `INSERT INTO contract_items VALUES ${ITEM_ROWS}`,
  `CREATE TABLE contract_numbers ENGINE = MergeTree ORDER BY n AS SELECT toInt32(number) AS n FROM numbers(${CONTRACT_NUMBER_COUNT})`,
];
