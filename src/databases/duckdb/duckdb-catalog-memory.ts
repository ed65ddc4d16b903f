// Opening a DuckDB file loads its tables' blocks into the buffer pool up to memory_limit: a
// 5,000-table file took ~320 MB at the default (a quarter of the machine) before the first query.
// The catalog reads need almost none of it, so a sync that samples no values opens the file with
// a small limit. A memory_limit set in datathread.yaml, or sampling (which scans the data), keeps
// the configured one.
import type { DatabaseConfig } from '../database-config.js';

const CATALOG_MEMORY_LIMIT = '32MB';

export function duckdbCatalogConnection(config: DatabaseConfig): DatabaseConfig {
  if (config.memory_limit !== undefined || config.sync?.sample_values) return config;
  return { ...config, memory_limit: CATALOG_MEMORY_LIMIT };
}
