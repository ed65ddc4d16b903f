// The system prompt's section of remembered corrections: rules people in this channel (or verifiers,
// for the whole workspace) told the agent earlier. They are shown as the user's own rules, with ids
// so "forget …" can name one.
export interface PromptMemory {
  id: string;
  text: string;
  scope: 'channel' | 'workspace';
  databaseName: string | null;
}

export interface PromptMemories {
  memories: PromptMemory[];
  /** Memories that applied but did not fit the budget. */
  omitted: number;
}

export function describeMemories(input: PromptMemories): string | undefined {
  if (input.memories.length === 0) return undefined;
  const lines = input.memories.map((memory) => {
    const where = memory.scope === 'channel' ? 'this channel' : 'workspace';
    const about = memory.databaseName ? `, ${memory.databaseName}` : '';
    return `- ${memory.text} (${memory.id}; ${where}${about})`;
  });
  const more = input.omitted > 0 ? [`- … and ${input.omitted} more (remember with action "list" shows them)`] : [];
  return [
    '## Remembered corrections',
    'Rules and corrections people here told you earlier. Follow them unless the user says otherwise now; when a user contradicts one, ask whether to forget it.',
    ...lines,
    ...more,
  ].join('\n');
}
