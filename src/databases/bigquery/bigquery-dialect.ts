// Everything datathread knows about bigquery, registered by one line in ../dialects.ts. The adapter
// (with its driver) and the catalog reader are in bigquery-runtime.ts, loaded only when a database of
// this type is used.
import type { DialectDefinition } from '../dialect-definition.js';
import { bigqueryRules } from './bigquery-rules.js';
import { bigqueryConfigFields } from './bigquery-config.js';

export const bigqueryDialect = {
  rules: bigqueryRules,
  configFields: bigqueryConfigFields,
  capsScans: true,
  runtime: async (): Promise<unknown> => (await import('./bigquery-runtime.js')).bigqueryRuntime,
} satisfies DialectDefinition;
