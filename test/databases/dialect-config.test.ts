// Each dialect's own `databases:` keys are defined in its folder and composed into the one flat
// schema: a key is accepted with its dialect's own rules, keys every dialect reads stay common, and
// a key that sizes one engine only is refused on another type.
import { describe, expect, it } from 'vitest';
import { athenaConfigFields } from '../../src/databases/athena/athena-config.js';
import { bigqueryConfigFields } from '../../src/databases/bigquery/bigquery-config.js';
import { databaseConfigSchema } from '../../src/databases/database-config.js';
import { databricksConfigFields } from '../../src/databases/databricks/databricks-config.js';
import { duckdbConfigFields } from '../../src/databases/duckdb/duckdb-config.js';
import { snowflakeConfigFields } from '../../src/databases/snowflake/snowflake-config.js';

const FOLDERS = { snowflake: snowflakeConfigFields, duckdb: duckdbConfigFields, bigquery: bigqueryConfigFields, athena: athenaConfigFields, databricks: databricksConfigFields };

function issues(entry: Record<string, unknown>): string[] {
  const parsed = databaseConfigSchema.safeParse(entry);
  return parsed.success ? [] : parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
}

describe('per-dialect config keys', () => {
  it('composes every key of every dialect folder into the flat schema, and nothing else beside the common keys', () => {
    const dialectKeys = new Set(Object.values(FOLDERS).flatMap((fields) => Object.keys(fields)));
    const common = Object.keys(databaseConfigSchema.shape).filter((key) => !dialectKeys.has(key));
    expect(common).toEqual(['name', 'type', 'path', 'host', 'port', 'database', 'user', 'password', 'schema_name', 'auth_mode', 'ssl', 'dangerously_allow_writes', 'max_scan_bytes', 'connect_timeout', 'entra_scope', 'sync']);
    for (const key of dialectKeys) expect(Object.keys(databaseConfigSchema.shape)).toContain(key);
  });

  it("checks a dialect's key with the rule its folder gives it", () => {
    expect(issues({ name: 'lake', type: 'athena', region_name: 'eu-west-1', s3_staging_dir: 'https://bucket/results/' })).toEqual(['s3_staging_dir: must be an s3:// location']);
    expect(issues({ name: 'local', type: 'duckdb', path: 'shop.duckdb', memory_limit: 'lots' })).toEqual(['memory_limit: use a size such as "512MB" or "2GB"']);
    expect(databaseConfigSchema.parse({ name: 'local', type: 'duckdb', path: 'shop.duckdb' }).allow_file_access).toBe(false);
  });

  it('refuses a key that applies to one dialect only on another type', () => {
    expect(issues({ name: 'pg', type: 'postgres', host: 'db', threads: 4 })).toEqual(['threads: applies to type duckdb only']);
  });

  it('lets two dialects share a key they define alike', () => {
    expect(Object.keys(athenaConfigFields)).toContain('catalog');
    expect(Object.keys(databricksConfigFields)).toContain('catalog');
    expect(issues({ name: 'lake', type: 'athena', region_name: 'eu-west-1', s3_staging_dir: 's3://bucket/results/', catalog: 'AwsDataCatalog' })).toEqual([]);
  });
});
