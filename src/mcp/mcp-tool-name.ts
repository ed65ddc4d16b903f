// MCP tools are offered to the model as `server__tool`. Function names must match
// ^[a-zA-Z0-9_-]{1,64}$ for OpenAI, so other characters become `_` and long names are cut.

export const MCP_TOOL_SEPARATOR = '__';
export const MAX_TOOL_NAME_LENGTH = 64;

export function exposedToolName(server: string, tool: string): string {
  return `${server}${MCP_TOOL_SEPARATOR}${tool}`.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, MAX_TOOL_NAME_LENGTH);
}
