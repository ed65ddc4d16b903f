// Everything datathread knows about starrocks, registered by one line in ../dialects.ts. The adapter
// (with its driver) and the catalog reader are in starrocks-runtime.ts, loaded only when a database of
// this type is used.
import type { DialectDefinition } from '../dialect-definition.js';
import { starrocksRules } from './starrocks-rules.js';

export const starrocksDialect = {
  rules: starrocksRules,
  runtime: async (): Promise<unknown> => (await import('./starrocks-runtime.js')).starrocksRuntime,
} satisfies DialectDefinition;
