// What an MCP tool returned, as text for the model: text blocks as they are, other blocks named,
// structured content as JSON when there is no text, an error flagged as such. Cut at 32,000
// characters like a file read.

export const MCP_MAX_RESULT_CHARACTERS = 32_000;

export interface McpContentBlock {
  type: string;
  text?: string;
  mimeType?: string;
  uri?: string;
  name?: string;
  resource?: { uri?: string; text?: string; mimeType?: string };
}

export interface McpCallResult {
  content?: McpContentBlock[];
  structuredContent?: unknown;
  isError?: boolean;
  /** Very old servers answer with `toolResult`. */
  toolResult?: unknown;
}

function renderBlock(block: McpContentBlock): string {
  switch (block.type) {
    case 'text':
      return block.text ?? '';
    case 'image':
    case 'audio':
      return `[${block.type} (${block.mimeType ?? 'unknown type'}) returned by the tool; it is not shown here]`;
    case 'resource':
      return block.resource?.text ?? `[resource ${block.resource?.uri ?? ''}]`;
    case 'resource_link':
      return `[link: ${block.name ? `${block.name} ` : ''}${block.uri ?? ''}]`;
    default:
      return `[${block.type} content]`;
  }
}

export function renderMcpCallResult(result: McpCallResult): string {
  const blocks = (result.content ?? []).map(renderBlock).filter((text) => text.length > 0);
  let text = blocks.join('\n\n');
  if (!text && result.structuredContent !== undefined) text = JSON.stringify(result.structuredContent, null, 2);
  if (!text && result.toolResult !== undefined) text = JSON.stringify(result.toolResult, null, 2);
  if (!text) text = '(the tool returned no content)';
  if (text.length > MCP_MAX_RESULT_CHARACTERS) {
    text = `${text.slice(0, MCP_MAX_RESULT_CHARACTERS)}...(${text.length - MCP_MAX_RESULT_CHARACTERS} more characters cut)`;
  }
  return result.isError ? `The tool reported an error:\n${text}` : text;
}
