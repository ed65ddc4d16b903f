// What a click on Confirm or Cancel under a schedule proposal does, for Slack and Teams alike. Only
// the asker or a workspace admin (`admins`, matched by id, e-mail or a group the clicker belongs to)
// may decide. Confirm saves the schedule with its first run, the delivery target the channel settles
// at the click (for the asker, whoever clicks) and a link back to the source thread; the store's compare-and-set makes a
// second click (or one on another replica, or after a restart) find the proposal decided and answer
// as the first did, saving nothing more. An expired proposal says so and saves nothing.
import type { JsonValue } from '../databases/types.js';
import { personListMatches } from '../access/person-lists.js';
import type { Store } from '../store/types.js';
import type { Clock, IdFactory } from '../support/clock-and-ids.js';
import { nextOccurrence } from './cron-occurrences.js';
import type { ScheduleDestination, ScheduleProposalRecord } from '../store/schedule-proposal.js';
import type { ScheduleOwner } from '../store/schedule-types.js';

export type ScheduleProposalDecision = 'confirm' | 'cancel';

export interface ScheduleProposalDecider {
  userId: string;
  email?: string | undefined;
  displayName?: string | undefined;
  /** The group entries the clicker belongs to (group-membership.ts), so `admins` may name a group. */
  groups?: readonly string[] | undefined;
}

/** `done`: replace the buttons with the sentence, for everyone. `refused`: tell the clicker only. */
export type ScheduleProposalResult = { kind: 'done'; sentence: string; scheduleId?: string } | { kind: 'refused'; reason: string };

/**
 * Where the schedule posts, in the channel's own terms, for the destination the proposal names. The
 * owner is the asker, not necessarily the clicker: notices for the owner must still reach the asker.
 */
export type DeliveryForDestination = (destination: ScheduleDestination, owner: ScheduleOwner) => JsonValue;

/** A link to the thread the proposal was made in, asked for only on a Confirm that saves; undefined when the platform gave none. */
export type SourceLinkForConfirm = () => Promise<string | undefined>;

export const SCHEDULE_PROPOSAL_SENTENCES = {
  scheduled: (summary: string, scheduleId: string) => `Scheduled: ${summary} · id ${scheduleId}`,
  cancelled: (name?: string) => `Cancelled${name ? ` by ${name}` : ''}: nothing was scheduled.`,
  expired: 'This proposal expired (a proposal waits 24 hours for Confirm); nothing was scheduled. Ask again for a new one.',
  unknown: 'This schedule proposal is no longer known; nothing was scheduled. Ask again for a new one.',
  neverRuns: 'Its timetable has no further run; nothing was scheduled. Ask again with another time.',
  /** Under the proposal, until it is decided. */
  whoConfirms: (ownerName: string) => `Only ${ownerName} or a workspace admin can confirm · expires in 24 hours`,
  notAllowed: (ownerName: string) => `Only ${ownerName}, who asked for this schedule, or a workspace admin can confirm or cancel it.`,
} as const;

export function proposalOwnerName(proposal: Pick<ScheduleProposalRecord, 'owner'>): string {
  return proposal.owner.displayName ?? proposal.owner.userId;
}

export class ScheduleProposalDecisions {
  constructor(
    private readonly store: Store,
    private readonly admins: readonly string[],
    private readonly clock: Clock,
    private readonly createId: IdFactory,
  ) {}

  async decide(
    decision: ScheduleProposalDecision,
    proposalId: string,
    decider: ScheduleProposalDecider,
    deliveryFor: DeliveryForDestination,
    sourceLinkFor?: SourceLinkForConfirm,
  ): Promise<ScheduleProposalResult> {
    const proposal = await this.store.scheduleProposals.getScheduleProposal(proposalId);
    if (!proposal) return { kind: 'done', sentence: SCHEDULE_PROPOSAL_SENTENCES.unknown };
    const mayDecide = decider.userId === proposal.owner.userId || personListMatches(this.admins, decider);
    if (!mayDecide) return { kind: 'refused', reason: SCHEDULE_PROPOSAL_SENTENCES.notAllowed(proposalOwnerName(proposal)) };
    if (proposal.state !== 'pending') return decidedAlready(proposal);
    const now = this.clock();
    if (now.getTime() > proposal.expiresAt.getTime()) return { kind: 'done', sentence: SCHEDULE_PROPOSAL_SENTENCES.expired };
    const name = decider.displayName ?? decider.userId;
    if (decision === 'cancel') {
      if (await this.store.scheduleProposals.cancelScheduleProposal(proposalId, decider.userId, now)) return { kind: 'done', sentence: SCHEDULE_PROPOSAL_SENTENCES.cancelled(name) };
      return this.decidedMeanwhile(proposalId);
    }
    const nextRunAt = nextOccurrence(proposal.cron, proposal.timeZone, now);
    if (!nextRunAt) return { kind: 'done', sentence: SCHEDULE_PROPOSAL_SENTENCES.neverRuns };
    const scheduleId = this.createId('schedule_');
    const sourceLink = sourceLinkFor ? await sourceLinkFor() : undefined;
    const saved = await this.store.scheduleProposals.confirmScheduleProposal(
      proposalId,
      {
        scheduleId,
        title: proposal.title,
        owner: proposal.owner,
        sourceThreadId: proposal.sourceThreadId,
        ...(sourceLink ? { sourceLink } : {}),
        cron: proposal.cron,
        timeZone: proposal.timeZone,
        queries: proposal.queries,
        ...(proposal.story ? { story: proposal.story } : {}),
        delivery: deliveryFor(proposal.destination, proposal.owner),
        ...(proposal.alert ? { alert: proposal.alert } : {}),
        skipUnchanged: proposal.skipUnchanged,
        nextRunAt,
        createdAt: now,
      },
      decider.userId,
      now,
    );
    if (!saved) return this.decidedMeanwhile(proposalId);
    return { kind: 'done', sentence: SCHEDULE_PROPOSAL_SENTENCES.scheduled(proposal.summary, scheduleId), scheduleId };
  }

  /** Another click decided it between the read and the write: answer as that one did. */
  private async decidedMeanwhile(proposalId: string): Promise<ScheduleProposalResult> {
    const proposal = await this.store.scheduleProposals.getScheduleProposal(proposalId);
    return proposal ? decidedAlready(proposal) : { kind: 'done', sentence: SCHEDULE_PROPOSAL_SENTENCES.unknown };
  }
}

function decidedAlready(proposal: ScheduleProposalRecord): ScheduleProposalResult {
  if (proposal.state === 'confirmed' && proposal.scheduleId) {
    return { kind: 'done', sentence: SCHEDULE_PROPOSAL_SENTENCES.scheduled(proposal.summary, proposal.scheduleId), scheduleId: proposal.scheduleId };
  }
  return { kind: 'done', sentence: SCHEDULE_PROPOSAL_SENTENCES.cancelled() };
}
