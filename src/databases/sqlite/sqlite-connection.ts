// Promise wrappers around the callback API of the `sqlite3` package, just the calls the adapter
// uses. Each query opens its own connection: opening a local file is cheap, and it keeps
// db.interrupt() (which stops everything on a connection) aimed at one query only.
//
// Why this package, although it compiles from source where its prebuilt binary cannot be fetched:
// it steps every row on the thread pool, so a long scan never blocks the event loop and
// db.interrupt() stops any step at the deadline, and it opens files with OPEN_READONLY and sets
// SQLite limits (no ATTACH). libsql 0.5 (binaries in npm packages) steps all rows after the first
// on the main thread, has no read-only flag or limits (ATTACH creates a new file), and its
// statement interrupt waits for the running step; node:sqlite runs on the main thread and needs
// Node 22.5+; node-sqlite3-wasm runs on the main thread with no interrupt.
import sqlite3 from 'sqlite3';

export function openSqlite(path: string, mode: number): Promise<sqlite3.Database> {
  return new Promise((resolve, reject) => {
    const database = new sqlite3.Database(path, mode, (error) => (error ? reject(error) : resolve(database)));
  });
}

export function execSqlite(database: sqlite3.Database, sql: string): Promise<void> {
  return new Promise((resolve, reject) => database.exec(sql, (error) => (error ? reject(error) : resolve())));
}

/** Runs one statement (only the first statement of the text is compiled). */
export function runSqlite(database: sqlite3.Database, sql: string): Promise<void> {
  return new Promise((resolve, reject) => database.run(sql, (error: Error | null) => (error ? reject(error) : resolve())));
}

export function allSqlite<Row>(database: sqlite3.Database, sql: string): Promise<Row[]> {
  return new Promise((resolve, reject) => database.all<Row>(sql, (error, rows) => (error ? reject(error) : resolve(rows))));
}

export function prepareSqlite(database: sqlite3.Database, sql: string): Promise<sqlite3.Statement> {
  return new Promise((resolve, reject) => {
    const statement = database.prepare(sql, (error) => (error ? reject(error) : resolve(statement)));
  });
}

/**
 * Reads rows with `Statement.each`, which steps in the worker thread and hands rows over in
 * batches (stepping with `get()` costs a thread-pool round trip per row: ~10x slower). After
 * `rowCap + 1` rows the connection is interrupted, so a huge result is never produced in full.
 */
export function readSqliteRows(
  database: sqlite3.Database,
  statement: sqlite3.Statement,
  rowCap: number,
): Promise<{ rows: Record<string, unknown>[]; truncated: boolean }> {
  return new Promise((resolve, reject) => {
    const rows: Record<string, unknown>[] = [];
    let truncated = false;
    let settled = false;
    const fail = (error: Error) => {
      if (settled) return;
      settled = true;
      reject(error);
    };
    statement.each<Record<string, unknown>>(
      (error, row) => {
        // node-sqlite3 reports a failing step to the row callback, not to the completion one.
        if (error) {
          const interruptedByUs = truncated && (error as { code?: string }).code === 'SQLITE_INTERRUPT';
          if (!interruptedByUs) fail(error);
          return;
        }
        if (truncated) return;
        if (rows.length === rowCap) {
          truncated = true;
          database.interrupt();
          return;
        }
        rows.push(row);
      },
      (error) => {
        const interruptedByUs = truncated && (error as { code?: string } | null)?.code === 'SQLITE_INTERRUPT';
        if (error && !interruptedByUs) return fail(error);
        // The completion callback can run before the step's error is reported (both are queued
        // from the worker); a reset is queued behind that report, so once it calls back, any
        // error has reached the row callback.
        statement.reset(() => {
          if (settled) return;
          settled = true;
          resolve({ rows, truncated });
        });
      },
    );
  });
}

export function finalizeSqlite(statement: sqlite3.Statement): Promise<void> {
  return new Promise((resolve) => statement.finalize(() => resolve()));
}

export function closeSqlite(database: sqlite3.Database): Promise<void> {
  return new Promise((resolve) => database.close(() => resolve()));
}
