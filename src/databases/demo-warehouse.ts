// Creates the built-in demo DuckDB warehouse that datathread uses when no config file exists.
// Built into a temporary file in the same folder and renamed into place, so a crash never leaves
// half a database behind; an existing file is left untouched.
import { randomBytes } from 'node:crypto';
import { access, mkdir, rename, rm } from 'node:fs/promises';
import { dirname } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { DEMO_WAREHOUSE_SQL } from './demo-warehouse-sql.js';

async function exists(path: string): Promise<boolean> {
  try {
    await access(path);
    return true;
  } catch {
    return false;
  }
}

async function buildInto(path: string): Promise<void> {
  const instance = await DuckDBInstance.create(path);
  try {
    const connection = await instance.connect();
    try {
      for (const statement of DEMO_WAREHOUSE_SQL) await connection.run(statement);
      // Fold the write-ahead log into the file so the renamed file is complete on its own.
      await connection.run('CHECKPOINT');
    } finally {
      connection.disconnectSync();
    }
  } finally {
    instance.closeSync();
  }
}

export async function ensureDemoWarehouse(path: string): Promise<void> {
  if (await exists(path)) return;
  await mkdir(dirname(path), { recursive: true });
  const temporaryPath = `${path}.${process.pid}-${randomBytes(4).toString('hex')}.tmp`;
  try {
    await buildInto(temporaryPath);
    await rename(temporaryPath, path);
  } finally {
    await rm(temporaryPath, { force: true });
    await rm(`${temporaryPath}.wal`, { force: true });
  }
}
