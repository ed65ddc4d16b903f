// Everything datathread knows about trino, registered by one line in ../dialects.ts. The adapter
// (with its driver) and the catalog reader are in trino-runtime.ts, loaded only when a database of
// this type is used.
import type { DialectDefinition } from '../dialect-definition.js';
import { trinoRules } from './trino-rules.js';

export const trinoDialect = {
  rules: trinoRules,
  capsScans: true,
  runtime: async (): Promise<unknown> => (await import('./trino-runtime.js')).trinoRuntime,
} satisfies DialectDefinition;
