// Everything the listeners share once the channel runs, built once in attach-teams-channel.ts.
import type { GroupMembership } from '../../access/group-membership.js';
import type { CloudAdapter, TurnContext, UserTokenClient } from '@microsoft/agents-hosting';
import type { TurnJobs } from '../../conversations/turn-jobs.js';
import type { TurnHandler } from '../../conversations/types.js';
import type { ChannelLogger } from '../channel-logger.js';
import type { ResultReadCheck } from '../../access/result-access.js';
import type { MemoryDecisions } from '../../memory/memory-decisions.js';
import type { ScheduleProposalDecisions } from '../../schedules/schedule-proposal-decisions.js';
import type { TeamsChannelOptions, TeamsCsvDownloads } from './types.js';
import type { HostedChartImages } from './render/chart-image.js';
import type { TeamsFeedback } from './actions/feedback-invoke.js';
import type { SentCardMemory } from './actions/sent-card-memory.js';
import type { TeamsSignIn } from './sign-in/teams-sign-in.js';
import type { StorySource } from '../story-source.js';
import type { StoryCardLedger } from './stories/story-card-ledger.js';
import type { BackgroundTasks } from './turns/background-tasks.js';
import type { ScheduleManagement } from '../../schedules/schedule-controls.js';
import type { ScheduleCardLedger } from './schedules/schedule-card-ledger.js';

export interface ChannelContext {
  adapter: CloudAdapter;
  handler: TurnHandler;
  /** Accepted activities become turn jobs here, before Teams is answered. */
  turns: TurnJobs;
  logger: ChannelLogger;
  /** The channel's clock. */
  now: () => Date;
  work: BackgroundTasks;
  sentCards: SentCardMemory;
  typingIntervalMs?: number | undefined;
  streamUpdateIntervalMs?: number | undefined;
  maxStreamLifetimeMs?: number | undefined;
  streamPersonalChats: boolean;
  /** Present when the channel has the store: stories are posted as cards of their own. */
  stories?: { store: StorySource; ledger: StoryCardLedger } | undefined;
  /** Present with federated identity. */
  signIn?: TeamsSignIn | undefined;
  /** Present when feedback is stored: answers carry Teams' 👍/👎 and the invoke is answered. */
  feedback?: TeamsFeedback | undefined;
  /** Present when verifiers are configured: answers get Verify, and its clicks are handled. */
  verification?: TeamsChannelOptions['verification'] | undefined;
  /** Present when CSV download links can be made: answers get CSV buttons. */
  csv?: TeamsCsvDownloads | undefined;
  /** Where cards link their charts from (DATATHREAD_PUBLIC_URL set); inline images otherwise. */
  chartImages?: HostedChartImages | undefined;
  /** The access rules for stored results (story re-posts); absent when every reader may read every result. */
  mayReadResult?: ResultReadCheck | undefined;
  /** Undo / Approve / Reject under memory notes; absent: those clicks are logged and ignored. */
  memories?: Pick<MemoryDecisions, 'decide'> | undefined;
  /** Confirm / Cancel under proposed schedules; absent: those clicks are logged and ignored. */
  scheduleProposals?: Pick<ScheduleProposalDecisions, 'decide'> | undefined;
  /** Resolves a clicker's groups for `mayReadResult`; undefined when access by group is not set up. */
  groupMembership: GroupMembership | undefined;
  /** Pause / Resume / Edit time / Delete under scheduled posts; absent: those clicks are logged and ignored. */
  schedules?: ScheduleManagement | undefined;
  /** The latest card of each schedule, so a click can redraw it. */
  scheduleCards: ScheduleCardLedger;
}

/** The token service client the SDK put on this turn's context (undefined in local mode). */
export function userTokenClientOf(context: ChannelContext, turnContext: TurnContext): UserTokenClient | undefined {
  return turnContext.turnState.get<UserTokenClient | undefined>(context.adapter.UserTokenClientKey);
}
