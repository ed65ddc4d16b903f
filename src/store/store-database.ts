// The small surface SqlStore needs from a database driver. Both dialects speak the same SQL
// (numbered `$1` parameters, ON CONFLICT upserts, RETURNING), so the store logic is written once
// and the two implementations cannot drift apart.

export type StoreDialect = 'sqlite' | 'postgres';

export type StoreParameter = string | number | boolean | null | Buffer;

export type StoreRow = Record<string, unknown>;

export interface StoreQueryRunner {
  /** Runs one statement and returns its rows (including RETURNING rows). */
  query(sql: string, parameters?: StoreParameter[]): Promise<StoreRow[]>;
  /** Runs one statement and returns how many rows it changed. */
  execute(sql: string, parameters?: StoreParameter[]): Promise<number>;
  /** Runs several parameterless statements separated by semicolons (migrations). */
  executeScript(sql: string): Promise<void>;
}

export interface StoreDatabase extends StoreQueryRunner {
  readonly dialect: StoreDialect;
  /**
   * Runs `work` inside one transaction that also keeps out other writers to the same rows.
   * Commits when `work` resolves, rolls back when it throws. Do not nest.
   */
  transaction<T>(work: (runner: StoreQueryRunner) => Promise<T>): Promise<T>;
  /**
   * Inside `transaction`, waits until no other transaction (in any process) holds `key`, then
   * holds it until this transaction ends. Cuts retries where many writers target one row range.
   */
  holdTransactionLock(runner: StoreQueryRunner, key: string): Promise<void>;
  /**
   * Calls `onNotify` whenever another connection (any process) runs `notify(channel)`, and once
   * after each (re)connection so nothing sent while disconnected is missed. Returns the stop
   * function. Absent where one process owns the database (SQLite): the queue wakes itself there.
   */
  listen?(channel: string, onNotify: () => void): Promise<() => Promise<void>>;
  /** Inside `transaction`: sends `channel` to every listener when the transaction commits. */
  notify?(runner: StoreQueryRunner, channel: string): Promise<void>;
  /** True for a primary-key or unique-constraint violation. */
  isUniqueViolation(error: unknown): boolean;
  /** Applies the missing schema migrations. */
  migrate(): Promise<void>;
  close(): Promise<void>;
}
