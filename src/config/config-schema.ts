// The datathread.yaml schema. Unknown keys are errors (a typo must not silently do nothing).
import { z } from 'zod';
import { toolNames } from './agent-settings.js';
import { PLATFORMS } from '../support/platforms.js';
import { databaseConfigSchema } from '../databases/database-config.js';
import { modelProviders } from './model-providers.js';
import { budgetsSchema } from './budget-config.js';
import { sandboxSchema } from '../sandbox/sandbox-config.js';
import { contextSyncScheduleSchema } from './context-sync-schedule-schema.js';
import { schedulesSettingsSchema } from './schedules-settings-schema.js';
import { checkGroupReferences } from './group-references.js';

export const DEFAULT_MAX_STEPS = 20;
export const DEFAULT_TURN_TIMEOUT_MS = 300_000;
export const DEFAULT_QUERY_TIMEOUT_MS = 30_000;
export const DEFAULT_ROW_CAP = 10_000;
export const DEFAULT_CONTEXT_PATH = './context';
export const DEFAULT_MCP_STARTUP_TIMEOUT_MS = 20_000;
export const DEFAULT_MCP_CALL_TIMEOUT_MS = 60_000;

const agentSchema = z
  .object({
    /** Omitted: inferred from which provider's settings the environment holds. */
    provider: z.enum(modelProviders).optional(),
    /** Omitted: the provider's default model (Azure: AZURE_OPENAI_DEPLOYMENT). */
    model: z.string().min(1).optional(),
    max_steps: z.number().int().min(1).max(200).default(DEFAULT_MAX_STEPS),
    turn_timeout_ms: z.number().int().min(1_000).default(DEFAULT_TURN_TIMEOUT_MS),
    query_timeout_ms: z.number().int().min(100).default(DEFAULT_QUERY_TIMEOUT_MS),
    row_cap: z.number().int().min(1).max(1_000_000).default(DEFAULT_ROW_CAP),
    /** Omitted: the core tools, the context tools, and execute_python / web_search when their sections enable them. */
    tools: z.array(z.enum(toolNames)).min(1).optional(),
  })
  .strict();

const accessRuleSchema = z
  .object({
    /** Database names this rule grants, or ["*"] for all. */
    databases: z.array(z.string().min(1)).min(1),
    platforms: z.array(z.enum(PLATFORMS)).optional(),
    /** Slack channel ids / Teams channel ids. */
    channels: z.array(z.string().min(1)).optional(),
    /** Slack team ids / Teams team ids. */
    teams: z.array(z.string().min(1)).optional(),
    /** Platform user ids (Slack U…, Teams AAD object id), e-mail addresses or group entries (`group:finance`). */
    users: z.array(z.string().min(1)).optional(),
    /** Groups whose members this rule matches: a name under `groups:`, `slack-group:S…` or `entra-group:<object id>`. */
    groups: z.array(z.string().min(1)).min(1).optional(),
  })
  .strict();

const accessSchema = z
  .object({
    /** With no rules, everyone may use every database. With rules, a database needs a matching rule. */
    rules: z.array(accessRuleSchema).default([]),
  })
  .strict();

/** `groups: { finance: [ana@example.com, U012AB3CD, slack-group:S0123ABC] }`: names for lists of people. */
const groupsSchema = z.record(z.string().regex(/^[A-Za-z0-9_-]+$/, 'a group name uses letters, digits, "-" and "_"'), z.array(z.string().min(1)).min(1));

const contextSchema = z
  .object({
    /** The project context folder (notes, metric definitions, example queries); relative to this file. */
    path: z.string().min(1).default(DEFAULT_CONTEXT_PATH),
    /** `datathread sync` inside the server, on a cron schedule (one replica per occurrence). */
    sync: contextSyncScheduleSchema.optional(),
  })
  .strict();

const verificationSchema = z
  .object({
    /** Who may verify answers and approve workspace memories: Slack user ids, Teams AAD object ids or e-mail addresses. */
    verifiers: z.array(z.string().min(1)).default([]),
  })
  .strict();

const pythonSchema = z.object({ enabled: z.boolean().default(true) }).strict();

