// Everything datathread knows about databricks, registered by one line in ../dialects.ts. The adapter
// (with its driver) and the catalog reader are in databricks-runtime.ts, loaded only when a database of
// this type is used.
import type { DialectDefinition } from '../dialect-definition.js';
import { databricksRules } from './databricks-rules.js';
import { databricksConfigFields } from './databricks-config.js';

export const databricksDialect = {
  rules: databricksRules,
  configFields: databricksConfigFields,
  runtime: async (): Promise<unknown> => (await import('./databricks-runtime.js')).databricksRuntime,
} satisfies DialectDefinition;
