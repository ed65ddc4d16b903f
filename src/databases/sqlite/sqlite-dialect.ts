// Everything datathread knows about sqlite, registered by one line in ../dialects.ts. The adapter
// (with its driver) and the catalog reader are in sqlite-runtime.ts, loaded only when a database of
// this type is used.
import type { DialectDefinition } from '../dialect-definition.js';
import { sqliteRules } from './sqlite-rules.js';

export const sqliteDialect = {
  rules: sqliteRules,
  runtime: async (): Promise<unknown> => (await import('./sqlite-runtime.js')).sqliteRuntime,
} satisfies DialectDefinition;
