// Everything datathread knows about postgres, registered by one line in ../dialects.ts. The adapter
// (with its driver) and the catalog reader are in postgres-runtime.ts, loaded only when a database of
// this type is used.
import type { DialectDefinition } from '../dialect-definition.js';
import { postgresRules } from './postgres-rules.js';

export const postgresDialect = {
  rules: postgresRules,
  aliases: ['postgresql'],
  runtime: async (): Promise<unknown> => (await import('./postgres-runtime.js')).postgresRuntime,
} satisfies DialectDefinition;
