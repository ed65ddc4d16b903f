// The adapter's public options and the shapes its parts share once it runs.
import type { EntraGroupOptions } from './groups/entra-groups.js';
import type { Express } from 'express';
import type { AnswerFeedbackRecorder } from '../../conversations/answer-feedback.js';
import type { MemoryDecisions } from '../../memory/memory-decisions.js';
import type { ScheduleProposalDecisions } from '../../schedules/schedule-proposal-decisions.js';
import type { AnswerVerifier } from '../../verified/answer-verification.js';
import type { TurnJobs } from '../../conversations/turn-jobs.js';
import type { TurnHandler } from '../../conversations/types.js';
import type { ChannelLogger } from '../channel-logger.js';
import type { ResultReadCheck } from '../../access/result-access.js';
import type { StoredQueryResult } from '../../store/types.js';
import type { HostedChartImages } from './render/chart-image.js';
import type { PostRetryPolicy } from '../retry-transient.js';
import type { TeamsAuthOptions } from './inbound/create-teams-adapter.js';
import type { TeamsSsoTokenStore } from './sign-in/sso-token-exchange.js';
import type { StorySource } from '../story-source.js';
import type { ThreadValues } from './stories/story-card-ledger.js';
import type { ScheduleManagement } from '../../schedules/schedule-controls.js';
import type { ScheduleDelivery } from '../../schedules/scheduled-post.js';

export interface TeamsChannelOptions {
  app: Express;
  handler: TurnHandler;
  /**
   * The durable turn queue (the application's TurnQueue): activities become jobs before Teams is
   * answered and survive a crash. Without it, turns run at once in this process only.
   */
  turns?: TurnJobs;
  auth: TeamsAuthOptions;
  logger: ChannelLogger;
  now?: () => Date;
  /** How often the typing indicator is re-sent (tests shorten it). */
  typingIntervalMs?: number;
  /** Whether answers in one-to-one chats are streamed (default true; channels and group chats never stream). */
  streamPersonalChats?: boolean;
  /** How often a streamed answer's text is updated in one-to-one chats (default 1,500 ms, the pace Teams recommends; tests and the bench may change it). */
  streamUpdateIntervalMs?: number;
  /** How long one streamed message stays open before the answer goes on in a new one (default 100 s, under Teams' two-minute limit; tests change it). */
  maxStreamLifetimeMs?: number;
  /** How posts into a conversation retry throttling (429), 5xx and broken connections. Default DEFAULT_POST_RETRY. */
  postRetry?: PostRetryPolicy;
  /**
   * The state store: stories are posted as cards (charts and tables drawn from stored results) with
   * Versions and Re-post buttons. Without it a story shows as a one-line note in the answer.
   */
  store?: StorySource;
  /**
   * Where the activity ids of story cards are kept (to mark an old version superseded). In memory
   * unless given; pass store-backed values to keep them across restarts (docs/teams.md, Stories).
   */
  storyCardValues?: ThreadValues;
  /**
   * Federated identity (docs/identity.md, Teams): present when a database uses
   * `auth_mode: azure_entra_id`. The asker's token is saved before their turns, a question that
   * needs sign-in gets an OAuth card, and resumes once they have signed in.
   */
  signIn?: TeamsSignInOptions;
  /**
   * Stores 👍/👎 (the Teams feedback loop) with the rated answer's question and SQL. Which answer
   * each message carries is kept in `storyCardValues` (store-backed in the composition root).
   */
  feedback?: Pick<AnswerFeedbackRecorder, 'record'>;
  /** The Verify action on answers; offered when it names verifiers (answer-verification.ts). */
  verification?: Pick<AnswerVerifier, 'offered' | 'verify'>;
  /** Signed download links to stored results (DATATHREAD_PUBLIC_URL and DATATHREAD_ENCRYPTION_KEY set): answers get CSV buttons. */
  csv?: TeamsCsvDownloads;
  /** Chart images kept where Teams fetches them (signed links; DATATHREAD_PUBLIC_URL and DATATHREAD_ENCRYPTION_KEY set): cards link their charts instead of carrying them. */
  chartImages?: HostedChartImages;
  /** The access rules for stored results: a story re-post checks the clicker's grants (as on Slack). */
  mayReadResult?: ResultReadCheck;
  /** Undo / Approve / Reject under memory notes (`application.memories`); without it those clicks are ignored. */
  memories?: Pick<MemoryDecisions, 'decide'>;
  /** The store and the config's `admins`, for the buttons under scheduled posts; without it those clicks are ignored. */
  schedules?: ScheduleManagement;
  /** Confirm / Cancel under proposed schedules (`application.scheduleProposals`); without it those clicks are ignored. */
  scheduleProposals?: Pick<ScheduleProposalDecisions, 'decide'>;
  /**
   * Access by group (`application.groupMembership`): a click that shows stored data checks the
   * clicker's groups too (named groups of the config, and Entra ID groups read by groups/entra-groups.ts
   * when `groupIds` names some). Without it, rules match Teams users by id and e-mail only.
   */
  groups?: EntraGroupOptions | undefined;
}

export interface TeamsSignInOptions {
  /** `application.identity` (`teams.saveSsoToken`, `teams.hasSsoToken` and `teams.signOut` are used). */
  identity: { teams: TeamsSsoTokenStore & { signOut(aadObjectId: string): Promise<void> } };
  /**
   * The Azure Bot OAuth connection (Azure AD v2, scope `api://botid-<app id>/access_as_user`);
   * `DATATHREAD_TEAMS_OAUTH_CONNECTION`. Without it, a question that needs sign-in gets a note
   * saying what an administrator must set.
   */
  oauthConnectionName?: string;
  /** The Bot Framework token service; unset: the SDK's default (https://api.botframework.com). */
  tokenServiceUrl?: string;
  /**
   * Where waiting questions are remembered; default: the channel's `storyCardValues` (store-backed
   * in production), else memory.
   */
  pendingValues?: ThreadValues;
}

export interface TeamsCsvDownloads {
  /** A signed link to the result as CSV, issued to `userId` (server/csv-download-links.ts). */
  linkFor(threadId: string, queryId: string, userId: string): string;
  /** How long a link works. */
  ttlMs: number;
  getQueryResult(threadId: string, queryId: string): Promise<StoredQueryResult | undefined>;
  /** The access rules for stored results: the clicker is not always the asker. */
  mayReadResult?: ResultReadCheck;
}

export interface TeamsChannel {
  /** Refuses new activities (503) and waits for the turns already accepted. */
  stop(): Promise<void>;
  /** Resolves once every turn accepted so far has been answered (tests, graceful shutdown). */
  idle(): Promise<void>;
  /** Posts scheduled reports and alerts proactively, with each schedule's stored conversation reference. */
  scheduleDelivery: ScheduleDelivery;
}

/** Where replies of one conversation go: the Bot Framework conversation and its two parties. */
export interface ReplyTarget {
  channelId: string;
  serviceUrl: string;
  conversation: { id: string; conversationType?: string; tenantId?: string; isGroup?: boolean };
  /** The bot (from) and the person it answers (recipient). */
  bot: { id?: string; name?: string };
  user: { id?: string; name?: string; aadObjectId?: string };
}
