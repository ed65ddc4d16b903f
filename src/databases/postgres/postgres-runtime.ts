// What a postgres database needs at run time: its adapter (whose driver is imported only here, on
// first use) and the catalog reader `datathread sync` reads it with.
import type { DialectRuntime } from '../dialect-runtime.js';
import { postgresCatalogReader } from './postgres-catalog.js';

export const postgresRuntime: DialectRuntime = {
  createAdapter: async (config, options) => new (await import('./postgres-adapter.js')).PostgresAdapter(config, options.logger),
  catalogReader: () => postgresCatalogReader,
};
