// The display_chart input last drawn from a query in a thread, read back from the stored
// conversation: a schedule asked for in a later message ("send me this every Monday") still gets the
// chart an earlier answer drew, without the chart being stored anywhere else.
import type { JsonValue } from '../databases/types.js';
import type { StoredMessage } from '../store/types.js';

interface ToolCallPart {
  type: 'tool-call';
  toolName: string;
  input: { query_id?: unknown } & Record<string, JsonValue>;
}

function isDisplayChartCall(part: unknown): part is ToolCallPart {
  if (typeof part !== 'object' || part === null) return false;
  const candidate = part as Partial<ToolCallPart>;
  return candidate.type === 'tool-call' && candidate.toolName === 'display_chart' && typeof candidate.input === 'object' && candidate.input !== null;
}

/** query id -> the latest display_chart input drawn from it in these messages. */
export function chartConfigsInMessages(messages: readonly StoredMessage[]): Map<string, JsonValue> {
  const configs = new Map<string, JsonValue>();
  for (const message of messages) {
    const content = (message.content as { content?: unknown } | null)?.content;
    if (message.role !== 'assistant' || !Array.isArray(content)) continue;
    for (const part of content) {
      if (isDisplayChartCall(part) && typeof part.input.query_id === 'string') configs.set(part.input.query_id, part.input);
    }
  }
  return configs;
}
