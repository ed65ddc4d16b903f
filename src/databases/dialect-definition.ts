// What a dialect registers about itself (one line per dialect in dialects.ts): the rules its SQL is
// read by, the keys it adds to a `databases:` entry, the other spellings of its `type:`, whether the
// engine can stop a query by the bytes it reads, and its run-time part. Pure data: the config schema,
// the statement gate and the system prompt read it without loading a driver.
import type { z } from 'zod';
import type { DialectRules } from './dialect-rules.js';

export interface DialectDefinition {
  rules: DialectRules;
  /** The keys this dialect adds to a `databases:` entry (<dialect>-config.ts). Two dialects may share a key when they define it alike. */
  configFields?: Record<string, z.ZodType>;
  /** Of configFields, the keys every other type refuses. */
  onlyFields?: readonly string[];
  /** Other spellings accepted for `type:` (nao_config.yaml and habit). */
  aliases?: readonly string[];
  /** The engine stops a query by the bytes it reads, so `max_scan_bytes` is enforced (README "Warehouse cost caps"). */
  capsScans?: boolean;
  /**
   * Loads the dialect's DialectRuntime (<dialect>-runtime.ts: adapter factory and catalog reader) on
   * first use, so a DuckDB-only process never loads the other drivers. Typed `unknown` here because
   * the runtime reads DatabaseConfig, which is built from this registry (dialect-runtime.ts).
   */
  runtime: () => Promise<unknown>;
}
