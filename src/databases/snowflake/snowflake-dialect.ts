// Everything datathread knows about snowflake, registered by one line in ../dialects.ts. The adapter
// (with its driver) and the catalog reader are in snowflake-runtime.ts, loaded only when a database of
// this type is used.
import type { DialectDefinition } from '../dialect-definition.js';
import { snowflakeRules } from './snowflake-rules.js';
import { snowflakeConfigFields, SNOWFLAKE_ONLY_FIELDS } from './snowflake-config.js';

export const snowflakeDialect = {
  rules: snowflakeRules,
  configFields: snowflakeConfigFields,
  onlyFields: SNOWFLAKE_ONLY_FIELDS,
  runtime: async (): Promise<unknown> => (await import('./snowflake-runtime.js')).snowflakeRuntime,
} satisfies DialectDefinition;
