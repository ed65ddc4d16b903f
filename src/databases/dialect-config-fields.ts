// The registry of the keys each dialect adds to a `databases:` entry, each defined in its own folder
// (<dialect>/<dialect>-config.ts). database-config.ts composes the flat schema from it, so a new
// dialect adds a line here instead of editing the schema. Two dialects may share a key (`catalog`)
// when they define it alike.
import { athenaConfigFields } from './athena/athena-config.js';
import { bigqueryConfigFields } from './bigquery/bigquery-config.js';
import { databricksConfigFields } from './databricks/databricks-config.js';
import type { Dialect } from './dialects.js';
import { DUCKDB_ONLY_FIELDS, duckdbConfigFields } from './duckdb/duckdb-config.js';
import { SNOWFLAKE_ONLY_FIELDS, snowflakeConfigFields } from './snowflake/snowflake-config.js';

export const DIALECT_CONFIG_FIELDS = {
  ...snowflakeConfigFields,
  ...duckdbConfigFields,
  ...bigqueryConfigFields,
  ...athenaConfigFields,
  ...databricksConfigFields,
};

/** Keys that another type refuses, by the one dialect they apply to. */
export const DIALECT_ONLY_FIELDS: Partial<Record<Dialect, readonly (keyof typeof DIALECT_CONFIG_FIELDS)[]>> = {
  duckdb: DUCKDB_ONLY_FIELDS,
  snowflake: SNOWFLAKE_ONLY_FIELDS,
};
