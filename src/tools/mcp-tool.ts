// One MCP tool offered to the model as `server__tool`, with its repaired schema: validate the
// arguments against it -> call the server -> render what it returned as text.
import { dynamicTool, jsonSchema } from 'ai';
import type { ToolContext } from './tool-context.js';
import type { McpConnections, McpToolDescriptor } from '../mcp/mcp-connections.js';
import { renderMcpCallResult } from '../mcp/render-call-result.js';
import { renderValidationError } from '../mcp/validate-arguments.js';

export type McpToolOutput =
  | { _version: '1'; status: 'ok'; server: string; tool: string; text: string; isError: boolean }
  | { _version: '1'; status: 'validation_error'; server: string; tool: string; issues: string[] };

export async function callMcpTool(descriptor: McpToolDescriptor, input: unknown, connections: McpConnections, context: ToolContext): Promise<McpToolOutput> {
  const issues = descriptor.validate(input ?? {});
  if (issues.length > 0) return { _version: '1', status: 'validation_error', server: descriptor.server, tool: descriptor.name, issues };
  context.reportStatus(`Asking ${descriptor.server}…`);
  const result = await connections.callTool(descriptor.server, descriptor.name, (input ?? {}) as Record<string, unknown>, context.signal);
  return { _version: '1', status: 'ok', server: descriptor.server, tool: descriptor.name, text: renderMcpCallResult(result), isError: result.isError === true };
}

export function renderMcpToolOutput(output: McpToolOutput): string {
  if (output.status === 'validation_error') return renderValidationError(output.server, output.tool, output.issues);
  return output.text;
}

export function createMcpTool(descriptor: McpToolDescriptor, connections: McpConnections, context: ToolContext) {
  return dynamicTool({
    description: `${descriptor.description}\n(Tool "${descriptor.name}" of the MCP server "${descriptor.server}".)`,
    inputSchema: jsonSchema(descriptor.inputSchema),
    execute: (input) => callMcpTool(descriptor, input, connections, context),
    toModelOutput: ({ output }) => ({ type: 'text', value: renderMcpToolOutput(output as McpToolOutput) }),
  });
}
