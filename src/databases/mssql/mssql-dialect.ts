// Everything datathread knows about mssql, registered by one line in ../dialects.ts. The adapter
// (with its driver) and the catalog reader are in mssql-runtime.ts, loaded only when a database of
// this type is used.
import type { DialectDefinition } from '../dialect-definition.js';
import { mssqlRules } from './mssql-rules.js';

export const mssqlDialect = {
  rules: mssqlRules,
  aliases: ['sqlserver', 'azure_sql', 'fabric', 'synapse'],
  runtime: async (): Promise<unknown> => (await import('./mssql-runtime.js')).mssqlRuntime,
} satisfies DialectDefinition;
