// The one place that decides which tools a turn gets (as nao's getTools): the enabled names that
// the tool map can offer in this situation, then the configured MCP servers' tools when connected.
import type { ToolSet } from 'ai';
import type { ToolName } from '../config/agent-settings.js';
import { createMcpTool } from './mcp-tool.js';
import { builtInTools } from './built-in-tools.js';
import { withPortableInputSchema } from './portable-input-schema.js';
import type { ToolContext } from './tool-context.js';
import type { ToolFactory, ToolSetOptions } from './tool-offer.js';

function offeredFactories(enabled: readonly ToolName[], options: ToolSetOptions): [ToolName, ToolFactory][] {
  const offered: [ToolName, ToolFactory][] = [];
  for (const name of enabled) {
    const factory = builtInTools[name](options);
    if (factory) offered.push([name, factory]);
  }
  return offered;
}

export function selectToolNames(enabled: readonly ToolName[], options: ToolSetOptions): ToolName[] {
  return offeredFactories(enabled, options).map(([name]) => name);
}

/** Every tool name a turn is offered, MCP tools (`server__tool`) included: for `datathread check`. */
export function listOfferedToolNames(enabled: readonly ToolName[], options: ToolSetOptions): string[] {
  return [...selectToolNames(enabled, options), ...(options.runtime?.mcp?.tools() ?? []).map((tool) => tool.exposedName)];
}

export function createToolSet(context: ToolContext, options: ToolSetOptions): ToolSet {
  const tools: ToolSet = {};
  // Every tool shows the model a schema all providers accept (portable-input-schema.ts).
  for (const [name, factory] of offeredFactories(context.settings.enabledTools, options)) tools[name] = withPortableInputSchema(factory(context));
  const mcp = options.runtime?.mcp;
  if (mcp) {
    for (const descriptor of mcp.tools()) {
      if (!(descriptor.exposedName in tools)) tools[descriptor.exposedName] = withPortableInputSchema(createMcpTool(descriptor, mcp, context));
    }
  }
  return tools;
}
