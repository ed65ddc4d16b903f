// What a snowflake database needs at run time: its adapter (whose driver is imported only here, on
// first use) and the catalog reader `datathread sync` reads it with.
import type { DialectRuntime } from '../dialect-runtime.js';
import { snowflakeCatalogReader } from './snowflake-catalog.js';

export const snowflakeRuntime: DialectRuntime = {
  createAdapter: async (config, options) => new (await import('./snowflake-adapter.js')).SnowflakeAdapter(config, { logger: options.logger }),
  catalogReader: () => snowflakeCatalogReader,
};
