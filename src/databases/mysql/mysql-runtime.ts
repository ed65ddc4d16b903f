// What a mysql database needs at run time: its adapter (whose driver is imported only here, on
// first use) and the catalog reader `datathread sync` reads it with.
import type { DialectRuntime } from '../dialect-runtime.js';
import { mysqlCatalogReader } from './mysql-catalog.js';

export const mysqlRuntime: DialectRuntime = {
  createAdapter: async (config) => new (await import('./mysql-adapter.js')).MysqlAdapter(config),
  catalogReader: () => mysqlCatalogReader,
};
