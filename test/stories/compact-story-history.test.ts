// Older results of the same story are cut to their header in the history, so the model always
// works from the latest version; the latest stays whole even when it is long.
import type { ModelMessage } from 'ai';
import { describe, expect, it } from 'vitest';
import { historyFromStore } from '../../src/conversations/history.js';
import { compactStoryHistory, OLDER_STORY_CODE_NOTE, olderStoryNote } from '../../src/stories/compact-story-history.js';
import { renderStoryOutput } from '../../src/stories/story-output.js';
import type { StoredMessage } from '../../src/store/types.js';
import type { JsonValue } from '../../src/databases/types.js';

function storyCall(toolCallId: string, input: Record<string, string>): ModelMessage {
  return { role: 'assistant', content: [{ type: 'tool-call', toolCallId, toolName: 'story', input }] };
}

function storyResult(toolCallId: string, id: string, version: number, title: string, code: string): ModelMessage {
  const value = renderStoryOutput({ _version: '1', status: 'ok', id, action: version === 1 ? 'create' : 'update', version, title, code, summary: '' });
  return { role: 'tool', content: [{ type: 'tool-result', toolCallId, toolName: 'story', output: { type: 'text', value } }] };
}

const longCode = `# Report\n\n${'A long paragraph of analysis. '.repeat(120)}`;

const conversation: ModelMessage[] = [
  { role: 'user', content: 'Write a report' },
  storyCall('call_1', { action: 'create', id: 'report', title: 'Report', code: '# Report v1' }),
  storyResult('call_1', 'report', 1, 'Report', '# Report v1'),
  storyCall('call_2', { action: 'create', id: 'other', title: 'Other', code: '# Other' }),
  storyResult('call_2', 'other', 1, 'Other', '# Other'),
  { role: 'user', content: 'Make it longer' },
  storyCall('call_3', { action: 'replace', id: 'report', code: longCode }),
  storyResult('call_3', 'report', 2, 'Report', longCode),
  storyCall('call_4', { action: 'update', id: 'other', search: 'x', replace: 'y' }),
  { role: 'tool', content: [{ type: 'tool-result', toolCallId: 'call_4', toolName: 'story', output: { type: 'text', value: 'Error: Search string not found in story "other".' } }] },
];

describe('compactStoryHistory', () => {
  it('shortens every older version of a story (result and call code) and keeps the latest whole', () => {
    const compacted = compactStoryHistory(conversation);
    expect(compacted[2]).toEqual({
      role: 'tool',
      content: [{ type: 'tool-result', toolCallId: 'call_1', toolName: 'story', output: { type: 'text', value: olderStoryNote('Report', 1, 'report', 2) } }],
    });
    expect(olderStoryNote('Report', 1, 'report', 2)).toBe(
      'Story "Report" (v1) — report\n\n(An older version, shortened in the history. The latest version of this story, v2, appears later in the conversation: always edit from the latest version.)',
    );
    expect(compacted[1]).toEqual(storyCall('call_1', { action: 'create', id: 'report', title: 'Report', code: OLDER_STORY_CODE_NOTE }));
    expect(compacted.slice(3)).toEqual(conversation.slice(3));
    expect(compacted[0]).toBe(conversation[0]);
  });

  it('is pure and returns the same messages when nothing is outdated', () => {
    const before = JSON.stringify(conversation);
    compactStoryHistory(conversation);
    expect(JSON.stringify(conversation)).toBe(before);
    expect(compactStoryHistory(conversation.slice(0, 5))).toEqual(conversation.slice(0, 5));
  });
});

describe('historyFromStore', () => {
  it('applies the story compaction and does not cut the latest story code at the generic length limit', () => {
    const stored: StoredMessage[] = conversation.map((message, sequence) => ({
      threadId: 't',
      sequence,
      role: message.role as StoredMessage['role'],
      content: JSON.parse(JSON.stringify(message)) as JsonValue,
      createdAt: new Date(0),
    }));
    const history = historyFromStore(stored);
    const latest = history[7];
    expect(latest?.role === 'tool' && latest.content[0]?.type === 'tool-result' && latest.content[0].output).toEqual({
      type: 'text',
      value: renderStoryOutput({ _version: '1', status: 'ok', id: 'report', action: 'update', version: 2, title: 'Report', code: longCode, summary: '' }),
    });
    expect(longCode.length).toBeGreaterThan(2_000);
    const older = history[2];
    expect(older?.role === 'tool' && older.content[0]?.type === 'tool-result' && older.content[0].output).toEqual({ type: 'text', value: olderStoryNote('Report', 1, 'report', 2) });
  });
});
