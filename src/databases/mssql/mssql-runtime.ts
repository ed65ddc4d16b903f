// What a mssql database needs at run time: its adapter (whose driver is imported only here, on
// first use) and the catalog reader `datathread sync` reads it with.
import type { DialectRuntime } from '../dialect-runtime.js';
import { mssqlCatalogReader } from './mssql-catalog.js';

export const mssqlRuntime: DialectRuntime = {
  createAdapter: async (config) => new (await import('./mssql-adapter.js')).MssqlAdapter(config),
  catalogReader: () => mssqlCatalogReader,
};
