// Reads datathread.yaml once at start-up: YAML -> `{{ env() }}` interpolation -> zod validation.
// Every problem is reported with its key and a fix; nothing is served with a broken config.
import type { BudgetsConfig } from './budget-config.js';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { parse as parseYaml } from 'yaml';
import type { z } from 'zod';
import { selectEnabledTools, type AgentSettings } from './agent-settings.js';
import { ConfigError, type ConfigProblem } from './config-error.js';
import type { ContextSyncSchedule } from './context-sync-schedule-schema.js';
import { configFileSchema, type AccessRule, type McpServerConfig } from './config-schema.js';
import { DEFAULT_SYNC_EXCLUDED_COLUMNS, type DatabaseConfig } from '../databases/database-config.js';
import { checkDatabaseFiles } from './database-files.js';
import { DEFAULT_CONFIG_PATH, type Environment } from './environment.js';
import type { SchedulesSettings } from './schedules-settings-schema.js';
import { interpolateEnv } from './interpolate-env.js';
import { closestMatch, invalidValueProblem, keysAcceptedAt } from './did-you-mean.js';
import { DIALECT_ALIASES } from '../databases/dialects.js';
import { DEFAULT_MODELS } from './model-providers.js';
import { resolveModelSettings, type ModelConfiguration } from './model-settings.js';
import { toSandboxSettings, type SandboxSettings } from '../sandbox/sandbox-config.js';
import { unpricedModelProblems } from './budget-price-check.js';

export const DEMO_DATABASE_NAME = 'demo';

export interface LoadedConfig {
  /** Where the config came from: a file path, or "built-in demo". */
  source: string;
  isDemo: boolean;
  databases: DatabaseConfig[];
  agent: AgentSettings;
  /** The model provider and its settings, or why none is configured. */
  model: ModelConfiguration;
  accessRules: AccessRule[];
  /** `groups:`: named lists of people and platform groups, for access rules and person lists. */
  groups: Record<string, string[]>;
  /** The person lists of features (`verification.verifiers`, `admins`), as `datathread check --access` reports them. */
  featureLists: { verifier: string[]; admin: string[] };
  /** The project context folder, absolute (it may not exist: the context tools are then off). */
  context: { path: string; sync?: ContextSyncSchedule | undefined };
  python: { enabled: boolean };
  mcp: { servers: McpServerConfig[] };
  webSearch: { enabled: boolean };
  sandbox: SandboxSettings;
  /** Spending limits and the model price table; undefined: no limits. */
  budgets: BudgetsConfig | undefined;
  /** Who may verify answers (and approve workspace memories): Slack user ids, Teams AAD object ids, e-mails. */
  verification: { verifiers: string[] };
  /** `schedules:`: the default zone of new schedules and the failures in a row that pause one. */
  schedules: SchedulesSettings;
}

function formatPath(path: readonly PropertyKey[]): string {
  return path.reduce<string>((text, part) => (typeof part === 'number' ? `${text}[${part}]` : text ? `${text}.${String(part)}` : String(part)), '');
}

function fixFor(issue: z.core.$ZodIssue): string {
  switch (issue.code) {
    case 'unrecognized_keys':
      return 'remove the key or correct its spelling (see the configuration reference in docs/configuration.md)';
    case 'invalid_type':
      return `give it a value of type ${issue.expected}`;
    case 'invalid_value':
      return 'use one of the values listed';
    case 'too_small':
    case 'too_big':
      return 'use a value within the stated range';
    default:
      return 'correct the value as described in the configuration reference in docs/configuration.md';
  }
}

/** The value the config file gave at `path`, for naming it in a problem. */
function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let current = input;
  for (const part of path) {
    if (typeof current !== 'object' || current === null) return undefined;
    current = (current as Record<PropertyKey, unknown>)[part];
  }
  return current;
}

function suggestion(candidate: string | undefined): string {
  return candidate ? ` (did you mean "${candidate}"?)` : '';
}

/** Zod's issues as problems; `schema` and `input` let misspelt keys and values get a suggestion. */
export function describeIssues(issues: readonly z.core.$ZodIssue[], schema?: z.ZodType, input?: unknown): ConfigProblem[] {
  return issues.map((issue) => {
    const key = formatPath(issue.path);
    let extra: string;
    if (issue.code === 'unrecognized_keys') {
      const accepted = schema ? keysAcceptedAt(schema, issue.path) : [];
      extra = `unknown key${issue.keys.length > 1 ? 's' : ''} ${issue.keys.map((name) => `"${name}"${suggestion(closestMatch(name, accepted))}`).join(', ')}`;
    } else if (issue.code === 'invalid_value') {
      const accepted = [...issue.values.map(String), ...(issue.path.at(-1) === 'type' ? Object.keys(DIALECT_ALIASES) : [])];
      extra = invalidValueProblem(issue.message, valueAt(input, issue.path), accepted);
    } else extra = issue.message;
    return { key: key || '(root)', problem: extra, fix: fixFor(issue) };
  });
}

