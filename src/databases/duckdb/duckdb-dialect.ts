// Everything datathread knows about duckdb, registered by one line in ../dialects.ts. The adapter
// (with its driver) and the catalog reader are in duckdb-runtime.ts, loaded only when a database of
// this type is used.
import type { DialectDefinition } from '../dialect-definition.js';
import { duckdbRules } from './duckdb-rules.js';
import { duckdbConfigFields, DUCKDB_ONLY_FIELDS } from './duckdb-config.js';

export const duckdbDialect = {
  rules: duckdbRules,
  configFields: duckdbConfigFields,
  onlyFields: DUCKDB_ONLY_FIELDS,
  runtime: async (): Promise<unknown> => (await import('./duckdb-runtime.js')).duckdbRuntime,
} satisfies DialectDefinition;
