// What a databricks database needs at run time: its adapter (whose driver is imported only here, on
// first use) and the catalog reader `datathread sync` reads it with.
import type { DialectRuntime } from '../dialect-runtime.js';
import { databricksCatalogReader } from './databricks-catalog.js';

export const databricksRuntime: DialectRuntime = {
  createAdapter: async (config) => new (await import('./databricks-adapter.js')).DatabricksAdapter(config),
  catalogReader: () => databricksCatalogReader,
};