function resolveFilePaths(databases: DatabaseConfig[], configDirectory: string): DatabaseConfig[] {
  const fromConfig = (path: string) => (isAbsolute(path) ? path : resolve(configDirectory, path));
  return databases.map((database) => {
    const withPath = database.path && database.path !== ':memory:' && !isAbsolute(database.path) ? { ...database, path: resolve(configDirectory, database.path) } : database;
    // dbt artefacts are named relative to the config file, like database files.
    const dbt = withPath.sync?.dbt;
    if (!dbt || !withPath.sync) return withPath;
    return { ...withPath, sync: { ...withPath.sync, dbt: { manifest: fromConfig(dbt.manifest), ...(dbt.semantic_manifest ? { semantic_manifest: fromConfig(dbt.semantic_manifest) } : {}) } } };
  });
}

export function parseConfigText(text: string, source: string, environment: Environment): LoadedConfig {
  let raw: unknown;
  try {
    raw = parseYaml(text) ?? {};
  } catch (error) {
    throw new ConfigError(source, [{ key: '(file)', problem: `is not valid YAML (${(error as Error).message.split('\n')[0]})`, fix: 'correct the YAML syntax at the position shown' }]);
  }
  const problems: ConfigProblem[] = [];
  const interpolated = interpolateEnv(raw, environment.variables, problems);
  if (problems.length > 0) throw new ConfigError(source, problems);
  const parsed = configFileSchema.safeParse(interpolated);
  if (!parsed.success) throw new ConfigError(source, describeIssues(parsed.error.issues, configFileSchema, interpolated));
  const value = parsed.data;
  const configDirectory = dirname(resolve(source));
  const fileProblems: ConfigProblem[] = [];
  const databases = checkDatabaseFiles(resolveFilePaths(value.databases, configDirectory), configDirectory, fileProblems);
  if (fileProblems.length > 0) throw new ConfigError(source, fileProblems);
  const model = resolveModelSettings(environment, value.agent);
  const budgetProblems = unpricedModelProblems(value.budgets, model.configured ? model.settings.model : undefined);
  if (budgetProblems.length > 0) throw new ConfigError(source, budgetProblems);
  return {
    source,
    isDemo: false,
    databases,
    agent: {
      model: model.configured ? model.settings.model : (environment.model ?? value.agent.model ?? DEFAULT_MODELS.openai),
      maxSteps: value.agent.max_steps,
      turnTimeoutMs: value.agent.turn_timeout_ms,
      queryTimeoutMs: value.agent.query_timeout_ms,
      rowCap: value.agent.row_cap,
      enabledTools: selectEnabledTools(value.agent.tools, { python: value.python.enabled, webSearch: value.web_search.enabled }),
    },
    model,
    accessRules: value.access.rules,
    groups: value.groups,
    featureLists: { verifier: value.verification.verifiers, admin: value.admins },
    context: { path: resolve(configDirectory, value.context.path), sync: value.context.sync },
    python: { enabled: value.python.enabled },
    mcp: { servers: value.mcp.servers.filter((server) => server.enabled) },
    webSearch: { enabled: value.web_search.enabled },
    sandbox: toSandboxSettings(value.sandbox),
    budgets: value.budgets,
    verification: { verifiers: value.verification.verifiers },
    schedules: { defaultTimeZone: value.schedules.default_timezone, pauseAfterFailures: value.schedules.pause_after_failures },
  };
}

/** The directory where datathread keeps local files (demo warehouse, charts) next to its state. */
export function localDataDirectory(environment: Environment): string {
  const path = /^sqlite:(.+)$/.exec(environment.stateUrl)?.[1];
  if (path !== undefined && path !== ':memory:') return dirname(resolve(path));
  return resolve('.datathread');
}

export function loadConfig(environment: Environment): LoadedConfig {
  const path = environment.configPath;
  if (!existsSync(path)) {
    if (path !== DEFAULT_CONFIG_PATH) {
      throw new ConfigError(path, [{ key: 'DATATHREAD_CONFIG', problem: `points to ${path}, which does not exist`, fix: 'create the file or unset DATATHREAD_CONFIG to use the built-in demo warehouse' }]);
    }
    const demo = parseConfigText('{}', 'built-in demo', environment);
    return {
      ...demo,
      isDemo: true,
      // The demo shows the sandbox too; the registry drops it where no backend works.
      agent: { ...demo.agent, enabledTools: [...demo.agent.enabledTools, 'execute_sandboxed_code'] },
      databases: [
        {
          name: DEMO_DATABASE_NAME,
          type: 'duckdb',
          path: join(localDataDirectory(environment), 'demo-warehouse.duckdb'),
          auth_mode: 'password',
          ssl: false,
          dangerously_allow_writes: false,
          allow_file_access: false,
          // Made-up data: showing its frequent values in the synced files harms no one.
          sync: { sample_values: true, exclude_columns: DEFAULT_SYNC_EXCLUDED_COLUMNS },
        },
      ],
    };
  }
  const text = readFileSync(path, 'utf8');
  const loaded = parseConfigText(text, path, environment);
  if (loaded.databases.length === 0) {
    throw new ConfigError(path, [{ key: 'databases', problem: 'is empty', fix: 'list at least one database (see docs/configuration.md), or remove the file to use the built-in demo warehouse' }]);
  }
  return loaded;
}
