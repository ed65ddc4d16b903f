// The one place that decides which tools a turn gets (as nao's getTools): from the settings and
// what the place and the platform support — no clarification where nobody can answer; context
// tools when the folder exists; execute_python when Monty loads; web search when the provider
// offers it; the configured MCP servers' tools when they are connected.
import type { ToolSet } from 'ai';
import type { ToolName } from '../config/agent-settings.js';
import type { ContextFolder } from '../context-files/context-folder.js';
import type { McpConnections } from '../mcp/mcp-connections.js';
import { createMcpTool } from '../mcp/mcp-tool.js';
import type { PythonAvailability } from '../python/load-monty.js';
import { createClarificationTool } from './clarification.js';
import { createExecutePythonTool } from './execute-python.js';
import { createExecuteSqlTool } from './execute-sql.js';
import { createGrepFilesTool } from './grep-files.js';
import { createListFilesTool } from './list-files.js';
import { createReadFileTool } from './read-file.js';
import { createReadQueryResultTool } from './read-query-result.js';
import { createSearchFilesTool } from './search-files.js';
import { createSuggestFollowUpsTool } from './suggest-follow-ups.js';
import { withPortableInputSchema } from './portable-input-schema.js';
import type { ToolContext } from './tool-context.js';
import { createWebTool } from './web-search.js';
import type { ModelProvider } from '../config/model-providers.js';

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
  webSearch?: ToolAvailability;
  /** Anthropic's web fetch, gated with web search. */
  webFetch?: ToolAvailability;
  /** The configured model provider: which web tools exist, whether tool results may carry images. */
  modelProvider?: ModelProvider;
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
  web_search: (_context, runtime) => createWebTool('web_search', runtime.modelProvider),
  web_fetch: (_context, runtime) => createWebTool('web_fetch', runtime.modelProvider),
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
  web_fetch: (runtime) => runtime?.webFetch?.available === true,
};

/** Registers a tool implemented in another module (charts, stories) without a cycle of imports. */
export function registerToolFactory(name: ToolName, factory: ToolFactory): void {
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
  // Every tool shows the model a schema all providers accept (portable-input-schema.ts).
  for (const name of selectToolNames(context.settings.enabledTools, options)) tools[name] = withPortableInputSchema(factories[name]!(context, runtime));
  const mcp = runtime.mcp;
  if (mcp) {
    for (const descriptor of mcp.tools()) {
      if (!(descriptor.exposedName in tools)) tools[descriptor.exposedName] = withPortableInputSchema(createMcpTool(descriptor, mcp, context));
    }
  }
  return tools;
}
