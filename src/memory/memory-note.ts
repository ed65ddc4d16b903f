// What a turn tells the thread about memories: "I'll remember: …" (with Undo), a workspace memory
// waiting for a verifier (Approve / Reject), or one forgotten on request. Part of the reply plan,
// so Slack, Teams and the terminal show the same note.
export interface MemoryNote {
  memoryId: string;
  text: string;
  scope: 'channel' | 'workspace';
  databaseName?: string;
  /** `remembered`: in use now; `pending`: waits for a verifier; `forgotten`: removed on request. */
  state: 'remembered' | 'pending' | 'forgotten';
}

export const MEMORY_SENTENCES = {
  remembered: "I'll remember:",
  pending: 'Proposed for the whole workspace, waiting for a verifier:',
  forgotten: 'Forgotten:',
} as const;

/** The line under a note: where it applies, and what happens next. */
export function memoryNoteDetail(note: MemoryNote): string {
  const where = note.scope === 'channel' ? 'This channel' : 'The whole workspace';
  const about = note.databaseName ? ` · about ${note.databaseName}` : '';
  const next = note.state === 'pending' ? ' · a verifier approves or rejects it' : '';
  return `${where}${about}${next}`;
}
