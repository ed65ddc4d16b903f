// What a redshift database needs at run time: its adapter (whose driver is imported only here, on
// first use) and the catalog reader `datathread sync` reads it with.
import type { DialectRuntime } from '../dialect-runtime.js';
import { redshiftCatalogReader } from './redshift-catalog.js';

export const redshiftRuntime: DialectRuntime = {
  createAdapter: async (config, options) => (await import('./redshift-adapter.js')).createRedshiftAdapter(config, options.logger),
  catalogReader: () => redshiftCatalogReader,
};
