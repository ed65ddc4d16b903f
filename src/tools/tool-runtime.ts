// Builds, once per process, what the registry needs to offer the optional tools: the context
// folder, the Monty interpreter (when enabled and loadable), the sandbox pool (when listed and a
// backend works here), which web tools the model provider offers, and the
// connected MCP servers. `datathread check` prints the same facts.
import type { LoadedConfig } from '../config/load-config.js';
import { ContextFolder } from '../context-files/context-folder.js';
import { contextSearchIndexFor } from '../context-files/context-search-index.js';
import type { Logger } from '../logging/logger.js';
import { McpConnections } from '../mcp/mcp-connections.js';
import { loadMonty, type PythonAvailability } from '../python/load-monty.js';
import { closeSharedPythonPool } from '../python/python-pool.js';
import { closeSharedChartRenderPool } from '../charts/chart-render-pool.js';
import { reportWorkerFailuresTo } from '../support/worker-failures.js';
import { probeBubblewrap } from '../sandbox/sandbox-availability.js';
import { startSandboxRuntime, type SandboxRuntime } from '../sandbox/sandbox-runtime.js';
import { randomIdFactory, systemClock } from '../support/clock-and-ids.js';
import type { ToolRuntime } from './tool-offer.js';
import { webToolAvailability } from './web-search.js';

export interface StartedToolRuntime {
  runtime: ToolRuntime;
  close(): Promise<void>;
}

export async function pythonAvailabilityFor(config: Pick<LoadedConfig, 'python'>): Promise<PythonAvailability> {
  if (!config.python.enabled) return { available: false, reason: 'off (python.enabled is false)' };
  return loadMonty();
}

/** Probes the sandbox backend only when execute_sandboxed_code is listed; the probe starts Python once. */
export async function sandboxRuntimeFor(config: Pick<LoadedConfig, 'agent' | 'sandbox'>): Promise<SandboxRuntime> {
  if (!config.agent.enabledTools.includes('execute_sandboxed_code')) return { available: false, reason: 'off (execute_sandboxed_code is not in agent.tools)' };
  return startSandboxRuntime(await probeBubblewrap(), { settings: config.sandbox, now: systemClock, createId: randomIdFactory });
}

export async function startToolRuntime(config: LoadedConfig, logger: Logger): Promise<StartedToolRuntime> {
  const modelProvider = config.model.configured ? config.model.settings.provider : undefined;
  reportWorkerFailuresTo(logger);
  const contextFolder = new ContextFolder(config.context.path);
  if (!contextFolder.exists()) logger.info('no context folder: the read, list, search and grep tools are off', { path: contextFolder.root });
  // The search index's first build reads every file (seconds for thousands of tables): start it now,
  // so the first question does not wait for it.
  else void contextSearchIndexFor(contextFolder).refresh().catch((error: unknown) => logger.warn('context search index not built yet; the first search builds it', { error }));
  const python = await pythonAvailabilityFor(config);
  if (!python.available && config.python.enabled) logger.warn(`execute_python is off: ${python.reason}`);
  const sandbox = await sandboxRuntimeFor(config);
  if (!sandbox.available && config.agent.enabledTools.includes('execute_sandboxed_code')) logger.warn(`execute_sandboxed_code is off: ${sandbox.reason}`);
  const mcp = config.mcp.servers.length > 0 ? await McpConnections.start(config.mcp.servers, logger) : McpConnections.empty();
  return {
    runtime: {
      contextFolder,
      python,
      webSearch: webToolAvailability('web_search', config.webSearch.enabled, modelProvider),
      webFetch: webToolAvailability('web_fetch', config.webSearch.enabled, modelProvider),
      modelProvider,
      sandbox,
      mcp,
      scheduleAdmins: config.featureLists.admin,
    },
    close: async () => {
      await mcp.close();
      if (sandbox.available) await sandbox.pool.close();
      await closeSharedPythonPool();
      await closeSharedChartRenderPool();
    },
  };
}
