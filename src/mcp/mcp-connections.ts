// The MCP servers of the config, connected once at start-up: each one is started (stdio) or
// reached (streamable HTTP), its tools listed and their schemas repaired. A server that fails is
// recorded with the reason (for `datathread check` and the log) and skipped; the others serve.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONSchema7 } from 'ai';
import { z } from 'zod';
import type { McpServerConfig } from '../config/config-schema.js';
import type { Logger } from '../logging/logger.js';
import { exposedToolName } from './mcp-tool-name.js';
import type { McpCallResult } from './render-call-result.js';
import { repairToolSchema } from './repair-schema.js';
import { compileArgumentsValidator, type ArgumentsValidator } from './validate-arguments.js';
import { DatathreadError } from '../support/errors.js';

export const CLIENT_INFO = { name: 'datathread', version: '0.1.0' };
const STDERR_LINES_KEPT = 20;
const MAX_TOOL_PAGES = 20;

export interface McpToolDescriptor {
  server: string;
  /** The tool's own name on its server. */
  name: string;
  /** The name the model sees: `server__tool`. */
  exposedName: string;
  description: string;
  inputSchema: JSONSchema7;
  validate: ArgumentsValidator;
}

export interface McpServerStatus {
  name: string;
  transport: 'stdio' | 'http';
  /** `node server.mjs` or the URL. */
  target: string;
  connected: boolean;
  toolNames: string[];
  error?: string;
}

interface Connection {
  config: McpServerConfig;
  client: Client;
  tools: McpToolDescriptor[];
}

export class McpServerUnavailableError extends DatathreadError {
  override readonly name = 'McpServerUnavailableError';
  readonly code = 'mcp_server_unavailable';
}

function describeTarget(config: McpServerConfig): string {
  return config.url ?? [config.command, ...config.args].join(' ');
}

function createTransport(config: McpServerConfig, stderrLines: string[]): Transport {
  if (config.url) {
    return new StreamableHTTPClientTransport(new URL(config.url), { requestInit: { headers: config.headers } });
  }
  const transport = new StdioClientTransport({ command: config.command!, args: config.args, env: config.env, cwd: config.cwd, stderr: 'pipe' });
  transport.stderr?.on('data', (chunk: Buffer) => {
    stderrLines.push(...chunk.toString('utf8').split(/\r?\n/).filter(Boolean));
    stderrLines.splice(0, Math.max(0, stderrLines.length - STDERR_LINES_KEPT));
  });
  return transport;
}

/**
 * tools/list read leniently: the SDK's own listTools() rejects the whole list when one schema has
 * `required: null`, and repairing such schemas is the point.
 */
const lenientToolListSchema = z.looseObject({
  tools: z.array(z.looseObject({ name: z.string(), title: z.string().optional(), description: z.string().optional(), inputSchema: z.unknown() })),
  nextCursor: z.string().optional(),
});

async function listAllTools(client: Client, config: McpServerConfig): Promise<McpToolDescriptor[]> {
  const tools: McpToolDescriptor[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < MAX_TOOL_PAGES; page += 1) {
    const listed = await client.request({ method: 'tools/list', params: cursor ? { cursor } : {} }, lenientToolListSchema, { timeout: config.startup_timeout_ms });
    for (const tool of listed.tools) {
      const inputSchema = repairToolSchema(tool.inputSchema);
      tools.push({
        server: config.name,
        name: tool.name,
        exposedName: exposedToolName(config.name, tool.name),
        description: tool.description ?? tool.title ?? tool.name,
        inputSchema,
        validate: compileArgumentsValidator(inputSchema),
      });
    }
    cursor = listed.nextCursor;
    if (!cursor) break;
  }
  return tools;
}

export class McpConnections {
  private constructor(
    private readonly connections: Map<string, Connection>,
    readonly statuses: McpServerStatus[],
  ) {}

  static empty(): McpConnections {
    return new McpConnections(new Map(), []);
  }

  /** Connects every server in parallel; never throws for a server that fails. */
  static async start(servers: McpServerConfig[], logger: Logger): Promise<McpConnections> {
    const connections = new Map<string, Connection>();
    const statuses = await Promise.all(
      servers.map(async (config): Promise<McpServerStatus> => {
        const base = { name: config.name, transport: config.url ? ('http' as const) : ('stdio' as const), target: describeTarget(config) };
        const stderrLines: string[] = [];
        const client = new Client(CLIENT_INFO);
        try {
          await client.connect(createTransport(config, stderrLines), { timeout: config.startup_timeout_ms });
          const tools = await listAllTools(client, config);
          connections.set(config.name, { config, client, tools });
          logger.info('MCP server connected', { server: config.name, tools: tools.length });
          return { ...base, connected: true, toolNames: tools.map((tool) => tool.name) };
        } catch (error) {
          await client.close().catch(() => undefined);
          const stderr = stderrLines.length > 0 ? ` (its last output: ${stderrLines.slice(-3).join(' | ')})` : '';
          const message = `${(error as Error).message}${stderr}`;
          logger.warn(`MCP server "${config.name}" could not be started and is skipped: ${message}`, { server: config.name });
          return { ...base, connected: false, toolNames: [], error: message };
        }
      }),
    );
    return new McpConnections(connections, statuses);
  }

  /** Every tool of every connected server; a later tool whose exposed name is taken is dropped. */
  tools(): McpToolDescriptor[] {
    const seen = new Set<string>();
    const tools: McpToolDescriptor[] = [];
    for (const connection of this.connections.values()) {
      for (const tool of connection.tools) {
        if (seen.has(tool.exposedName)) continue;
        seen.add(tool.exposedName);
        tools.push(tool);
      }
    }
    return tools;
  }

  async callTool(server: string, tool: string, args: Record<string, unknown>, signal?: AbortSignal): Promise<McpCallResult> {
    const connection = this.connections.get(server);
    if (!connection) throw new McpServerUnavailableError(`MCP server "${server}" is not connected.`);
    try {
      return (await connection.client.callTool({ name: tool, arguments: args }, undefined, { signal, timeout: connection.config.call_timeout_ms })) as McpCallResult;
    } catch (error) {
      throw new McpServerUnavailableError(`MCP server "${server}" failed while running ${tool}: ${(error as Error).message}`);
    }
  }

  async close(): Promise<void> {
    await Promise.allSettled([...this.connections.values()].map((connection) => connection.client.close()));
    this.connections.clear();
  }
}
