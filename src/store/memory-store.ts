// Remembered corrections ("revenue means net of refunds"): one sentence each, kept for a channel or
// for the whole workspace, optionally about one database. The store half of src/memories/.
import type { Platform } from '../support/platforms.js';

/** `active` memories reach the system prompt; `pending` ones wait for a verifier (workspace scope). */
export type MemoryStatus = 'active' | 'pending' | 'rejected' | 'forgotten';

/** `workspace`, or `channel:<channel id>` (a Slack or Teams channel id, `console` for the terminal). */
export type MemoryScope = string;

export interface MemoryRecord {
  /** `memory_` + 8 characters. */
  id: string;
  /** One sentence, as the agent proposed it. */
  text: string;
  scope: MemoryScope;
  /** The database it concerns; null when it concerns none in particular. */
  databaseName: string | null;
  status: MemoryStatus;
  /** Who proposed it: a platform user id (`cli` for `datathread memory add`). */
  proposedBy: { platform: Platform | 'cli'; userId: string; displayName?: string };
  /** Who approved a workspace memory (or null: channel memories and CLI additions need nobody). */
  approvedBy: string | null;
  /** The thread it was proposed in; null from the CLI. */
  threadId: string | null;
  createdAt: Date;
  /** When it last went into a system prompt. */
  lastUsedAt: Date | null;
  /** How many turns' system prompts it was in. */
  useCount: number;
}

export interface MemoryFilter {
  /** Only these scopes (any when absent). */
  scopes?: MemoryScope[];
  /** Only these statuses (any when absent). */
  statuses?: MemoryStatus[];
}

export interface MemoryStatusChange {
  id: string;
  /** The change happens only while the memory has one of these statuses (no double approval). */
  from: MemoryStatus[];
  to: MemoryStatus;
  /** Recorded as the approver when set. */
  approvedBy?: string;
}

export interface MemoryStore {
  saveMemory(memory: MemoryRecord): Promise<void>;
  getMemory(id: string): Promise<MemoryRecord | undefined>;
  /** Newest first. */
  listMemories(filter?: MemoryFilter): Promise<MemoryRecord[]>;
  /** Changes the status atomically; returns the memory after the change, or undefined when it was not in `from`. */
  changeMemoryStatus(change: MemoryStatusChange): Promise<MemoryRecord | undefined>;
  /** Counts one use of each memory (it went into a system prompt) at `now`. */
  recordMemoryUse(ids: string[], now: Date): Promise<void>;
}
