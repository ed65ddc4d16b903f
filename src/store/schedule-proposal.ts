// A schedule the agent proposed and nobody has confirmed yet. The `schedule` tool stores it (so a
// click after a restart, on any replica, still finds it) and the channel shows its summary with
// Confirm / Cancel; only Confirm turns it into a schedule. Where it posts is settled at the click,
// by the channel that shows it: `where` says whether into the thread or the channel as a new message.
import type { AlertCondition, ScheduledQuery, ScheduledStory, ScheduleOwner } from './schedule-types.js';

/** A proposal not decided within a day is expired: the words it was made from are long gone. */
export const SCHEDULE_PROPOSAL_TTL_MS = 24 * 60 * 60 * 1000;

export const SCHEDULE_DESTINATIONS = ['thread', 'channel'] as const;
export type ScheduleDestination = (typeof SCHEDULE_DESTINATIONS)[number];

export type ScheduleProposalState = 'pending' | 'confirmed' | 'cancelled';

export interface NewScheduleProposal {
  proposalId: string;
  title: string;
  /** The asker: the schedule's owner once confirmed, and (with the admins) the only one who may confirm. */
  owner: ScheduleOwner;
  sourceThreadId: string;
  cron: string;
  timeZone: string;
  queries: ScheduledQuery[];
  story?: ScheduledStory | undefined;
  destination: ScheduleDestination;
  alert?: AlertCondition | undefined;
  skipUnchanged: boolean;
  /** The plain-words summary shown with the buttons (describe-schedule.ts). */
  summary: string;
  createdAt: Date;
  expiresAt: Date;
}

export interface ScheduleProposalRecord extends NewScheduleProposal {
  state: ScheduleProposalState;
  /** The schedule Confirm saved (confirmed proposals only). */
  scheduleId: string | null;
  /** Who confirmed or cancelled it. */
  decidedBy: string | null;
  decidedAt: Date | null;
}

/** What a turn shows in the thread for a proposal: the summary with Confirm / Cancel. Part of the reply plan. */
export interface ScheduleProposalNote {
  proposalId: string;
  summary: string;
  /** Who may confirm, as the thread knows them (display name, else the user id). */
  ownerName: string;
}
