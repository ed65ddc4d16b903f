// One entry of the `databases:` list. Field names follow nao_config.yaml so an existing nao
// project's list can be pasted in unchanged; datathread's own additions are marked below.
import { z } from 'zod';
import { DIALECT_ALIASES, DIALECT_NAMES, dialectRules } from './dialects.js';

/** `postgres (or postgresql)`: each type with the other spellings it accepts. */
function acceptedTypes(): string {
  return DIALECT_NAMES.map((name) => {
    const aliases = Object.keys(DIALECT_ALIASES).filter((alias) => DIALECT_ALIASES[alias] === name);
    return aliases.length > 0 ? `${name} (or ${aliases.join(', ')})` : name;
  }).join(', ');
}

const databaseTypeSchema = z
  .string()
  .transform((value) => DIALECT_ALIASES[value] ?? value)
  .pipe(z.enum(DIALECT_NAMES, { error: `must be one of: ${acceptedTypes()}` }));

/** Column-name globs never sampled by `datathread sync` unless `sync.exclude_columns` gives its own list. */
export const DEFAULT_SYNC_EXCLUDED_COLUMNS = ['*email*', '*ssn*', '*phone*', '*password*', '*token*', '*secret*'];

/** What `datathread sync` may read from this database, and how. */
const databaseSyncSchema = z
  .object({
    /** Write the most frequent values of low-cardinality text columns into the table files (off unless true). */
    sample_values: z.boolean().default(false),
    /** Globs on `column`, `table.column` or `schema.table.column` (case-insensitive) never sampled; replaces the default list. */
    exclude_columns: z.array(z.string().min(1)).default(DEFAULT_SYNC_EXCLUDED_COLUMNS),
    /** Federated (azure_entra_id) databases: a shared login sync reads the structure with; without it they are skipped. */
    credential: z.object({ user: z.string().min(1), password: z.string() }).strict().optional(),
    /** dbt artefacts whose descriptions, tests and metrics sync adds. */
    dbt: z.object({ manifest: z.string().min(1), semantic_manifest: z.string().min(1).optional() }).strict().optional(),
  })
  .strict();

export const databaseConfigSchema = z
  .object({
    name: z.string().regex(/^[A-Za-z0-9_.-]+$/, 'use letters, digits, "_", "-" or "." (it becomes database_id)'),
    type: databaseTypeSchema,
    path: z.string().min(1).optional(),
    host: z.string().min(1).optional(),
    port: z.coerce.number().int().min(1).max(65535).optional(),
    database: z.string().min(1).optional(),
    user: z.string().min(1).optional(),
    password: z.string().optional(),
    schema_name: z.string().min(1).optional(),
    auth_mode: z.enum(['password', 'azure_entra_id']).default('password'),
    /** Snowflake: the account identifier (orgname-account); defaults to the first label of host. */
    account_id: z.string().min(1).optional(),
    /** Snowflake: the virtual warehouse queries run on. */
    warehouse: z.string().min(1).optional(),
    /** Snowflake: the role the session uses (a SELECT-only role; see README). */
    role: z.string().min(1).optional(),
    /** Snowflake: key-pair authentication for the shared account (a PKCS#8 PEM file). */
    private_key_path: z.string().min(1).optional(),
    // datathread additions
    ssl: z.boolean().default(false),
    dangerously_allow_writes: z.boolean().default(false),
    /** DuckDB only: let queries read files (read_csv, read_parquet, ...). Off by default. */
    allow_file_access: z.boolean().default(false),
    /** DuckDB only: memory one instance may use, e.g. "2GB" (default: a quarter of the machine's memory). */
    memory_limit: z
      .string()
      .regex(/^\d+(\.\d+)?\s*(KB|MB|GB|TB|KiB|MiB|GiB|TiB)$/i, 'use a size such as "512MB" or "2GB"')
      .optional(),
    /** DuckDB only: worker threads of one instance (default: half the cores, at least 1). */
    threads: z.number().int().min(1).max(256).optional(),
    /** The resource scope for the on-behalf-of exchange, e.g. https://ossrdbms-aad.database.windows.net/.default */
    entra_scope: z.string().min(1).optional(),
    // BigQuery (nao's field names, plus maximum_bytes_billed)
    project_id: z.string().min(1).optional(),
    dataset_id: z.string().min(1).optional(),
    /** A service-account key or workload-identity (external_account) JSON file; Application Default Credentials when absent. */
    credentials_path: z.string().min(1).optional(),
    /** The same JSON inline (as an object or a string); takes precedence over credentials_path. */
    credentials_json: z.union([z.string().min(1), z.record(z.string(), z.unknown())]).optional(),
    location: z.string().min(1).optional(),
    /** Bytes one query may scan (BigQuery bills by bytes processed); checked on a dry run first. */
    maximum_bytes_billed: z.coerce.number().int().positive().optional(),
    // Athena (nao's field names)
    region_name: z.string().min(1).optional(),
    s3_staging_dir: z.string().regex(/^s3:\/\//, 'must be an s3:// location').optional(),
    work_group: z.string().min(1).optional(),
    aws_access_key_id: z.string().min(1).optional(),
    aws_secret_access_key: z.string().min(1).optional(),
    aws_session_token: z.string().min(1).optional(),
    profile_name: z.string().min(1).optional(),
    // Databricks (nao's field names, plus OAuth M2M's client_id / client_secret)
    server_hostname: z.string().min(1).optional(),
    http_path: z.string().min(1).optional(),
    access_token: z.string().min(1).optional(),
    catalog: z.string().min(1).optional(),
    client_id: z.string().min(1).optional(),
    client_secret: z.string().min(1).optional(),
    /** A PEM file of CA certificates to trust on top of the system's (a TLS-inspecting proxy, a private endpoint). */
    ssl_ca_path: z.string().min(1).optional(),
    /** `datathread sync`: sampling, exclusions, the federated sync login, dbt. */
    sync: databaseSyncSchema.optional(),
  })
  .strict()
  .superRefine((value, context) => {
    const rules = dialectRules(value.type);
    if (rules.location === 'file' && !value.path) {
      context.addIssue({ code: 'custom', path: ['path'], message: `is required for type ${value.type}: the database file's path` });
    }
    if (rules.location === 'server' && !value.host) {
      context.addIssue({ code: 'custom', path: ['host'], message: `is required for type ${value.type}` });
    }
    for (const field of rules.requiredFields ?? []) {
      if (!value[field]) context.addIssue({ code: 'custom', path: [field], message: `is required for type ${value.type}` });
    }
    for (const key of ['memory_limit', 'threads'] as const) {
      if (value[key] !== undefined && value.type !== 'duckdb') context.addIssue({ code: 'custom', path: [key], message: 'applies to type duckdb only' });
    }
    if (value.auth_mode === 'azure_entra_id' && !rules.supportsEntraId) {
      const supported = DIALECT_NAMES.filter((name) => dialectRules(name).supportsEntraId).join(', ');
      context.addIssue({ code: 'custom', path: ['auth_mode'], message: `azure_entra_id is supported for type ${supported} only` });
    }
  });

export type DatabaseConfig = z.infer<typeof databaseConfigSchema>;
