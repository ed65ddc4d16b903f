// One entry of the `databases:` list. Field names follow nao_config.yaml so an existing nao
// project's list can be pasted in unchanged; datathread's own additions are marked below. Here: the
// keys every dialect reads; each dialect's own keys are in its folder (dialect-config-fields.ts).
import { z } from 'zod';
import { DIALECT_CONFIG_FIELDS, DIALECT_ONLY_FIELDS } from './dialect-config-fields.js';
import { DIALECT_ALIASES, DIALECT_NAMES, SCAN_CAPPED_DIALECTS, dialectRules } from './dialects.js';

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
    // datathread additions
    ssl: z.boolean().default(false),
    dangerously_allow_writes: z.boolean().default(false),
    /** Bytes one query may read, where the engine itself can stop a query by it (BigQuery, ClickHouse, Trino; see README "Warehouse cost caps"). */
    max_scan_bytes: z.coerce.number().int().positive().optional(),
    /** Seconds opening a connection may take before the database counts as unreachable (default 10; connect-deadline.ts). */
    connect_timeout: z.coerce.number().positive().max(300).optional(),
    /** The resource scope for the on-behalf-of exchange, e.g. https://ossrdbms-aad.database.windows.net/.default */
    entra_scope: z.string().min(1).optional(),
    // Each dialect's own keys, defined in its folder.
    ...DIALECT_CONFIG_FIELDS,
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
    for (const [dialect, keys] of Object.entries(DIALECT_ONLY_FIELDS)) {
      for (const key of keys ?? []) {
        if (value[key as keyof typeof value] !== undefined && value.type !== dialect) context.addIssue({ code: 'custom', path: [key], message: `applies to type ${dialect} only` });
      }
    }
    if (value.max_scan_bytes !== undefined && !SCAN_CAPPED_DIALECTS.includes(value.type)) {
      context.addIssue({ code: 'custom', path: ['max_scan_bytes'], message: `is enforced for type ${SCAN_CAPPED_DIALECTS.join(', ')} only; ${value.type} cannot stop a query by the data it reads (see README "Warehouse cost caps" for what it can do)` });
    }
    if (value.auth_mode === 'azure_entra_id' && !rules.supportsEntraId) {
      const supported = DIALECT_NAMES.filter((name) => dialectRules(name).supportsEntraId).join(', ');
      context.addIssue({ code: 'custom', path: ['auth_mode'], message: `azure_entra_id is supported for type ${supported} only` });
    }
  });

export type DatabaseConfig = z.infer<typeof databaseConfigSchema>;
