// What the remember tool needs to know about the turn it runs in.
import type { MemoryDecisions } from './memory-decisions.js';

export interface MemoryTurnSettings {
  /** The asker's channel (`console` in the terminal): the scope of a channel memory. */
  channelId: string | undefined;
  /** Undo / approve / forget rules, with the configured verifiers. */
  decisions: MemoryDecisions;
}
