// What a bigquery database needs at run time: its adapter (whose driver is imported only here, on
// first use) and the catalog reader `datathread sync` reads it with.
import type { DialectRuntime } from '../dialect-runtime.js';
import { bigqueryCatalogReader } from './bigquery-catalog.js';

export const bigqueryRuntime: DialectRuntime = {
  createAdapter: async (config) => new (await import('./bigquery-adapter.js')).BigQueryAdapter(config),
  catalogReader: (config) => bigqueryCatalogReader(config),
};
