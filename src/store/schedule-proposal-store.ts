// The schedule proposals half of the Store: what the `schedule` tool proposed, until Confirm or
// Cancel. Each decision is a compare-and-set from `pending`, so two clicks (or two replicas) decide once.
import type { NewSchedule } from './schedule-types.js';
import type { NewScheduleProposal, ScheduleProposalRecord } from './schedule-proposal.js';

export interface ScheduleProposalStore {
  saveScheduleProposal(proposal: NewScheduleProposal): Promise<void>;
  getScheduleProposal(proposalId: string): Promise<ScheduleProposalRecord | undefined>;
  /**
   * Marks the pending proposal confirmed and creates `schedule`, in one transaction; false (and no
   * schedule) when the proposal is no longer pending.
   */
  confirmScheduleProposal(proposalId: string, schedule: NewSchedule, decidedBy: string, now: Date): Promise<boolean>;
  /** Marks the pending proposal cancelled; false when it is no longer pending. */
  cancelScheduleProposal(proposalId: string, decidedBy: string, now: Date): Promise<boolean>;
}
