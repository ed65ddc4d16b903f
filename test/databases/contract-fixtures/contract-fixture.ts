// What each dialect hands the adapter contract suite (adapter-contract.test.ts): how to start its
// engine or local server with the contract's two tables, and how the dialect spells each case.
// The suite asserts the same results for every dialect; a fixture may only describe SQL, never
// relax an expectation.
import type { DatabaseConfig } from '../../../src/databases/database-config.js';
import type { Dialect } from '../../../src/databases/dialects.js';
import type { DatabaseAdapter } from '../../../src/databases/types.js';

/**
 * The data every fixture creates before its adapter opens:
 * - contract_items (id integer, label text): ids 1, 2, 3 labelled 'one', 'two', 'three';
 * - contract_numbers (n integer): 0 … CONTRACT_NUMBER_COUNT - 1.
 */
export const CONTRACT_NUMBER_COUNT = 2500;

export interface ContractTarget {
  adapter: DatabaseAdapter;
  /** Closes the adapter and stops the engine or server it was opened on. */
  close(): Promise<void>;
}

export interface ContractSql {
  /** Columns id, label, id holding 1, 'a', 2. */
  duplicateNames: string;
  /** Columns named b, 2, 1 (in that order) holding 'a', 'x', 'y'. */
  integerLikeNames: string;
  /**
   * Columns n (integer 7), label (text 'x'), price (decimal(10,2) 1.5), day (date 2024-02-29)
   * selected FROM contract_items, without a WHERE clause: the suite adds one that keeps no row or
   * one row.
   */
  typedSelect: string;
  /** Columns n, label, day, price: each a typed NULL. */
  nulls: string;
  /** A column named `prix €` holding the text 'héllo wörld — 日本語 🎉'. */
  unicode: string;
  /**
   * Columns day (date 2024-02-29), at (timestamp without time zone 2024-01-02 03:04:05.123),
   * whole (the same kind of timestamp at 2024-01-02 03:04:05), price (decimal(10,2) 12.50),
   * huge (decimal(30,1) 12345678901234567890.5).
   */
  values: string;
  /** Columns big (64-bit integer 9007199254740993) and small (64-bit integer 42). */
  integers: string;
  /**
   * Column at_utc: the instant 2024-01-02 03:04:05.123 UTC in the dialect's zoned timestamp type.
   * Absent where the dialect has no such type.
   */
  zonedTimestamp?: string;
  /** Every n of contract_numbers, ascending. */
  numbers: string;
  /** A read that runs for minutes unless stopped. */
  slow: string;
  /** A write into contract_items (adds the row 4, 'four'). */
  write: string;
  /** The number of rows in contract_items, as column n. */
  countItems: string;
}

/** Where a connection hangs: a loopback TCP server that accepts and never answers, and a FIFO no one writes. */
export interface HangingTarget {
  host: string;
  port: number;
  /** For the in-process engines (a file that blocks on open, as one on a hung network mount does). */
  path: string;
}

export interface ContractFixture {
  dialect: Dialect;
  /** A `databases:` entry of this dialect pointed at the hanging target, with what else it needs to try to connect (credentials, paths). */
  hangingConfig(target: HangingTarget): DatabaseConfig;
  /** False when the engine is not installed or reachable here (the helper prints how to get it). */
  available(): Promise<boolean>;
  open(): Promise<ContractTarget>;
  sql: ContractSql;
  /**
   * Where the dialect's values cannot follow the common rule (SQLite keeps timestamps as the text
   * it stored), the value it returns instead, by column name of ContractSql.values, with the reason.
   */
  valueExceptions?: Partial<Record<ContractValueColumn, { value: string | number | null; reason: string }>>;
  /**
   * Where two columns of one name holding different values cannot come through this dialect, the
   * query error that says so (instead of a result with a value missing), and the reason.
   */
  duplicateNamesRefused?: { message: RegExp; reason: string };
  /**
   * Where a 64-bit integer past 2^53 cannot reach the adapter whole, the query error that says so
   * (instead of a wrong or missing value), and the reason.
   */
  bigIntegerRefused?: { message: RegExp; reason: string };
}

export type ContractValueColumn = 'day' | 'at' | 'whole' | 'price' | 'huge';
