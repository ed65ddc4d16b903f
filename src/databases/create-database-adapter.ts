// Builds the adapter for one `databases:` entry through its dialect's runtime (dialects.ts), and
// is the one place that says out loud when a database is writable. Each dialect's adapter module,
// and the driver it imports, is loaded only when a database of that dialect is configured: loading
// every dialect's driver added about 40 MB to the peak memory of a DuckDB-only `datathread sync`
// (measured in the "context sync" bench).
import type { DatabaseConfig } from './database-config.js';
import { type CreateDatabaseAdapterOptions, dialectRuntime } from './dialect-runtime.js';
import type { DatabaseAdapter } from './types.js';

export type { CreateDatabaseAdapterOptions } from './dialect-runtime.js';

export async function createDatabaseAdapter(config: DatabaseConfig, options: CreateDatabaseAdapterOptions = {}): Promise<DatabaseAdapter> {
  const adapter = await (await dialectRuntime(config.type)).createAdapter(config, options);
  if (config.dangerously_allow_writes) {
    options.logger?.warn(
      `Database "${config.name}" has dangerously_allow_writes: true. Its read-only protections are off and queries can change or delete data.`,
    );
  }
  return adapter;
}
