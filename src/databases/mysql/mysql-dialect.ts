// Everything datathread knows about mysql, registered by one line in ../dialects.ts. The adapter
// (with its driver) and the catalog reader are in mysql-runtime.ts, loaded only when a database of
// this type is used.
import type { DialectDefinition } from '../dialect-definition.js';
import { mysqlRules } from './mysql-rules.js';

export const mysqlDialect = {
  rules: mysqlRules,
  aliases: ['mariadb'],
  runtime: async (): Promise<unknown> => (await import('./mysql-runtime.js')).mysqlRuntime,
} satisfies DialectDefinition;
