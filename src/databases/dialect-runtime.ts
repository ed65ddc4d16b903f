// The run-time half of a dialect: how to build its adapter and which catalog reader `datathread
// sync` reads it with. Each dialect's <dialect>-runtime.ts is loaded on first use through its entry
// in dialects.ts; this file is the compiler's check that every registered dialect has one.
import type { DatabaseConfig } from './database-config.js';
import { DIALECTS, type Dialect } from './dialects.js';
import type { CatalogReader } from './table-metadata.js';
import type { DatabaseAdapter } from './types.js';

export interface CreateDatabaseAdapterOptions {
  logger?: { warn(message: string): void };
}

export interface DialectRuntime {
  createAdapter(config: DatabaseConfig, options: CreateDatabaseAdapterOptions): Promise<DatabaseAdapter>;
  /**
   * The reader sync uses for the catalog (comments, keys, row counts); undefined reads names and types
   * from the adapter's introspection. `adapter` is absent before sync connects.
   */
  catalogReader(config: DatabaseConfig, adapter?: DatabaseAdapter): CatalogReader | undefined;
}

/**
 * Loads the dialect's runtime. Each <dialect>-runtime.ts declares its export a DialectRuntime, and
 * its <dialect>-dialect.ts names that export, so both sides are checked by the compiler; the
 * registry itself types it `unknown` only to keep DatabaseConfig from depending on itself.
 */
export async function dialectRuntime(dialect: Dialect): Promise<DialectRuntime> {
  return (await DIALECTS[dialect].runtime()) as DialectRuntime;
}

export async function catalogReaderFor(config: DatabaseConfig, adapter?: DatabaseAdapter): Promise<CatalogReader | undefined> {
  return (await dialectRuntime(config.type)).catalogReader(config, adapter);
}
