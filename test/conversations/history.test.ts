import type { ModelMessage } from 'ai';
import { describe, expect, it } from 'vitest';
import { compactMessage, IMAGE_IN_HISTORY_NOTE, lastUserText, MAX_HISTORY_TOOL_RESULT_CHARACTERS, SHORTENED_NOTE, toStorable } from '../../src/conversations/history.js';

describe('history replay', () => {
  it('shortens long tool results of earlier turns and leaves short ones alone', () => {
    const long = 'x'.repeat(5_000);
    const message: ModelMessage = {
      role: 'tool',
      content: [
        { type: 'tool-result', toolCallId: 'a', toolName: 'execute_sql', output: { type: 'text', value: long } },
        { type: 'tool-result', toolCallId: 'b', toolName: 'execute_sql', output: { type: 'text', value: 'short' } },
      ],
    };
    const compacted = compactMessage(message);
    if (compacted.role !== 'tool') throw new Error('role changed');
    const [first, second] = compacted.content as Array<{ output: { type: string; value: string } }>;
    expect(first!.output.value).toBe('x'.repeat(MAX_HISTORY_TOOL_RESULT_CHARACTERS) + SHORTENED_NOTE);
    expect(second!.output.value).toBe('short');
  });

  it('stores a chart image as a note, whether the tool result holds a file part or the older image part', () => {
    const chartResult = (image: Record<string, unknown>) =>
      ({
        role: 'tool',
        content: [{ type: 'tool-result', toolCallId: 'c', toolName: 'display_chart', output: { type: 'content', value: [{ type: 'text', text: 'Chart displayed successfully.' }, image] } }],
      }) as ModelMessage;
    const shapes = [
      { type: 'file', mediaType: 'image/png', data: { type: 'data', data: 'iVBORw0KGgo=' } },
      { type: 'image-data', mediaType: 'image/png', data: 'iVBORw0KGgo=' },
    ];
    for (const image of shapes) {
      const stored = toStorable(chartResult(image)) as { content: Array<{ output: { value: unknown[] } }> };
      const [result] = stored.content;
      expect(result!.output.value).toEqual([
        { type: 'text', text: 'Chart displayed successfully.' },
        { type: 'text', text: IMAGE_IN_HISTORY_NOTE },
      ]);
    }
  });

  it('finds the last question for a retry', () => {
    const messages: ModelMessage[] = [
      { role: 'user', content: 'first' },
      { role: 'assistant', content: 'answer' },
      { role: 'user', content: [{ type: 'text', text: 'second' }] },
    ];
    expect(lastUserText(messages)).toBe('second');
    expect(lastUserText([])).toBeUndefined();
  });
});