const webSearchSchema = z.object({ enabled: z.boolean().default(false) }).strict();

/** Names become tool-name prefixes (`server__tool`): letters, digits, `-` and single `_`. */
const mcpServerNameSchema = z
  .string()
  .regex(/^[A-Za-z0-9-]+(?:_[A-Za-z0-9-]+)*$/, 'must use letters, digits, "-" and single "_" (it becomes the prefix of its tool names)')
  .max(40);

const mcpServerSchema = z
  .object({
    name: mcpServerNameSchema,
    /** stdio: the command to start and its arguments. */
    command: z.string().min(1).optional(),
    args: z.array(z.string()).default([]),
    env: z.record(z.string(), z.string()).default({}),
    cwd: z.string().min(1).optional(),
    /** Streamable HTTP: the endpoint URL and request headers. */
    url: z.url().optional(),
    headers: z.record(z.string(), z.string()).default({}),
    enabled: z.boolean().default(true),
    /** How long to wait for the server to start and list its tools. */
    startup_timeout_ms: z.number().int().min(100).default(DEFAULT_MCP_STARTUP_TIMEOUT_MS),
    /** How long one tool call may take. */
    call_timeout_ms: z.number().int().min(100).default(DEFAULT_MCP_CALL_TIMEOUT_MS),
  })
  .strict()
  .superRefine((value, context) => {
    if (Boolean(value.command) === Boolean(value.url)) {
      context.addIssue({ code: 'custom', path: ['command'], message: 'give either `command` (a stdio server) or `url` (a streamable HTTP server), not both or neither' });
    }
  });

const mcpSchema = z.object({ servers: z.array(mcpServerSchema).default([]) }).strict();

export const configFileSchema = z
  .object({
    /** nao_config.yaml keys that datathread does not use are tolerated so the file can be shared. */
    project_name: z.string().optional(),
    databases: z.array(databaseConfigSchema).default([]),
    agent: agentSchema.default(agentSchema.parse({})),
    access: accessSchema.default({ rules: [] }),
    groups: groupsSchema.default({}),
    context: contextSchema.default({ path: DEFAULT_CONTEXT_PATH }),
    python: pythonSchema.default({ enabled: true }),
    mcp: mcpSchema.default({ servers: [] }),
    web_search: webSearchSchema.default({ enabled: false }),
    sandbox: sandboxSchema.default(sandboxSchema.parse({})),
    verification: verificationSchema.default({ verifiers: [] }),
    /** Workspace admins (manage anyone's schedules, see every usage figure): the same entries as `verification.verifiers`. */
    admins: z.array(z.string().min(1)).default([]),
    /** Spending limits; absent: no limits (usage is still recorded). */
    budgets: budgetsSchema.optional(),
    /** Scheduled reports and alerts: the default zone and when a failing schedule pauses itself. */
    schedules: schedulesSettingsSchema.default(schedulesSettingsSchema.parse({})),
  })
  .strict()
  .superRefine((value, context) => {
    const seen = new Set<string>();
    value.databases.forEach((database, index) => {
      if (seen.has(database.name)) {
        context.addIssue({ code: 'custom', path: ['databases', index, 'name'], message: `"${database.name}" is used twice; names must be unique` });
      }
      seen.add(database.name);
    });
    const serverNames = new Set<string>();
    value.mcp.servers.forEach((server, index) => {
      if (serverNames.has(server.name)) {
        context.addIssue({ code: 'custom', path: ['mcp', 'servers', index, 'name'], message: `"${server.name}" is used twice; names must be unique` });
      }
      serverNames.add(server.name);
    });
    value.access.rules.forEach((rule, index) => {
      for (const name of rule.databases) {
        if (name !== '*' && !seen.has(name)) {
          context.addIssue({ code: 'custom', path: ['access', 'rules', index, 'databases'], message: `names "${name}", which is not in the databases list` });
        }
      }
    });
    checkGroupReferences(value, context);
  });

export type AccessRule = z.infer<typeof accessRuleSchema>;
export type McpServerConfig = z.infer<typeof mcpServerSchema>;
