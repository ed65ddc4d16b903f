// Copies the SQLite store's write-ahead log back into the database file on a second connection, a
// moment after writes, instead of inside whichever commit crosses SQLite's 1,000-page mark. That
// commit would otherwise pay for the whole copy and its fsync: with 10,000-row results (~0.5 MB
// each) every ninth result write waited several milliseconds (a 458 KiB insert: median 0.8 ms,
// mean 4.0 ms with the automatic checkpoint). A PASSIVE checkpoint never waits for, nor blocks,
// the store's own reads and writes; the next commit after a complete one starts the log again.
// The store's connection keeps an automatic checkpoint at a far larger size as a backstop, so the
// log stays bounded even if these checkpoints fail (a failed one is simply tried after the next write).
import sqlite3 from 'sqlite3';

/** How soon after a write the log is copied back. */
export const CHECKPOINT_DELAY_MS = 1_000;

export class SqliteWalCheckpointer {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private closed = false;

  private constructor(
    private readonly connection: sqlite3.Database,
    private readonly delayMs: number,
  ) {}

  static open(filename: string, busyTimeoutMs: number, delayMs = CHECKPOINT_DELAY_MS): Promise<SqliteWalCheckpointer> {
    return new Promise((resolve, reject) => {
      const connection = new sqlite3.Database(filename, (error: Error | null) => {
        if (error) return reject(error);
        connection.configure('busyTimeout', busyTimeoutMs);
        resolve(new SqliteWalCheckpointer(connection, delayMs));
      });
    });
  }

  /** Called after each write: schedules one checkpoint (later writes join it). */
  wrote(): void {
    if (this.closed || this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.running = this.checkpoint().finally(() => {
        this.running = undefined;
      });
    }, this.delayMs);
    this.timer.unref();
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.timer);
    this.timer = undefined;
    await this.running;
    await new Promise<void>((resolve) => this.connection.close(() => resolve()));
  }

  private checkpoint(): Promise<void> {
    return new Promise((resolve) => {
      // An error (e.g. SQLITE_BUSY from another process's checkpoint) loses nothing: the log is
      // copied by the next checkpoint, or by the backstop.
      this.connection.all('PRAGMA wal_checkpoint(PASSIVE)', () => resolve());
    });
  }
}
