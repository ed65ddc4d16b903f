// Creates the built-in demo DuckDB warehouse that datathread uses when no config file exists.
// Its two years of orders end yesterday, so questions about "last quarter" or "this month" find
// data; a file built on an earlier day is rebuilt, one already ending yesterday is left untouched.
// Built into a temporary file in the same folder and renamed into place, so a crash never leaves
// half a database behind (a process that still has the old file open keeps reading it).
import { randomBytes } from 'node:crypto';
import { access, mkdir, rename, rm } from 'node:fs/promises';
import { dirname } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import type { Clock } from '../support/clock-and-ids.js';
import { demoWarehouseSql, type DemoDays } from './demo-warehouse-sql.js';

const MILLISECONDS_PER_DAY = 86_400_000;

/** Two years of days ending yesterday (UTC) as seen by `clock`. */
export function demoDays(clock: Clock): DemoDays {
  const yesterday = new Date(Math.floor(clock().getTime() / MILLISECONDS_PER_DAY) * MILLISECONDS_PER_DAY - MILLISECONDS_PER_DAY);
  const firstDay = new Date(Date.UTC(yesterday.getUTCFullYear() - 2, yesterday.getUTCMonth(), yesterday.getUTCDate() + 1));
  return { firstDay: isoDay(firstDay), lastDay: isoDay(yesterday) };
}

function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

async function exists(path: string): Promise<boolean> {
  try {
    await access(path);
    return true;
  } catch {
    return false;
  }
}

/** The last order day of an existing demo file, or undefined when it cannot be read. */
async function lastOrderDay(path: string): Promise<string | undefined> {
  try {
    const instance = await DuckDBInstance.create(path, { access_mode: 'READ_ONLY' });
    try {
      const connection = await instance.connect();
      try {
        const reader = await connection.runAndReadAll('SELECT CAST(max(order_date) AS VARCHAR) FROM orders');
        const value = reader.getRows()[0]?.[0];
        return typeof value === 'string' ? value : undefined;
      } finally {
        connection.disconnectSync();
      }
    } finally {
      instance.closeSync();
    }
  } catch {
    return undefined;
  }
}

async function buildInto(path: string, days: DemoDays): Promise<void> {
  const instance = await DuckDBInstance.create(path);
  try {
    const connection = await instance.connect();
    try {
      for (const statement of demoWarehouseSql(days)) await connection.run(statement);
      // Fold the write-ahead log into the file so the renamed file is complete on its own.
      await connection.run('CHECKPOINT');
    } finally {
      connection.disconnectSync();
    }
  } finally {
    instance.closeSync();
  }
}

export async function ensureDemoWarehouse(path: string, clock: Clock): Promise<void> {
  const days = demoDays(clock);
  if ((await exists(path)) && (await lastOrderDay(path)) === days.lastDay) return;
  await mkdir(dirname(path), { recursive: true });
  const temporaryPath = `${path}.${process.pid}-${randomBytes(4).toString('hex')}.tmp`;
  try {
    await buildInto(temporaryPath, days);
    await rename(temporaryPath, path);
  } finally {
    await rm(temporaryPath, { force: true });
    await rm(`${temporaryPath}.wal`, { force: true });
  }
}
