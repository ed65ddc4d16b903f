// A DuckDB file's catalog fingerprint without opening it: opening a 5,000-table file loads its
// whole catalog (seconds and hundreds of MB), so any query, even a one-row hash, costs most of a
// full sync. The file and its write-ahead log change identity, size or modification time
// whenever anything in them changes, comments included; a data-only change also moves them,
// which only costs a full read. An in-memory database has no fingerprint.
import { stat } from 'node:fs/promises';
import type { DatabaseConfig } from '../database-config.js';

const IN_MEMORY = ':memory:';

async function fileIdentity(path: string): Promise<string> {
  try {
    const facts = await stat(path, { bigint: true });
    return `${facts.dev}:${facts.ino}:${facts.size}:${facts.mtimeNs}`;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 'absent';
    throw error;
  }
}

export async function duckdbCatalogFingerprint(config: DatabaseConfig): Promise<string | undefined> {
  const path = config.path;
  if (!path || path === IN_MEMORY) return undefined;
  return `duckdb-file ${await fileIdentity(path)} wal ${await fileIdentity(`${path}.wal`)}`;
}
