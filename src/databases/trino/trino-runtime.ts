// What a trino database needs at run time: its adapter (whose driver is imported only here, on
// first use) and the catalog reader `datathread sync` reads it with.
import type { DialectRuntime } from '../dialect-runtime.js';
import { trinoCatalogReader } from './trino-catalog.js';

export const trinoRuntime: DialectRuntime = {
  createAdapter: async (config) => new (await import('./trino-adapter.js')).TrinoAdapter(config),
  catalogReader: () => trinoCatalogReader,
};
