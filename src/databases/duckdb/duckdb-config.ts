// DuckDB's own keys of a `databases:` entry (datathread additions).
import { z } from 'zod';

export const duckdbConfigFields = {
  /** Let queries read files (read_csv, read_parquet, ...). Off by default. */
  allow_file_access: z.boolean().default(false),
  /** Memory one instance may use, e.g. "2GB" (default: a quarter of the machine's memory). */
  memory_limit: z
    .string()
    .regex(/^\d+(\.\d+)?\s*(KB|MB|GB|TB|KiB|MiB|GiB|TiB)$/i, 'use a size such as "512MB" or "2GB"')
    .optional(),
  /** Worker threads of one instance (default: half the cores, at least 1). */
  threads: z.number().int().min(1).max(256).optional(),
};

/** Keys another type refuses ("applies to type duckdb only"): they size an engine only DuckDB runs in-process. */
export const DUCKDB_ONLY_FIELDS = ['memory_limit', 'threads'] as const;
