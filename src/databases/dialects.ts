// The registry of dialects: each config `type:` and everything about it (dialect-definition.ts),
// one line per dialect. A dialect lives in its own folder (<dialect>/<dialect>-dialect.ts and
// <dialect>-runtime.ts); adding one adds its folder and its line here. Pure data, so the config
// schema, the statement gate and the system prompt can read it without loading drivers.
import { athenaDialect } from './athena/athena-dialect.js';
import { bigqueryDialect } from './bigquery/bigquery-dialect.js';
import { clickhouseDialect } from './clickhouse/clickhouse-dialect.js';
import { databricksDialect } from './databricks/databricks-dialect.js';
import type { DialectDefinition } from './dialect-definition.js';
import type { DialectRules } from './dialect-rules.js';
import { duckdbDialect } from './duckdb/duckdb-dialect.js';
import { mssqlDialect } from './mssql/mssql-dialect.js';
import { mysqlDialect } from './mysql/mysql-dialect.js';
import { postgresDialect } from './postgres/postgres-dialect.js';
import { redshiftDialect } from './redshift/redshift-dialect.js';
import { snowflakeDialect } from './snowflake/snowflake-dialect.js';
import { sqliteDialect } from './sqlite/sqlite-dialect.js';
import { starrocksDialect } from './starrocks/starrocks-dialect.js';
import { trinoDialect } from './trino/trino-dialect.js';

export const DIALECTS = {
  duckdb: duckdbDialect,
  postgres: postgresDialect,
  sqlite: sqliteDialect,
  clickhouse: clickhouseDialect,
  trino: trinoDialect,
  mysql: mysqlDialect,
  starrocks: starrocksDialect,
  redshift: redshiftDialect,
  mssql: mssqlDialect,
  snowflake: snowflakeDialect,
  bigquery: bigqueryDialect,
  athena: athenaDialect,
  databricks: databricksDialect,
} as const satisfies Record<string, DialectDefinition>;

export type Dialect = keyof typeof DIALECTS;

export const DIALECT_NAMES = Object.keys(DIALECTS) as [Dialect, ...Dialect[]];

const definitionOf = (dialect: Dialect): DialectDefinition => DIALECTS[dialect];

/** Other spellings accepted for `type:`, each naming its dialect. */
export const DIALECT_ALIASES: Readonly<Record<string, Dialect>> = Object.fromEntries(
  DIALECT_NAMES.flatMap((dialect) => (definitionOf(dialect).aliases ?? []).map((alias) => [alias, dialect])),
);

/** The dialects whose engine stops a query by the bytes it reads (`max_scan_bytes`). */
export const SCAN_CAPPED_DIALECTS: readonly Dialect[] = DIALECT_NAMES.filter((dialect) => definitionOf(dialect).capsScans === true).toSorted();

export function dialectRules(dialect: Dialect): DialectRules {
  return DIALECTS[dialect].rules;
}
