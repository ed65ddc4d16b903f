// Builds, once per process, what the registry needs to offer the optional tools: the context
// folder, the Monty interpreter (when enabled and loadable), web search availability, and the
// connected MCP servers. `datathread check` prints the same facts.
import type { Environment } from '../config/environment.js';
import type { LoadedConfig } from '../config/load-config.js';
import { ContextFolder } from '../context-files/context-folder.js';
import type { Logger } from '../logging/logger.js';
import { McpConnections } from '../mcp/mcp-connections.js';
import { loadMonty, type PythonAvailability } from '../python/load-monty.js';
import type { ToolRuntime } from './tool-offer.js';
import { webSearchAvailability } from './web-search.js';

export interface StartedToolRuntime {
  runtime: ToolRuntime;
  close(): Promise<void>;
}

export async function pythonAvailabilityFor(config: Pick<LoadedConfig, 'python'>): Promise<PythonAvailability> {
  if (!config.python.enabled) return { available: false, reason: 'off (python.enabled is false)' };
  return loadMonty();
}

export async function startToolRuntime(config: LoadedConfig, environment: Environment, logger: Logger): Promise<StartedToolRuntime> {
  const contextFolder = new ContextFolder(config.context.path);
  if (!contextFolder.exists()) logger.info('no context folder: the read, list, search and grep tools are off', { path: contextFolder.root });
  const python = await pythonAvailabilityFor(config);
  if (!python.available && config.python.enabled) logger.warn(`execute_python is off: ${python.reason}`);
  const mcp = config.mcp.servers.length > 0 ? await McpConnections.start(config.mcp.servers, logger) : McpConnections.empty();
  return {
    runtime: { contextFolder, python, webSearch: webSearchAvailability(config.webSearch.enabled, environment), mcp },
    close: () => mcp.close(),
  };
}
