// Which memories go into a turn's system prompt: the active ones of the asker's channel and the
// workspace, about no database or a database the asker may use, within a budget. The newest and
// the most used come first, taken in turn from both orders, so a fresh correction is seen at once
// and a long-trusted one is not pushed out by a burst of new ones.
import type { MemoryRecord, MemoryStore } from '../store/memory-store.js';
import { mayUseMemory, scopesFor } from './memory-scopes.js';

/** At most this many memories per prompt. */
export const MAX_PROMPT_MEMORIES = 20;
/** And at most this many characters of memory text per prompt. */
export const MAX_PROMPT_MEMORY_CHARACTERS = 2_000;

export interface PromptMemorySelection {
  memories: MemoryRecord[];
  /** Memories that applied but did not fit the budget. */
  omitted: number;
}

export async function selectPromptMemories(store: Pick<MemoryStore, 'listMemories'>, channelId: string | undefined, allowedDatabaseNames: ReadonlySet<string>): Promise<PromptMemorySelection> {
  const applicable = (await store.listMemories({ scopes: scopesFor(channelId), statuses: ['active'] })).filter((memory) => mayUseMemory(memory, allowedDatabaseNames));
  return withinBudget(applicable);
}

export function withinBudget(applicable: MemoryRecord[]): PromptMemorySelection {
  const newest = [...applicable].sort((left, right) => right.createdAt.getTime() - left.createdAt.getTime());
  const mostUsed = [...applicable].sort((left, right) => right.useCount - left.useCount || right.createdAt.getTime() - left.createdAt.getTime());
  const chosen: MemoryRecord[] = [];
  const seen = new Set<string>();
  let characters = 0;
  for (let index = 0; index < applicable.length && chosen.length < MAX_PROMPT_MEMORIES; index += 1) {
    for (const memory of [newest[index]!, mostUsed[index]!]) {
      if (seen.has(memory.id) || chosen.length >= MAX_PROMPT_MEMORIES) continue;
      seen.add(memory.id);
      if (characters + memory.text.length > MAX_PROMPT_MEMORY_CHARACTERS) continue;
      characters += memory.text.length;
      chosen.push(memory);
    }
  }
  return { memories: chosen, omitted: applicable.length - chosen.length };
}
