// What a sqlite database needs at run time: its adapter (whose driver is imported only here, on
// first use) and the catalog reader `datathread sync` reads it with.
import type { DialectRuntime } from '../dialect-runtime.js';
import { sqliteCatalogReader } from './sqlite-catalog.js';

export const sqliteRuntime: DialectRuntime = {
  createAdapter: async (config) => new (await import('./sqlite-adapter.js')).SqliteAdapter(config),
  catalogReader: () => sqliteCatalogReader,
};
