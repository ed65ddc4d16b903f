// `datathread sync` for a list of databases, one after the other (a warehouse's catalog is read
// with the same care as a query: one at a time keeps the load on each small), then the hooks'
// extra files. Each database's failure stays its own; the result says which succeeded.
import type { DatabaseConfig } from '../databases/database-config.js';
import type { DatabaseAdapter } from '../databases/types.js';
import { errorMessage } from '../support/errors.js';
import { syncDatabase, type DatabaseSyncResult } from './sync-database.js';
import type { SyncHooks } from './sync-hooks.js';
import { writeGeneratedFiles, type WriteOutcome } from './write-generated-files.js';

export interface SyncRunOptions extends SyncHooks {
  /** The context folder, absolute. */
  contextPath: string;
  databases: DatabaseConfig[];
  dryRun: boolean;
  createAdapter: (config: DatabaseConfig) => DatabaseAdapter | Promise<DatabaseAdapter>;
  /** One line as each database starts and ends (long runs show they are alive). */
  progress?: (line: string) => void;
  /** Milliseconds since some fixed point, for the progress lines' durations. */
  now?: () => number;
}

export interface SyncRunResult {
  databases: DatabaseSyncResult[];
  /** The hooks' extra files (dbt semantics); absent without an `extraFiles` hook. */
  extraFiles?: { outcome?: WriteOutcome; error?: string };
  dryRun: boolean;
}

/** True when every database synced (skipped ones do not count against it) and the extra files were written. */
export function syncSucceeded(result: SyncRunResult): boolean {
  return result.databases.every((database) => database.status !== 'failed') && !result.extraFiles?.error;
}

/** `semantics/` always (a run whose dbt project lost every metric still clears the old files), and any other top folder listed. */
function ownedExtraFolders(paths: string[]): string[] {
  return [...new Set(['semantics', ...paths.map((path) => path.split('/')[0]!)])].filter((folder) => folder !== 'databases');
}

export async function runSync(options: SyncRunOptions): Promise<SyncRunResult> {
  const now = options.now ?? (() => performance.now());
  const results: DatabaseSyncResult[] = [];
  for (const [index, config] of options.databases.entries()) {
    const started = now();
    options.progress?.(`[${index + 1}/${options.databases.length}] ${config.name} (${config.type}): reading the catalog…`);
    const result = await syncDatabase(config, { contextPath: options.contextPath, dryRun: options.dryRun, createAdapter: options.createAdapter, hooks: options });
    const seconds = ((now() - started) / 1000).toFixed(1);
    options.progress?.(`[${index + 1}/${options.databases.length}] ${config.name}: ${result.status}, ${result.tables} tables in ${seconds} s`);
    results.push(result);
  }
  const run: SyncRunResult = { databases: results, dryRun: options.dryRun };
  if (options.extraFiles) {
    try {
      const files = await options.extraFiles();
      run.extraFiles = { outcome: await writeGeneratedFiles(options.contextPath, files, ownedExtraFolders(files.map((file) => file.path)), options.dryRun) };
    } catch (error) {
      run.extraFiles = { error: errorMessage(error) };
    }
  }
  return run;
}
