// Builds the adapter for one `databases:` entry. The only place that knows which class serves
// which type, and the one place that says out loud when a database is writable.
import type { DatabaseConfig } from '../config/database-config.js';
import { DuckDBAdapter } from './duckdb-adapter.js';
import { PostgresAdapter } from './postgres-adapter.js';
import { SqliteAdapter } from './sqlite-adapter.js';
import type { DatabaseAdapter } from './types.js';

export interface CreateDatabaseAdapterOptions {
  logger?: { warn(message: string): void };
}

function adapterFor(config: DatabaseConfig, options: CreateDatabaseAdapterOptions): DatabaseAdapter {
  switch (config.type) {
    case 'duckdb':
      return new DuckDBAdapter(config);
    case 'postgres':
      return new PostgresAdapter(config, options.logger);
    case 'sqlite':
      return new SqliteAdapter(config);
  }
}

export function createDatabaseAdapter(config: DatabaseConfig, options: CreateDatabaseAdapterOptions = {}): DatabaseAdapter {
  const adapter = adapterFor(config, options);
  if (config.dangerously_allow_writes) {
    options.logger?.warn(
      `Database "${config.name}" has dangerously_allow_writes: true. Its read-only protections are off and queries can change or delete data.`,
    );
  }
  return adapter;
}
