// The embedded default: one SQLite file (or memory) per process. WAL lets readers run while a
// writer commits; busy_timeout makes a second process on the same file wait instead of failing;
// BEGIN IMMEDIATE takes the write lock up front so two transactions never deadlock upgrading.
import { mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import sqlite3 from 'sqlite3';
import { applyMigrations } from './apply-migrations.js';
import { SerialQueue } from './serial-queue.js';
import { SqlStore } from './sql-store.js';
import { CHECKPOINT_DELAY_MS, SqliteWalCheckpointer } from './sqlite-wal-checkpointer.js';
import type { StoreDatabase, StoreParameter, StoreQueryRunner, StoreRow } from './store-database.js';

export const SQLITE_MEMORY_FILENAME = ':memory:';

/** How long a statement waits for another process's write lock before failing with SQLITE_BUSY. */
const SQLITE_BUSY_TIMEOUT_MS = 5_000;

/**
 * The automatic checkpoint as a backstop only (pages of 4 KiB: about 40 MB of log); the
 * checkpointer copies the log back long before, off the write path (sqlite-wal-checkpointer.ts).
 */
const BACKSTOP_AUTOCHECKPOINT_PAGES = 10_000;

/** The shared SQL uses PostgreSQL's `$1`; SQLite's numbered form is `?1` (same meaning, reusable). */
function toSqliteParameters(sql: string): string {
  return sql.replace(/\$(\d+)/g, '?$1');
}

class SqliteConnectionRunner implements StoreQueryRunner {
  constructor(private readonly connection: sqlite3.Database) {}

  query(sql: string, parameters: StoreParameter[] = []): Promise<StoreRow[]> {
    return new Promise((resolve, reject) => {
      this.connection.all(toSqliteParameters(sql), parameters, (error: Error | null, rows: StoreRow[]) =>
        error ? reject(error) : resolve(rows),
      );
    });
  }

  execute(sql: string, parameters: StoreParameter[] = []): Promise<number> {
    return new Promise((resolve, reject) => {
      this.connection.run(toSqliteParameters(sql), parameters, function (this: sqlite3.RunResult, error: Error | null) {
        return error ? reject(error) : resolve(this.changes);
      });
    });
  }

  executeScript(sql: string): Promise<void> {
    return new Promise((resolve, reject) => {
      this.connection.exec(sql, (error: Error | null) => (error ? reject(error) : resolve()));
    });
  }
}

class SqliteStoreDatabase implements StoreDatabase {
  readonly dialect = 'sqlite' as const;
  private readonly queue = new SerialQueue();
  private readonly runner: SqliteConnectionRunner;

  /** `checkpointer` is absent for an in-memory store, which has no write-ahead log. */
  constructor(
    private readonly connection: sqlite3.Database,
    private readonly checkpointer?: SqliteWalCheckpointer,
  ) {
    this.runner = new SqliteConnectionRunner(connection);
  }

  query(sql: string, parameters?: StoreParameter[]): Promise<StoreRow[]> {
    return this.queue.run(() => this.runner.query(sql, parameters));
  }

  execute(sql: string, parameters?: StoreParameter[]): Promise<number> {
    return this.afterWrite(this.queue.run(() => this.runner.execute(sql, parameters)));
  }

  executeScript(sql: string): Promise<void> {
    return this.afterWrite(this.queue.run(() => this.runner.executeScript(sql)));
  }

  transaction<T>(work: (runner: StoreQueryRunner) => Promise<T>): Promise<T> {
    return this.afterWrite(this.transactionOnQueue(work));
  }

  private afterWrite<T>(write: Promise<T>): Promise<T> {
    return write.finally(() => this.checkpointer?.wrote());
  }

  private transactionOnQueue<T>(work: (runner: StoreQueryRunner) => Promise<T>): Promise<T> {
    return this.queue.run(async () => {
      await this.runner.executeScript('BEGIN IMMEDIATE');
      try {
        const result = await work(this.runner);
        await this.runner.executeScript('COMMIT');
        return result;
      } catch (error) {
        // A failed COMMIT or statement may already have ended the transaction; nothing to undo then.
        await this.runner.executeScript('ROLLBACK').catch(() => undefined);
        throw error;
      }
    });
  }

  async holdTransactionLock(): Promise<void> {
    // Nothing to do: BEGIN IMMEDIATE already holds the database-wide write lock.
  }

  isUniqueViolation(error: unknown): boolean {
    if (!(error instanceof Error) || (error as { code?: unknown }).code !== 'SQLITE_CONSTRAINT') {
      return false;
    }
    return /UNIQUE constraint failed|PRIMARY KEY constraint failed/.test(error.message);
  }

  async migrate(): Promise<void> {
    await this.transaction((runner) => applyMigrations(runner, 'sqlite'));
  }

  async close(): Promise<void> {
    await this.checkpointer?.close();
    return this.queue.run(
      () =>
        new Promise<void>((resolve, reject) => {
          this.connection.close((error: Error | null) => (error ? reject(error) : resolve()));
        }),
    );
  }
}

function openConnection(filename: string): Promise<sqlite3.Database> {
  return new Promise((resolve, reject) => {
    const connection = new sqlite3.Database(filename, (error: Error | null) =>
      error ? reject(error) : resolve(connection),
    );
  });
}

const JOURNAL_MODE_ATTEMPTS = 50;
const JOURNAL_MODE_RETRY_MS = 100;

/**
 * Switching a new file to WAL needs a moment of exclusive access, and SQLite answers SQLITE_BUSY
 * at once (without the busy timeout) when another process opens the same file at that moment,
 * e.g. two replicas starting together. Retry for a few seconds instead of failing the start.
 */
async function switchToWriteAheadLog(runner: SqliteConnectionRunner): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await runner.query('PRAGMA journal_mode = WAL');
      return;
    } catch (error) {
      const busy = (error as { code?: string }).code === 'SQLITE_BUSY';
      if (!busy || attempt >= JOURNAL_MODE_ATTEMPTS) throw error;
      await new Promise((resolve) => setTimeout(resolve, JOURNAL_MODE_RETRY_MS));
    }
  }
}

/**
 * Opens (creating when missing) a SQLite store. `filename` is a path or `:memory:`. Does not migrate.
 * `checkpointDelayMs`: how soon after a write the write-ahead log is copied back (tests set it).
 */
export async function openSqliteStore(filename: string, options: { checkpointDelayMs?: number } = {}): Promise<SqlStore> {
  if (filename !== SQLITE_MEMORY_FILENAME) {
    await mkdir(dirname(filename), { recursive: true });
  }
  const connection = await openConnection(filename);
  const runner = new SqliteConnectionRunner(connection);
  try {
    await runner.executeScript(`PRAGMA busy_timeout = ${SQLITE_BUSY_TIMEOUT_MS}`);
    await switchToWriteAheadLog(runner);
    // NORMAL is durable across application crashes in WAL mode and avoids an fsync per commit.
    await runner.executeScript('PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = ON');
    if (filename === SQLITE_MEMORY_FILENAME) return new SqlStore(new SqliteStoreDatabase(connection));
    await runner.executeScript(`PRAGMA wal_autocheckpoint = ${BACKSTOP_AUTOCHECKPOINT_PAGES}`);
    return new SqlStore(new SqliteStoreDatabase(connection, await SqliteWalCheckpointer.open(filename, SQLITE_BUSY_TIMEOUT_MS, options.checkpointDelayMs ?? CHECKPOINT_DELAY_MS)));
  } catch (error) {
    connection.close();
    throw error;
  }
}
