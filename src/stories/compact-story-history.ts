// History compaction for stories: the model must always work from the latest version. Every
// earlier successful story result for the same id is cut to its header line plus a note, and the
// `code` of the call that produced it is dropped, so no outdated full code stays in the history.
import type { ModelMessage } from 'ai';
import { STORY_RESULT_HEADER, storyResultHeader } from './story-output.js';

export const STORY_TOOL_NAME = 'story';
export const OLDER_STORY_CODE_NOTE = '(older version, shortened in the history)';

export function olderStoryNote(title: string, version: number, id: string, latestVersion: number): string {
  return `${storyResultHeader(title, version, id)}\n\n(An older version, shortened in the history. The latest version of this story, v${latestVersion}, appears later in the conversation: always edit from the latest version.)`;
}

interface StoryResult {
  toolCallId: string;
  id: string;
  title: string;
  version: number;
}

function textOf(output: unknown): string | undefined {
  const candidate = output as { type?: string; value?: unknown } | undefined;
  return candidate?.type === 'text' && typeof candidate.value === 'string' ? candidate.value : undefined;
}

function storyResults(messages: readonly ModelMessage[]): StoryResult[] {
  const results: StoryResult[] = [];
  for (const message of messages) {
    if (message.role !== 'tool') continue;
    for (const part of message.content) {
      if (part.type !== 'tool-result' || part.toolName !== STORY_TOOL_NAME) continue;
      const header = STORY_RESULT_HEADER.exec(textOf(part.output)?.split('\n', 1)[0] ?? '');
      if (header) results.push({ toolCallId: part.toolCallId, title: header[1]!, version: Number(header[2]), id: header[3]! });
    }
  }
  return results;
}

/** Pure: returns new messages; the input is left as it was. */
export function compactStoryHistory(messages: readonly ModelMessage[]): ModelMessage[] {
  const results = storyResults(messages);
  const latest = new Map<string, number>();
  for (const result of results) latest.set(result.id, Math.max(latest.get(result.id) ?? 0, result.version));
  const older = new Map(results.filter((result) => result.version < latest.get(result.id)!).map((result) => [result.toolCallId, result]));
  if (older.size === 0) return [...messages];

  return messages.map((message): ModelMessage => {
    if (message.role === 'tool') {
      return {
        ...message,
        content: message.content.map((part) => {
          const result = part.type === 'tool-result' ? older.get(part.toolCallId) : undefined;
          if (!result || part.type !== 'tool-result') return part;
          const value = olderStoryNote(result.title, result.version, result.id, latest.get(result.id)!);
          return { ...part, output: { type: 'text' as const, value } };
        }),
      };
    }
    if (message.role === 'assistant' && typeof message.content !== 'string') {
      return {
        ...message,
        content: message.content.map((part) => {
          if (part.type !== 'tool-call' || !older.has(part.toolCallId)) return part;
          const input = part.input as Record<string, unknown> | null;
          if (!input || typeof input !== 'object' || typeof input.code !== 'string') return part;
          return { ...part, input: { ...input, code: OLDER_STORY_CODE_NOTE } };
        }),
      };
    }
    return message;
  });
}
