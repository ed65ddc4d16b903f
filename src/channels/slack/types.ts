// The adapter's public options and the dependencies its parts share once it runs.
import type { Express } from 'express';
import type { webApi } from '@slack/bolt';
import type { TurnHandler } from '../../conversations/types.js';
import type { StoredQueryResult } from '../../store/types.js';

export interface SlackChannelLogger {
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}

export interface SlackChannelOptions {
  /** The one HTTP server's express app; `/slack/events` is mounted on it (HTTP mode). */
  app: Express;
  handler: TurnHandler;
  botToken: string;
  signingSecret: string;
  /** `xapp-…`: when set, events arrive over Socket Mode and nothing is mounted on `app`. */
  appToken?: string;
  /** Web API base URL (GovSlack, tests). Default `https://slack.com/api/`. */
  slackApiUrl?: string;
  logger: SlackChannelLogger;
  now?: () => Date;
  /** Rows of a stored result for the CSV button; without it no CSV button is offered. */
  getQueryResult?: (threadId: string, queryId: string) => Promise<StoredQueryResult | undefined>;
  /** How long users.info answers are reused. Default 10 minutes. */
  userCacheTtlMs?: number;
  /** Web API retry policy (429s wait for Retry-After, then retry). Default: Slack's ten retries in ~30 minutes. */
  retryConfig?: webApi.RetryOptions;
}

export interface SlackChannel {
  /** Stops taking events, waits for running turns to post their answers (bounded), then returns. */
  stop(): Promise<void>;
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
}

export type SlackWebClient = webApi.WebClient;
