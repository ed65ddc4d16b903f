// How much memory and how many threads one DuckDB instance may use. DuckDB's own defaults are 80 %
// of the machine's memory and one thread per core, per instance: two DuckDB databases, or one big
// query beside the bot's own work, could take the process down (an out-of-memory kill ends every
// turn). Defaults leave the process room; datathread.yaml can set both per database.
import { availableParallelism, totalmem } from 'node:os';
import { QueryFailedError } from '../errors.js';

/** Share of the machine's memory one DuckDB instance may use by default. */
export const DEFAULT_MEMORY_SHARE = 0.25;
const BYTES_PER_MEGABYTE = 1024 * 1024;

export interface DuckDbResourceLimits {
  /** DuckDB syntax, e.g. "512MB" or "2GB". */
  memoryLimit: string;
  threads: number;
}

export function duckDbResourceLimits(configured: { memory_limit?: string | undefined; threads?: number | undefined }): DuckDbResourceLimits {
  const defaultMegabytes = Math.max(256, Math.floor((totalmem() * DEFAULT_MEMORY_SHARE) / BYTES_PER_MEGABYTE));
  // Half the cores (at least one) keeps the event loop and the other databases responsive.
  const defaultThreads = Math.max(1, Math.floor(availableParallelism() / 2));
  return { memoryLimit: configured.memory_limit ?? `${defaultMegabytes}MB`, threads: configured.threads ?? defaultThreads };
}

/** A DuckDB "Out of Memory Error" turned into a sentence that says what to do; other errors unchanged. */
export function explainOutOfMemory(error: unknown, databaseName: string, limits: DuckDbResourceLimits): unknown {
  const message = error instanceof Error ? error.message : String(error);
  if (!/out of memory/i.test(message)) return error;
  return new QueryFailedError(
    `The query needed more memory than database "${databaseName}" may use (memory_limit ${limits.memoryLimit}). Narrow it (fewer rows or columns, aggregate first, add a LIMIT), or an admin can raise memory_limit for this database in datathread.yaml.`,
    { cause: error },
  );
}
