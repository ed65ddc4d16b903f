// Promise wrappers around the callback API of the `sqlite3` package, just the calls the adapter
// uses. Each query opens its own connection: opening a local file is cheap, and it keeps
// db.interrupt() (which stops everything on a connection) aimed at one query only.
import sqlite3 from 'sqlite3';

export function openSqlite(path: string, mode: number): Promise<sqlite3.Database> {
  return new Promise((resolve, reject) => {
    const database = new sqlite3.Database(path, mode, (error) => (error ? reject(error) : resolve(database)));
  });
}

export function execSqlite(database: sqlite3.Database, sql: string): Promise<void> {
  return new Promise((resolve, reject) => database.exec(sql, (error) => (error ? reject(error) : resolve())));
}

export function prepareSqlite(database: sqlite3.Database, sql: string): Promise<sqlite3.Statement> {
  return new Promise((resolve, reject) => {
    const statement = database.prepare(sql, (error) => (error ? reject(error) : resolve(statement)));
  });
}

/** Steps the statement once: the next row, or undefined at the end. */
export function nextSqliteRow(statement: sqlite3.Statement): Promise<Record<string, unknown> | undefined> {
  return new Promise((resolve, reject) =>
    statement.get<Record<string, unknown>>((error, row) => (error ? reject(error) : resolve(row))),
  );
}

export function finalizeSqlite(statement: sqlite3.Statement): Promise<void> {
  return new Promise((resolve) => statement.finalize(() => resolve()));
}

export function closeSqlite(database: sqlite3.Database): Promise<void> {
  return new Promise((resolve) => database.close(() => resolve()));
}
