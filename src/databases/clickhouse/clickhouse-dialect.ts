// Everything datathread knows about clickhouse, registered by one line in ../dialects.ts. The adapter
// (with its driver) and the catalog reader are in clickhouse-runtime.ts, loaded only when a database of
// this type is used.
import type { DialectDefinition } from '../dialect-definition.js';
import { clickhouseRules } from './clickhouse-rules.js';

export const clickhouseDialect = {
  rules: clickhouseRules,
  capsScans: true,
  runtime: async (): Promise<unknown> => (await import('./clickhouse-runtime.js')).clickhouseRuntime,
} satisfies DialectDefinition;
