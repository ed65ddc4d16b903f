// What a clickhouse database needs at run time: its adapter (whose driver is imported only here, on
// first use) and the catalog reader `datathread sync` reads it with.
import type { DialectRuntime } from '../dialect-runtime.js';
import { clickhouseCatalogReader } from './clickhouse-catalog.js';

export const clickhouseRuntime: DialectRuntime = {
  createAdapter: async (config) => new (await import('./clickhouse-adapter.js')).ClickHouseAdapter(config),
  catalogReader: () => clickhouseCatalogReader,
};
