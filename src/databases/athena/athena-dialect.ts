// Everything datathread knows about athena, registered by one line in ../dialects.ts. The adapter
// (with its driver) and the catalog reader are in athena-runtime.ts, loaded only when a database of
// this type is used.
import type { DialectDefinition } from '../dialect-definition.js';
import { athenaRules } from './athena-rules.js';
import { athenaConfigFields } from './athena-config.js';

export const athenaDialect = {
  rules: athenaRules,
  configFields: athenaConfigFields,
  runtime: async (): Promise<unknown> => (await import('./athena-runtime.js')).athenaRuntime,
} satisfies DialectDefinition;
