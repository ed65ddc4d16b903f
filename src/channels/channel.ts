// What a chat channel is, for the compiler: every piece a channel must provide, named once. Slack
// (slack/slack-channel.ts) and Teams (teams/teams-channel.ts) implement it; attach-channels.ts
// starts every channel through it; test/channels/renderer-contract.test.ts checks that their
// renderers show the same reply plan alike. A third channel that leaves a piece out does not compile.
import type { Express } from 'express';
import type { Application } from '../application.js';
import type { ChartPlacement } from '../charts/chart-layout.js';
import type { Environment } from '../config/environment.js';
import type { ReplyPlan } from '../conversations/reply-plan.js';
import type { TurnJobExecutor } from '../conversations/turn-jobs.js';
import type { TurnRequest } from '../conversations/types.js';
import type { Logger } from '../logging/logger.js';
import type { StoredChartImages } from '../server/chart-image-store.js';
import type { CsvDownloadLinks } from '../server/csv-download-links.js';
import type { ScheduleDelivery } from '../schedules/scheduled-post.js';
import type { Platform } from '../support/platforms.js';

/** What every channel is started with: the shared HTTP app, the environment and the application. */
export interface ChannelStartOptions {
  app: Express;
  environment: Environment;
  application: Application;
  logger: Logger;
  /** Signed CSV download links; absent without DATATHREAD_PUBLIC_URL and DATATHREAD_ENCRYPTION_KEY. */
  csvLinks?: CsvDownloadLinks;
  /** Chart images behind signed links; absent under the same conditions. */
  chartImages?: StoredChartImages;
}

export interface StartedChannel {
  /** How it runs, for the start-up log ("slack (socket mode)"). */
  name: string;
  stop(): Promise<void>;
  /** How the scheduler posts this platform's schedules; absent while the channel cannot post them. */
  scheduleDelivery?: ScheduleDelivery;
}

/** The buttons every channel offers (conversations/reply-plan.ts decides when), each with what handles its click. */
export type ChannelAction = 'followUp' | 'clarification' | 'retry' | 'stop' | 'showSql' | 'csv' | 'feedback';

/** Any function: a piece whose arguments are the channel's own, checked where the channel calls it. */
type ChannelFunction<Result = unknown> = (...args: never[]) => Result;

/** Posting into one thread: post, and what could not be posted after every retry. */
export interface ChannelOutbox {
  post: ChannelFunction<Promise<unknown>>;
  readonly undelivered: string[];
}

export interface Channel<Context, Reply, Rendered> {
  /** The platform's name in thread ids, turn jobs, user keys and access rules. */
  readonly platform: Platform;
  /** "Slack" / "Teams", for the log. */
  readonly displayName: string;
  /** How this channel shows a chart; the width a reader sees it at sets its text sizes (charts/chart-layout.ts). */
  readonly chartPlacement: ChartPlacement;
  /**
   * Whether a turn here may make a schedule: the channel posts scheduled reports and shows the
   * proposal's Confirm / Cancel. The engine gives the asker scheduling only then (`runChannelTurn`
   * hands it over), so no list of platforms in the core decides it.
   */
  readonly offersSchedules: boolean;
  /** Reads its settings from the environment and starts; undefined (after logging why) when it is not configured. */
  start(options: ChannelStartOptions): Promise<StartedChannel | undefined>;
  /** Inbound events → turn requests (with dedupe keys). */
  readonly turnRequest: ChannelFunction<TurnRequest>;
  /** Turn jobs: the executor that runs this channel's turn jobs in any replica, registered under `platform`. */
  turnExecutor(context: Context): TurnJobExecutor<Reply>;
  /** The renderer: the reply plan in the platform's markup, within its limits. */
  renderReply(plan: ReplyPlan, options: never): Rendered | Promise<Rendered>;
  /** The outbox of one thread. */
  readonly outbox: abstract new (...args: never[]) => ChannelOutbox;
  /** Federated sign-in: asks the asker to sign in before a database can be queried as them. */
  readonly signIn: ChannelFunction;
  /** What handles each button's click. */
  readonly actions: Record<ChannelAction, ChannelFunction>;
}
