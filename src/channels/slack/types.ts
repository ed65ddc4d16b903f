// The adapter's public options and the dependencies its parts share once it runs.
import type { SlackUserGroupOptions } from './groups/slack-user-groups.js';
import type { Express } from 'express';
import type { webApi } from '@slack/bolt';
import type { AnswerFeedbackRecorder } from '../../conversations/answer-feedback.js';
import type { AnswerVerifier } from '../../verified/answer-verification.js';
import type { TurnJobs } from '../../conversations/turn-jobs.js';
import type { TurnHandler } from '../../conversations/types.js';
import type { SlackAccountLinking } from '../../identity/slack-account-linking.js';
import type { ScheduleManagement } from '../../schedules/schedule-controls.js';
import type { ScheduleDelivery } from '../../schedules/scheduled-post.js';
import type { StoredQueryResult } from '../../store/types.js';
import type { StorySource } from '../story-source.js';
import type { ChannelLogger } from '../channel-logger.js';
import type { PostRetryPolicy } from '../retry-transient.js';
import type { ResultReadCheck } from '../../access/result-access.js';
import type { MemoryDecisions } from '../../memory/memory-decisions.js';
import type { ScheduleProposalDecisions } from '../../schedules/schedule-proposal-decisions.js';

/** What the adapter uses of Slack account linking (docs/identity.md). */
export type SlackLinking = Pick<SlackAccountLinking, 'createSignInUrl' | 'onLinked' | 'unlinkUser' | 'isLinked' | 'linkedAccount'>;

/** Federated identity as the adapter sees it: `application.identity` fits. */
export interface SlackSignInOptions {
  /** Undefined when DATATHREAD_PUBLIC_URL is not set: sign-in prompts then tell the user to ask an admin. */
  slack?: SlackLinking | undefined;
}

export interface SlackChannelOptions {
  /** The one HTTP server's express app; `/slack/events` is mounted on it (HTTP mode). */
  app: Express;
  handler: TurnHandler;
  /**
   * The durable turn queue (the application's TurnQueue): events become jobs before Slack is
   * answered and survive a crash. Without it, turns run at once in this process only.
   */
  turns?: TurnJobs;
  botToken: string;
  signingSecret: string;
  /** `xapp-…`: when set, events arrive over Socket Mode and nothing is mounted on `app`. */
  appToken?: string;
  /** Web API base URL (GovSlack, tests). Default `https://slack.com/api/`. */
  slackApiUrl?: string;
  logger: ChannelLogger;
  now?: () => Date;
  /** Rows of a stored result for the CSV button; without it no CSV button is offered. */
  getQueryResult?: (threadId: string, queryId: string) => Promise<StoredQueryResult | undefined>;
  /** Stores 👍/👎 on answers; without it no feedback buttons are offered. */
  feedback?: Pick<AnswerFeedbackRecorder, 'record'>;
  /** The Verify action on answers; offered when it names verifiers (answer-verification.ts). */
  verification?: Pick<AnswerVerifier, 'offered' | 'verify'>;
  /**
   * Access rules on stored results (createResultReadCheck): whether the person who clicked Show SQL,
   * CSV or a story Re-post may read a result of that database. Without it every clicker may.
   */
  mayReadResult?: ResultReadCheck;
  /** Undo / Approve / Reject under memory notes (`application.memories`); without it those clicks are ignored. */
  memories?: Pick<MemoryDecisions, 'decide'>;
  /** The store and the config's `admins`, for the buttons under scheduled posts; without it those clicks are ignored. */
  schedules?: ScheduleManagement;
  /** Confirm / Cancel under proposed schedules (`application.scheduleProposals`); without it those clicks are ignored. */
  scheduleProposals?: Pick<ScheduleProposalDecisions, 'decide'>;
  /**
   * Stories and their versions (normally the application's store). With it, a story is posted as a
   * rich message (header, text, chart images, tables) with a Versions button, and older story
   * messages are marked superseded; without it, a story is announced in one line.
   */
  stories?: StorySource;
  /**
   * Federated identity (`application.identity`, present when a database uses auth_mode
   * azure_entra_id). With it: a "Connect your Microsoft account" prompt when a turn needs sign-in,
   * the question resumes after linking, `unlink` and the App Home Connect / Disconnect buttons.
   */
  identity?: SlackSignInOptions | undefined;
  /** How long users.info answers are reused. Default 10 minutes. */
  userCacheTtlMs?: number;
  /**
   * The Web API client's own retry policy for HTTP 429s (it waits for Retry-After), 5xx and broken
   * connections. Default SLACK_CLIENT_RETRY (two quick retries): the outbox retries on top of it.
   */
  retryConfig?: webApi.RetryOptions;
  /** How posts into a thread retry transient failures (ratelimited, internal_error, 5xx …). Default DEFAULT_POST_RETRY. */
  postRetry?: PostRetryPolicy;
  /**
   * Access by group (`application.groupMembership` and the Slack user groups the config names):
   * the user groups are read with usergroups.users.list, and a button click that shows stored data
   * checks the clicker's groups too. Without it, rules match Slack users by id and e-mail only.
   */
  groups?: SlackUserGroupOptions | undefined;
}

export interface SlackChannel {
  /** Stops taking events, waits for running turns to post their answers (bounded), then returns. */
  stop(): Promise<void>;
  /** Posts scheduled reports and alerts with the bot token. */
  scheduleDelivery: ScheduleDelivery;
}

/** Who the bot is in this workspace, from auth.test. */
export interface BotIdentity {
  userId: string;
  botId: string;
  teamId: string;
}

/** Where replies of one conversation go. */
export interface ReplyTarget {
  threadId: string;
  teamId: string;
  channelId: string;
  threadTs: string;
  isDirectMessage: boolean;
  /** The asker's own workspace when it is not the thread's (a Slack Connect partner). */
  askerTeamId?: string;
}

export type SlackWebClient = webApi.WebClient;
