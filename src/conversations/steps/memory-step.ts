// Remembered corrections in a turn: the ones that apply to this channel and these databases go into
// the system prompt, and their use is counted. Never fails a turn (prompt-memories.ts).
import type { Logger } from '../../logging/logger.js';
import { promptMemoriesFor } from '../../memory/prompt-memories.js';
import type { MemoryStore } from '../../store/memory-store.js';
import type { Clock } from '../../support/clock-and-ids.js';
import type { TurnStep } from './turn-step.js';

export function memoryStep(options: { memories: Pick<MemoryStore, 'listMemories' | 'recordMemoryUse'>; clock: Clock; logger: Logger }): TurnStep {
  return {
    name: 'memory',
    async start(turn) {
      return { prompt: async () => ({ memories: await promptMemoriesFor(options.memories, turn.request.place.channelId, turn.databases, options.clock(), options.logger) }) };
    },
  };
}
