// Asks SQLite how it reads a statement, in a private in-memory database. The driver returns only
// the first statement's rows, so a second statement is spotted by running the whole text too: the
// generator makes it call the marker as a function (`SELECT mk_03()`), which SQLite refuses by name
// ("no such function: mk_03") only when it reads that statement as code.
import sqlite3 from 'sqlite3';
import type { EngineAnswer } from './marker-reading.js';
import type { EngineSession } from './postgres-probe.js';

export async function openSqliteProbe(): Promise<EngineSession> {
  const database = await new Promise<sqlite3.Database>((resolve, reject) => {
    const opened = new sqlite3.Database(':memory:', (error) => (error ? reject(error) : resolve(opened)));
  });
  const all = (sql: string) =>
    new Promise<Record<string, unknown>[]>((resolve, reject) => database.all(sql, (error: Error | null, rows: Record<string, unknown>[]) => (error ? reject(error) : resolve(rows))));
  const exec = (sql: string) => new Promise<Error | null>((resolve) => database.exec(sql, (error) => resolve(error)));
  return {
    probe: async (sql) => {
      let rows: Record<string, unknown>[];
      try {
        rows = await all(sql);
      } catch (error) {
        return { outcome: 'error', message: String(error) };
      }
      const whole = await exec(sql);
      const called = whole === null ? [] : [...whole.message.matchAll(/no such function: (mk_\d\d)/g)].map((match) => match[1]!);
      // A later statement SQLite could not read says nothing about where its markers are.
      if (whole !== null && called.length === 0) return { outcome: 'error', message: String(whole) };
      return {
        outcome: 'rows',
        resultSets: [{ columns: Object.keys(rows[0] ?? {}), values: rows.flatMap((row) => Object.values(row).map((value) => String(value))) }],
        markersRunAsCode: called,
      } satisfies EngineAnswer;
    },
    close: () => new Promise<void>((resolve) => database.close(() => resolve())),
  };
}
