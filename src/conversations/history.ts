// Conversation history as the model sees it on the next turn: everything that was said, tool calls
// and results included, with long tool results of earlier turns shortened (the rows stay reachable
// through read_query_result, so nothing large is ever re-sent whole).
import type { ModelMessage } from 'ai';
import type { JsonValue } from '../databases/types.js';
import type { StoredMessage } from '../store/types.js';
import { compactStoryHistory, STORY_TOOL_NAME } from '../stories/compact-story-history.js';

export const MAX_HISTORY_TOOL_RESULT_CHARACTERS = 2_000;
export const SHORTENED_NOTE = '\n…(shortened in the history; call read_query_result with the query id above to see rows again)';

type ToolResultOutput = { type: string; value?: unknown };

type ContentPart = { type: string; [key: string]: unknown };

export const IMAGE_IN_HISTORY_NOTE = '(the chart image was shown when it was drawn)';

/** Images in tool results are seen once: the history keeps a note instead of the base64 bytes. */
function withoutImages(output: ToolResultOutput): ToolResultOutput {
  if (output.type !== 'content' || !Array.isArray(output.value)) return output;
  return {
    ...output,
    value: (output.value as ContentPart[]).map((part) => (isImagePart(part) ? { type: 'text', text: IMAGE_IN_HISTORY_NOTE } : part)),
  };
}

/** A chart image in a tool result: the `file` part with an image media type, or the older part types stored before it. */
function isImagePart(part: ContentPart): boolean {
  if (part.type === 'image-data' || part.type === 'media') return true;
  return part.type === 'file' && typeof part.mediaType === 'string' && part.mediaType.startsWith('image');
}

function shortenOutput(output: ToolResultOutput): ToolResultOutput {
  if (output.type === 'text' && typeof output.value === 'string' && output.value.length > MAX_HISTORY_TOOL_RESULT_CHARACTERS) {
    return { ...output, value: output.value.slice(0, MAX_HISTORY_TOOL_RESULT_CHARACTERS) + SHORTENED_NOTE };
  }
  if (output.type === 'json' && JSON.stringify(output.value).length > MAX_HISTORY_TOOL_RESULT_CHARACTERS) {
    return { type: 'text', value: JSON.stringify(output.value).slice(0, MAX_HISTORY_TOOL_RESULT_CHARACTERS) + SHORTENED_NOTE };
  }
  return output;
}

function mapToolOutputs(message: ModelMessage, change: (output: ToolResultOutput) => ToolResultOutput): ModelMessage {
  if (message.role !== 'tool') return message;
  return {
    ...message,
    content: message.content.map((part) => (part.type === 'tool-result' ? { ...part, output: change(part.output as ToolResultOutput) as typeof part.output } : part)),
  };
}

export function compactMessage(message: ModelMessage): ModelMessage {
  if (message.role !== 'tool') return message;
  return {
    ...message,
    content: message.content.map((part) =>
      // A story's latest version must stay whole; compactStoryHistory already shortened older ones.
      part.type === 'tool-result' && part.toolName !== STORY_TOOL_NAME
        ? { ...part, output: shortenOutput(part.output as ToolResultOutput) as typeof part.output }
        : part,
    ),
  };
}

export function historyFromStore(messages: StoredMessage[]): ModelMessage[] {
  return compactStoryHistory(messages.map((message) => message.content as unknown as ModelMessage)).map(compactMessage);
}

export function toStorable(message: ModelMessage): JsonValue {
  return JSON.parse(JSON.stringify(mapToolOutputs(message, withoutImages))) as JsonValue;
}

/** The text of the last user message, for the Retry button. */
export function lastUserText(messages: ModelMessage[]): string | undefined {
  for (let index = messages.length - 1; index >= 0; index -= 1) {
    const message = messages[index]!;
    if (message.role !== 'user') continue;
    if (typeof message.content === 'string') return message.content;
    const text = message.content.map((part) => (part.type === 'text' ? part.text : '')).join('');
    if (text) return text;
  }
  return undefined;
}
