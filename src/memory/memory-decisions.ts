// What a click or a chat request does to a memory: Undo (a channel memory), Approve / Reject (a
// workspace memory, verifiers only), Forget. Channels and the remember tool both come here, so the
// rules are the same wherever the request comes from. A status change is atomic in the store: two
// verifiers clicking at once approve a memory once, and the slower one hears it was already done.
import type { MemoryRecord, MemoryStatus, MemoryStore } from '../store/memory-store.js';
import type { MemoryNote } from './memory-note.js';
import { scopeKind, WORKSPACE_SCOPE, channelScope } from './memory-scopes.js';
import { personListMatches } from '../access/person-lists.js';

export type MemoryDecision = 'undo' | 'approve' | 'reject' | 'forget';

export interface MemoryDecider {
  userId: string;
  email?: string | undefined;
  displayName?: string | undefined;
  /** The group entries the person belongs to (group-membership.ts, as for access rules): a verifier may be listed by a group. */
  groups?: readonly string[] | undefined;
  /** The channel the request came from: a channel memory is only changed from its own channel. */
  channelId: string | undefined;
}

export type MemoryDecisionResult =
  /** Done: `sentence` goes into the thread. */
  | { kind: 'done'; memory: MemoryRecord; sentence: string }
  /** Not allowed or not possible: `reason` goes to the requester only. */
  | { kind: 'refused'; reason: string };

export const ONLY_VERIFIERS_REASON = 'Only verifiers (verification.verifiers in the datathread config) can approve, reject or forget workspace memories.';
export const MEMORY_GONE_REASON = 'That memory does not exist (any more).';
export const OTHER_CHANNEL_REASON = 'That memory belongs to another channel; it can only be changed there.';

const TRANSITIONS: Record<MemoryDecision, { from: MemoryStatus[]; to: MemoryStatus }> = {
  undo: { from: ['active', 'pending'], to: 'forgotten' },
  forget: { from: ['active', 'pending'], to: 'forgotten' },
  approve: { from: ['pending'], to: 'active' },
  reject: { from: ['pending'], to: 'rejected' },
};

export class MemoryDecisions {
  constructor(
    private readonly store: Pick<MemoryStore, 'getMemory' | 'changeMemoryStatus'>,
    private readonly verifiers: readonly string[],
  ) {}

  isVerifier(person: Pick<MemoryDecider, 'userId' | 'email' | 'groups'>): boolean {
    return personListMatches(this.verifiers, person);
  }

  async decide(decision: MemoryDecision, memoryId: string, decider: MemoryDecider): Promise<MemoryDecisionResult> {
    const memory = await this.store.getMemory(memoryId);
    if (!memory) return { kind: 'refused', reason: MEMORY_GONE_REASON };
    const refusal = this.refusalFor(decision, memory, decider);
    if (refusal) return { kind: 'refused', reason: refusal };
    const transition = TRANSITIONS[decision];
    const name = decider.displayName ?? decider.userId;
    const changed = await this.store.changeMemoryStatus({ id: memoryId, ...transition, ...(decision === 'approve' ? { approvedBy: name } : {}) });
    if (!changed) {
      const current = await this.store.getMemory(memoryId);
      return { kind: 'refused', reason: `That memory is already ${current?.status ?? 'gone'}.` };
    }
    return { kind: 'done', memory: changed, sentence: decisionSentence(decision, changed, name) };
  }

  private refusalFor(decision: MemoryDecision, memory: MemoryRecord, decider: MemoryDecider): string | undefined {
    if (memory.scope === WORKSPACE_SCOPE) {
      // A person may take back their own proposal while it waits; anything else needs a verifier.
      const ownPending = decision !== 'approve' && memory.status === 'pending' && memory.proposedBy.userId === decider.userId;
      return ownPending || this.isVerifier(decider) ? undefined : ONLY_VERIFIERS_REASON;
    }
    if (decision === 'approve' || decision === 'reject') return 'Channel memories apply at once; there is nothing to approve.';
    return decider.channelId !== undefined && memory.scope === channelScope(decider.channelId) ? undefined : OTHER_CHANNEL_REASON;
  }
}

function decisionSentence(decision: MemoryDecision, memory: MemoryRecord, name: string): string {
  switch (decision) {
    case 'undo':
      return `Undone by ${name}: I will not remember “${memory.text}”.`;
    case 'forget':
      return `Forgotten by ${name}: “${memory.text}”.`;
    case 'approve':
      return `Approved by ${name}: “${memory.text}” now applies in every channel.`;
    case 'reject':
      return `Rejected by ${name}: “${memory.text}” will not be remembered.`;
  }
}

/** The thread note for a memory the agent just proposed or forgot. */
export function memoryNoteFor(memory: MemoryRecord, state: MemoryNote['state']): MemoryNote {
  return { memoryId: memory.id, text: memory.text, scope: scopeKind(memory.scope), ...(memory.databaseName ? { databaseName: memory.databaseName } : {}), state };
}
