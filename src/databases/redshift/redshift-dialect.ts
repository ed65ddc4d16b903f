// Everything datathread knows about redshift, registered by one line in ../dialects.ts. The adapter
// (with its driver) and the catalog reader are in redshift-runtime.ts, loaded only when a database of
// this type is used.
import type { DialectDefinition } from '../dialect-definition.js';
import { redshiftRules } from './redshift-rules.js';

export const redshiftDialect = {
  rules: redshiftRules,
  runtime: async (): Promise<unknown> => (await import('./redshift-runtime.js')).redshiftRuntime,
} satisfies DialectDefinition;
