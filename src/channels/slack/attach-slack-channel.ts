// Composition of the Slack channel: verify the token, build the Bolt app (HTTP on the shared
// server, or Socket Mode with an app token), register the listeners, return a stop handle.
import { App, webApi } from '@slack/bolt';
import { registerAccountLinking } from './sign-in/account-linking-listeners.js';
import { registerAppHome } from './sign-in/app-home.js';
import { createBackgroundTasks } from './turns/background-tasks.js';
import { createSlackTurnExecutor } from './turns/slack-turn-jobs.js';
import { createInProcessTurnJobs } from '../in-process-turn-jobs.js';
import { EventNotAcceptedError } from '../event-not-accepted.js';
import { createBoltLogger } from './inbound/bolt-logger.js';
import type { ChannelContext } from './channel-context.js';
import { registerAssistantListeners } from './inbound/assistant-listeners.js';
import { registerEventListeners } from './inbound/event-listeners.js';
import { mountHttpReceiver, SLACK_EVENTS_PATH } from './inbound/mount-http-receiver.js';
import { registerFeedbackListeners } from './actions/feedback-listeners.js';
import { registerMemoryListeners } from './actions/memory-listeners.js';
import { registerScheduleConfirmationListeners } from './schedules/schedule-confirmation-listeners.js';
import { registerVerifyListener } from './actions/verify-listener.js';
import { registerQueryActionListeners } from './actions/query-action-listeners.js';
import { registerStopActionListener } from './actions/stop-action-listener.js';
import { registerForeignThreadGuard } from './actions/foreign-thread-guard.js';
import { registerForeignButtonListener } from './actions/foreign-button-listener.js';
import { registerStoryActionListeners } from './stories/story-action-listeners.js';
import { registerTurnActionListeners } from './actions/turn-action-listeners.js';
import type { SlackChannel, SlackChannelOptions } from './types.js';
import { readSlackUserGroups } from './groups/slack-user-groups.js';
import { createUserDirectory } from './inbound/user-directory.js';
import { checkSlackSettings, fetchBotIdentity } from './inbound/verify-credentials.js';
import { createSlackScheduleDelivery } from './schedules/slack-schedule-delivery.js';
import { registerScheduleManageListeners } from './schedules/schedule-manage-clicks.js';

export const DEFAULT_SLACK_API_URL = 'https://slack.com/api/';

// Slack's client default is ten retries over about thirty minutes, far longer than anyone waits in
// a thread; the outbox's own bounded retry (post-retry.ts) handles longer outages and then says so.
const SLACK_CLIENT_RETRY: webApi.RetryOptions = { retries: 2, factor: 2, minTimeout: 500, maxTimeout: 2_000, randomize: true };

export async function attachSlackChannel(options: SlackChannelOptions): Promise<SlackChannel> {
  checkSlackSettings(options);
  const { logger } = options;
  const now = options.now ?? (() => new Date());
  const boltLogger = createBoltLogger(logger);
  const clientOptions: webApi.WebClientOptions = {
    slackApiUrl: withTrailingSlash(options.slackApiUrl ?? DEFAULT_SLACK_API_URL),
    logger: boltLogger,
    retryConfig: options.retryConfig ?? SLACK_CLIENT_RETRY,
  };
  const bot = await fetchBotIdentity(new webApi.WebClient(options.botToken, clientOptions));

  const socketMode = options.appToken !== undefined;
  const mounted = socketMode ? undefined : mountHttpReceiver(options.app, options.signingSecret, boltLogger);
  const app = new App({
    token: options.botToken,
    botId: bot.botId,
    botUserId: bot.userId,
    logger: boltLogger,
    clientOptions,
    // Conversation state lives in the store, not in Bolt's in-memory convo store.
    convoStore: false,
    ...(mounted ? { receiver: mounted.receiver } : { socketMode: true, appToken: options.appToken }),
  });
  app.error(async (error) => {
    logger.error('Slack listener failed.', { error: error.message, code: error.code });
    // Thrown on, Bolt answers 500 instead of the 200 it stored when it acked: an event that was not
    // stored must not be acknowledged, so Slack delivers it again.
    if (error instanceof EventNotAcceptedError) throw error;
  });

  if (options.groups) readSlackUserGroups(app.client, options.groups);
  const tasks = createBackgroundTasks(logger);
  const context: ChannelContext = {
    client: app.client,
    handler: options.handler,
    logger,
    now,
    bot,
    tasks,
    users: createUserDirectory({ client: app.client, logger, now, ttlMs: options.userCacheTtlMs }),
    assistantStatus: { available: true },
    streaming: { available: true },
    offerCsv: options.getQueryResult !== undefined,
    getQueryResult: options.getQueryResult,
    offerFeedback: options.feedback !== undefined,
    feedback: options.feedback,
    offerVerify: options.verification?.offered === true,
    verification: options.verification,
    mayReadResult: options.mayReadResult,
    memories: options.memories,
    schedules: options.schedules,
    scheduleProposals: options.scheduleProposals,
    groupMembership: options.groups?.membership,
    stories: options.stories,
    identity: options.identity,
    postRetry: options.postRetry,
    turns: options.turns ?? createInProcessTurnJobs({ runDetached: (task) => tasks.run('turn', task) }),
  };
  context.turns.register('slack', createSlackTurnExecutor(context));
  registerForeignThreadGuard(app, context);
  registerForeignButtonListener(app, context);
  registerEventListeners(app, context, { socketMode });
  registerAssistantListeners(app, context);
  registerTurnActionListeners(app, context);
  registerStopActionListener(app, context);
  registerQueryActionListeners(app, context);
  registerFeedbackListeners(app, context);
  registerMemoryListeners(app, context);
  registerScheduleConfirmationListeners(app, context);
  registerVerifyListener(app, context);
  registerStoryActionListeners(app, context);
  registerScheduleManageListeners(app, context);
  registerAppHome(app, context);
  const stopResumingAfterSignIn = registerAccountLinking(app, context);

  if (socketMode) await app.start();
  logger.info(socketMode ? 'Slack connected over Socket Mode.' : `Slack listening on ${SLACK_EVENTS_PATH}.`, { botUserId: bot.userId, teamId: bot.teamId });

  let stopped = false;
  return {
    scheduleDelivery: createSlackScheduleDelivery(app.client),
    async stop() {
      if (stopped) return;
      stopped = true;
      stopResumingAfterSignIn();
      mounted?.detach();
      if (socketMode) await app.stop();
      await tasks.drain();
    },
  };
}

function withTrailingSlash(url: string): string {
  return url.endsWith('/') ? url : `${url}/`;
}
