// Which memories a prompt gets: newest and most used first, taken in turn, within the count and
// character budgets; and how the prompt section reads.
import { describe, expect, it } from 'vitest';
import { describeMemories } from '../../src/memory/memory-prompt.js';
import { MAX_PROMPT_MEMORIES, MAX_PROMPT_MEMORY_CHARACTERS, withinBudget } from '../../src/memory/memory-selection.js';
import type { MemoryRecord } from '../../src/store/memory-store.js';

function memory(index: number, overrides: Partial<MemoryRecord> = {}): MemoryRecord {
  return {
    id: `memory_${String(index).padStart(8, '0')}`,
    text: `Rule number ${index}.`,
    scope: 'channel:C1',
    databaseName: null,
    status: 'active',
    proposedBy: { platform: 'slack', userId: 'U1' },
    approvedBy: null,
    threadId: null,
    createdAt: new Date(Date.UTC(2026, 0, 1) + index * 60_000),
    lastUsedAt: null,
    useCount: 0,
    ...overrides,
  };
}

describe('memory selection', () => {
  it('alternates the newest and the most used, and keeps at most MAX_PROMPT_MEMORIES', () => {
    const memories = Array.from({ length: 30 }, (_, index) => memory(index, { useCount: index === 3 ? 50 : index === 5 ? 40 : 0 }));
    const selection = withinBudget(memories);
    expect(selection.memories).toHaveLength(MAX_PROMPT_MEMORIES);
    expect(selection.omitted).toBe(30 - MAX_PROMPT_MEMORIES);
    // Newest (29), most used (3), next newest (28), next most used (5), …
    expect(selection.memories.slice(0, 4).map((each) => each.id)).toEqual(['memory_00000029', 'memory_00000003', 'memory_00000028', 'memory_00000005']);
  });

  it('keeps the text within MAX_PROMPT_MEMORY_CHARACTERS, skipping one that does not fit for shorter ones that do', () => {
    const long = 'x'.repeat(MAX_PROMPT_MEMORY_CHARACTERS - 20);
    const selection = withinBudget([memory(3, { text: long }), memory(2, { text: 'y'.repeat(50) }), memory(1, { text: 'Short rule.' })]);
    expect(selection.memories.map((each) => each.id)).toEqual(['memory_00000003', 'memory_00000001']);
    expect(selection.omitted).toBe(1);
  });

  it('writes the prompt section with ids, scope and database, and says how many were left out', () => {
    expect(
      describeMemories({
        memories: [
          { id: 'memory_a', text: 'Revenue means net of refunds.', scope: 'channel', databaseName: 'shop' },
          { id: 'memory_b', text: 'The fiscal year starts on 1 February.', scope: 'workspace', databaseName: null },
        ],
        omitted: 2,
      }),
    ).toBe(
      [
        '## Remembered corrections',
        'Rules and corrections people here told you earlier. Follow them unless the user says otherwise now; when a user contradicts one, ask whether to forget it.',
        '- Revenue means net of refunds. (memory_a; this channel, shop)',
        '- The fiscal year starts on 1 February. (memory_b; workspace)',
        '- … and 2 more (remember with action "list" shows them)',
      ].join('\n'),
    );
    expect(describeMemories({ memories: [], omitted: 0 })).toBeUndefined();
  });
});
