// The remembered corrections for one turn's system prompt, and their use counted. A store failure
// here costs the turn its memories, never the answer: logged and left out.
import type { PromptMemories } from './memory-prompt.js';
import type { DatabaseAdapter } from '../databases/types.js';
import type { Logger } from '../logging/logger.js';
import type { MemoryStore } from '../store/memory-store.js';
import { scopeKind } from './memory-scopes.js';
import { selectPromptMemories } from './memory-selection.js';

export async function promptMemoriesFor(
  store: Pick<MemoryStore, 'listMemories' | 'recordMemoryUse'>,
  channelId: string | undefined,
  allowedDatabases: DatabaseAdapter[],
  now: Date,
  logger: Logger,
): Promise<PromptMemories | undefined> {
  try {
    const selection = await selectPromptMemories(store, channelId || undefined, new Set(allowedDatabases.map((database) => database.name)));
    if (selection.memories.length === 0) return undefined;
    await store.recordMemoryUse(selection.memories.map((memory) => memory.id), now);
    return {
      memories: selection.memories.map((memory) => ({ id: memory.id, text: memory.text, scope: scopeKind(memory.scope), databaseName: memory.databaseName })),
      omitted: selection.omitted,
    };
  } catch (error) {
    logger.error('remembered corrections could not be read; the turn runs without them', { channelId, error });
    return undefined;
  }
}
