// Reads rows straight from a SQLite state file, so a test can check what the store wrote without
// going through the store under test.
import sqlite3 from 'sqlite3';

export function readSqliteRows(path: string, sql: string, parameters: unknown[] = []): Promise<Record<string, unknown>[]> {
  return new Promise((resolve, reject) => {
    const database = new sqlite3.Database(path, sqlite3.OPEN_READONLY, (openError) => {
      if (openError) return reject(openError);
      database.all(sql, parameters, (queryError, rows: Record<string, unknown>[]) => {
        database.close();
        if (queryError) reject(queryError);
        else resolve(rows);
      });
    });
  });
}
