// The one place that decides which tools a turn gets (as nao's getTools): from the settings and
// what the place and the platform support — no clarification where nobody can answer; context
// tools when the folder exists; execute_python when Monty loads; execute_sandboxed_code when a
// sandbox backend works on this host; web search when the provider
// offers it; the configured MCP servers' tools when they are connected.
import type { ToolSet } from 'ai';
import type { ToolName } from '../config/agent-settings.js';
import type { ContextFolder } from '../context-files/context-folder.js';
import type { McpConnections } from '../mcp/mcp-connections.js';
import { createMcpTool } from '../mcp/mcp-tool.js';
import type { PythonAvailability } from '../python/load-monty.js';
import type { SandboxRuntime } from '../sandbox/sandbox-runtime.js';
import { createClarificationTool } from './clarification.js';
import { createExecutePythonTool } from './execute-python.js';
import { createExecuteSandboxedCodeTool } from './execute-sandboxed-code.js';
import { createExecuteSqlTool } from './execute-sql.js';
import { createGrepFilesTool } from './grep-files.js';
import { createListFilesTool } from './list-files.js';
import { createReadFileTool } from './read-file.js';
import { createReadQueryResultTool } from './read-query-result.js';
import { createSearchFilesTool } from './search-files.js';
import { createSuggestFollowUpsTool } from './suggest-follow-ups.js';
import type { ToolContext } from './tool-context.js';
import { createWebSearchTool } from './web-search.js';

export interface ToolAvailability {
  available: boolean;
  /** Why not (or "off"), for `datathread check`. */
  reason?: string;
}

/** What this process can offer beyond the core tools; built once at start-up (tool-runtime.ts). */
export interface ToolRuntime {
  /** The configured context folder (the context tools need it to exist). */
  contextFolder?: ContextFolder;
  python?: PythonAvailability;
  sandbox?: SandboxRuntime;
  webSearch?: ToolAvailability;
  mcp?: McpConnections;
}

export interface ToolSetOptions {
  /** False in non-interactive runs (datathread mcp, ask without a terminal): no clarification. */
  interactive: boolean;
  /** Without it, only the core tools are offered. */
  runtime?: ToolRuntime;
}

type ToolFactory = (context: ToolContext, runtime: ToolRuntime) => ToolSet[string];

const factories: Partial<Record<ToolName, ToolFactory>> = {
  execute_sql: createExecuteSqlTool,
  read_query_result: createReadQueryResultTool,
  clarification: createClarificationTool,
  suggest_follow_ups: createSuggestFollowUpsTool,
  read: (_context, runtime) => createReadFileTool(runtime.contextFolder!),
  list: (_context, runtime) => createListFilesTool(runtime.contextFolder!),
  search: (_context, runtime) => createSearchFilesTool(runtime.contextFolder!),
  grep: (_context, runtime) => createGrepFilesTool(runtime.contextFolder!),
  execute_python: (context, runtime) => {
    const python = runtime.python as Extract<PythonAvailability, { available: true }>;
    return createExecutePythonTool(context, { monty: python.monty, folder: contextFolderOf(runtime) });
  },
  web_search: () => createWebSearchTool(),
  execute_sandboxed_code: (context, runtime) => {
    const sandbox = runtime.sandbox as Extract<SandboxRuntime, { available: true }>;
    return createExecuteSandboxedCodeTool(context, { pool: sandbox.pool, limits: sandbox.limits });
  },
};

function contextFolderOf(runtime: ToolRuntime | undefined): ContextFolder | undefined {
  return runtime?.contextFolder?.exists() ? runtime.contextFolder : undefined;
}

const requirements: Partial<Record<ToolName, (runtime: ToolRuntime | undefined) => boolean>> = {
  read: (runtime) => contextFolderOf(runtime) !== undefined,
  list: (runtime) => contextFolderOf(runtime) !== undefined,
  search: (runtime) => contextFolderOf(runtime) !== undefined,
  grep: (runtime) => contextFolderOf(runtime) !== undefined,
  execute_python: (runtime) => runtime?.python?.available === true,
  web_search: (runtime) => runtime?.webSearch?.available === true,
  execute_sandboxed_code: (runtime) => runtime?.sandbox?.available === true,
};

/** Registers a tool implemented in another module (charts, stories) without a cycle of imports. */
export function registerToolFactory(name: ToolName, factory: (context: ToolContext) => ToolSet[string]): void {
  factories[name] = factory;
}

export function selectToolNames(enabled: readonly ToolName[], options: ToolSetOptions): ToolName[] {
  return enabled.filter(
    (name) =>
      factories[name] !== undefined &&
      (name !== 'clarification' || options.interactive) &&
      (requirements[name]?.(options.runtime) ?? true),
  );
}

/** Every tool name a turn is offered, MCP tools (`server__tool`) included: for `datathread check`. */
export function listOfferedToolNames(enabled: readonly ToolName[], options: ToolSetOptions): string[] {
  return [...selectToolNames(enabled, options), ...(options.runtime?.mcp?.tools() ?? []).map((tool) => tool.exposedName)];
}

export function createToolSet(context: ToolContext, options: ToolSetOptions): ToolSet {
  const runtime = options.runtime ?? {};
  const tools: ToolSet = {};
  for (const name of selectToolNames(context.settings.enabledTools, options)) tools[name] = factories[name]!(context, runtime);
  const mcp = runtime.mcp;
  if (mcp) {
    for (const descriptor of mcp.tools()) {
      if (!(descriptor.exposedName in tools)) tools[descriptor.exposedName] = createMcpTool(descriptor, mcp, context);
    }
  }
  return tools;
}
