// What a duckdb database needs at run time: its adapter (whose driver is imported only here, on
// first use) and the catalog reader `datathread sync` reads it with.
import type { DialectRuntime } from '../dialect-runtime.js';
import { duckdbCatalogReader } from './duckdb-catalog.js';

export const duckdbRuntime: DialectRuntime = {
  createAdapter: async (config) => new (await import('./duckdb-adapter.js')).DuckDBAdapter(config),
  catalogReader: () => duckdbCatalogReader,
};
