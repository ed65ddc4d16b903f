// The shapes the tool map is written in: what this process can offer beyond the core tools, the
// situation of one turn, and how one tool answers "can you be offered here, and how are you built".
import type { ToolSet } from 'ai';
import type { ModelProvider } from '../config/model-providers.js';
import type { ContextFolder } from '../context-files/context-folder.js';
import type { McpConnections } from '../mcp/mcp-connections.js';
import type { PythonAvailability } from '../python/load-monty.js';
import type { SandboxRuntime } from '../sandbox/sandbox-runtime.js';
import type { ToolContext } from './tool-context.js';

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
  /** Anthropic's web fetch, gated with web search. */
  webFetch?: ToolAvailability;
  /** The configured model provider: which web tools exist, whether tool results may carry images. */
  modelProvider?: ModelProvider;
  mcp?: McpConnections;
  /** `admins` from the config: list_schedules shows them every schedule when they ask for all. */
  scheduleAdmins?: readonly string[];
}

export interface ToolSetOptions {
  /** False in non-interactive runs (datathread mcp, ask without a terminal): no clarification. */
  interactive: boolean;
  /** Without it, only the core tools are offered. */
  runtime?: ToolRuntime;
}

export type ToolFactory = (context: ToolContext) => ToolSet[string];

/**
 * One tool's entry in the tool map: the factory when the turn's situation allows the tool, or
 * undefined when it cannot be offered there (no folder, no Python, nobody to answer a question).
 */
export type ToolOffer = (options: ToolSetOptions) => ToolFactory | undefined;
